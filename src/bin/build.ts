/** `npm run build` and `npm run check`: the content folder checked and its deployment written. */
import { limitHeapGrowth } from '../build/command/heap-growth.ts';
import { runBuild } from '../build/command/run-build.ts';

limitHeapGrowth();
process.exitCode = await runBuild(process.argv.slice(2));
