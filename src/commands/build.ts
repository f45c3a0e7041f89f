/** `npm run build` and `npm run check`: the content folder checked and its deployment written. */
import { runBuild } from '../build/command/run-build.ts';

process.exitCode = await runBuild(process.argv.slice(2));
