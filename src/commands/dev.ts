/** `npm run dev`: the blog served from memory, rebuilt on every change to the content folder. */
import { runDev } from '../build/dev/server.ts';

process.exitCode = await runDev(process.argv.slice(2));
