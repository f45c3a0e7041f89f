/**
 * `netlify dev` (the Netlify CLI of the test runtimes, on the Node 22 it requires) over the
 * project's netlify.toml, offline. Left to itself it downloads two things before its Edge
 * Functions can answer, so offline it serves the static bodies alone and every other path is 404:
 * - the Edge Functions runtime, `https://v<version>--edge.netlify.com/bootstrap/index-combined.ts`
 *   (the version its @netlify/edge-functions-bootstrap names). NETLIFY_EDGE_BOOTSTRAP points it at
 *   the local bootstrap of @netlify/edge-functions-dev instead, which the CLI installs with itself
 *   (through @netlify/dev) for Netlify's own local emulation;
 * - `https://edge.netlify.com/bootstrap/globals/types.ts`, which the extractor of each function's
 *   `config` (path, excludedPath) imports for a type only. An import map (netlify.toml's
 *   `[functions] deno_import_map`, the documented setting) maps it to an empty module.
 * Deno is the test runtimes' own, first on PATH, so the CLI downloads no Deno either. The
 * configuration runs in a temporary project whose dist/ is the test project's, as wrangler's does.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pinnedNode } from './pinned-node.ts';
import { RUNTIMES_BIN } from './runtimes.ts';
import {
  freePort,
  ROOT,
  type RunningServer,
  removedWhenStopped,
  runningServer,
  spawnGroup,
  TEST_PROJECT,
} from './server.ts';

const CLI = resolve(ROOT, 'test/node_modules/netlify-cli/package.json');
const IMPORTED_FOR_A_TYPE = 'https://edge.netlify.com/bootstrap/globals/types.ts';

/** The Edge Functions bootstrap of the local emulation the CLI installed, as a file URL. */
function localBootstrap(): string {
  const dev = createRequire(CLI).resolve('@netlify/dev');
  const emulation = createRequire(dev).resolve('@netlify/edge-functions-dev');
  return pathToFileURL(resolve(dirname(emulation), '../deno/bootstrap.mjs')).href;
}

/** A temporary project: netlify.toml with the offline import map, the Edge Function, the test project's dist/. */
function netlifyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-netlify-'));
  const config = readFileSync(resolve(ROOT, 'netlify.toml'), 'utf8');
  if (/^\[functions\]/m.test(config))
    throw new Error('netlify.toml has a [functions] section: merge the import map into it');
  writeFileSync(
    join(dir, 'netlify.toml'),
    `${config}\n[functions]\ndeno_import_map = "offline/import-map.json"\n`,
  );
  mkdirSync(join(dir, 'offline'));
  writeFileSync(join(dir, 'offline/types.ts'), 'export {};\n');
  writeFileSync(
    join(dir, 'offline/import-map.json'),
    JSON.stringify({ imports: { [IMPORTED_FOR_A_TYPE]: './types.ts' } }),
  );
  mkdirSync(join(dir, 'deploy/netlify'), { recursive: true });
  copyFileSync(resolve(ROOT, 'deploy/netlify/folio.js'), join(dir, 'deploy/netlify/folio.js'));
  symlinkSync(resolve(TEST_PROJECT, 'dist'), join(dir, 'dist'), 'dir');
  return dir;
}

/** `netlify dev --offline` on a free loopback port, serving the project in `dir`. */
async function netlifyDevIn(dir: string): Promise<RunningServer> {
  const [port, targetPort] = [await freePort(), await freePort()];
  const node = pinnedNode('node-22');
  const args = ['dev', '--offline', '--port', String(port), '--target-port', String(targetPort)];
  const child = spawnGroup(node, [resolve(dirname(CLI), 'bin/run.js'), ...args, '--skip-gitignore'], {
    cwd: dir,
    env: {
      ...process.env,
      PATH: [RUNTIMES_BIN, dirname(node), process.env.PATH].join(delimiter),
      NETLIFY_EDGE_BOOTSTRAP: localBootstrap(),
      XDG_CONFIG_HOME: join(dir, '.config'),
      BROWSER: 'none',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return runningServer(child, `http://127.0.0.1:${port}`, 120_000);
}

/** `netlify dev --offline` on a free loopback port, in a temporary project removed when it stops. */
export async function startNetlifyDev(): Promise<RunningServer> {
  const dir = netlifyProject();
  return removedWhenStopped(
    () => netlifyDevIn(dir),
    () => rmSync(dir, { recursive: true, force: true }),
  );
}
