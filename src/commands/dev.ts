/** `npm run dev`: the blog served from memory, rebuilt on every change to the content folder. */
import { runDev } from '../../scripts/dev.ts';

process.exitCode = await runDev(process.argv.slice(2));
