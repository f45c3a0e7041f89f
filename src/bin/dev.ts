/** `npm run dev`: the blog served from memory, rebuilt on every change to the content folder. */
import { limitHeapGrowth } from '../build/command/heap-growth.ts';
import { runDev } from '../build/dev/server.ts';

limitHeapGrowth();
process.exitCode = await runDev(process.argv.slice(2));
