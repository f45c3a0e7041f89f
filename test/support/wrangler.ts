/**
 * The wrangler CLI of the test runtimes (test/package.json), run on the Node 22 it requires (test/support/node-22), over
 * the project's wrangler.toml, offline: no metrics, no banner (its npm update check), no fetch of
 * the request.cf data. The configuration is copied without its [build] step into a temporary
 * project whose dist/ is the test project's: the global setup has built it, and a rebuild would
 * rewrite dist/ under the other suites.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pinnedNode } from './pinned-node.ts';
import {
  freePort,
  ROOT,
  type RunningServer,
  removedWhenStopped,
  runningServer,
  spawnGroup,
  TEST_PROJECT,
} from './server.ts';

const WRANGLER = resolve(ROOT, 'test/node_modules/wrangler/bin/wrangler.js');

export interface WranglerProject {
  dir: string;
  remove: () => void;
}

/** A temporary project: wrangler.toml without [build], and dist/ linked to the test project's. */
export function wranglerProject(): WranglerProject {
  const dir = mkdtempSync(join(tmpdir(), 'folio-wrangler-'));
  const config = readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8');
  writeFileSync(join(dir, 'wrangler.toml'), config.replace(/^\[build\]\n[^[]*/m, ''));
  symlinkSync(resolve(TEST_PROJECT, 'dist'), join(dir, 'dist'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function offlineEnv(project: WranglerProject): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    XDG_CONFIG_HOME: join(project.dir, '.config'),
    NO_COLOR: '1',
  };
}

/** Runs `wrangler ...args` in the project to its end. */
export function runWrangler(
  project: WranglerProject,
  args: string[],
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      pinnedNode('node-22'),
      [WRANGLER, ...args],
      { cwd: project.dir, env: offlineEnv(project), timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** `wrangler dev` (local mode, workerd) on a free loopback port, serving the worker and its assets. */
export async function startWranglerDev(project: WranglerProject): Promise<RunningServer> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const args = [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
  ];
  const child = spawnGroup(
    pinnedNode('node-22'),
    [WRANGLER, ...args, '--show-interactive-dev-session=false'],
    {
      cwd: project.dir,
      env: offlineEnv(project),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return runningServer(child, url, 60_000);
}

/** `wrangler dev` in a temporary project of its own, removed when the server stops. */
export async function startWrangler(): Promise<RunningServer> {
  const project = wranglerProject();
  return removedWhenStopped(() => startWranglerDev(project), project.remove);
}
