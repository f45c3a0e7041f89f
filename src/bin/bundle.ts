/** `npm run build`'s second step (postbuild): the deployable functions of the deployment just built. */
import { runBundle } from '../build/bundle/run-bundle.ts';

process.exitCode = await runBundle(process.argv.slice(2));
