/** Starts real servers on free loopback ports for the integration tests. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../bench/free-port.ts';
import { spawnGroup, stopProcess } from './process-groups.ts';
import { RUNTIMES_BIN } from './runtimes.ts';

export { freePort, spawnGroup, stopProcess };

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = resolve(ROOT, 'node_modules/.bin');
/**
 * The project the servers run in, the tests' own: laid out as `npm run build` leaves this repository
 * (dist/public, dist/node.mjs and the edge bundles) with copies of the platforms' entry files
 * (api/folio.js, deploy/netlify/folio.js, wrangler.toml), built by test/global-setup.ts from a
 * fixture blog. The repository's own dist/ stays the sample blog's, for `npm start`.
 */
export const TEST_PROJECT = resolve(ROOT, 'test/artifacts/project');

export interface RunningServer {
  url: string;
  /** The process started (for what only its /proc entry tells: memory, open files). */
  pid: number;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The server `start` starts, with `remove` (of the temporary folder it serves from) done once it
 * stops, or at once when it fails to start.
 */
export async function removedWhenStopped(
  start: () => Promise<RunningServer>,
  remove: () => void,
): Promise<RunningServer> {
  try {
    const server = await start();
    return {
      ...server,
      stop: async () => {
        await server.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Spawns `command` in `cwd` with PORT, HOST and BASE_URL set for a free loopback port and waits
 * until it answers HTTP (on a site path, so the API quota is untouched).
 */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
  cwd = ROOT,
): Promise<RunningServer> {
  // A server built for its own address is started on the port that address names.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnGroup(command, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return runningServer(child, url, timeoutMs);
}

/** A spawned server with its output kept, once it answers at `url`; stopped if it never does. */
export async function runningServer(
  child: ChildProcess,
  url: string,
  timeoutMs: number,
): Promise<RunningServer> {
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const server: RunningServer = {
    url,
    pid: child.pid as number,
    output: () => log,
    stop: () => stopProcess(child),
  };
  try {
    await waitUntilAnswering(url, child, server.output, timeoutMs);
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Waits until the server `child` started answers HTTP on `url` (on a site path, so the API quota
 * is untouched); throws with everything it printed when it exits or `timeoutMs` runs out first.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const command = child.spawnargs.join(' ');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(`${url}/.well-known/folio-readiness-probe`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${command} did not answer on ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** startProcess in a project laid out as `npm run build` leaves this repository (by default the tests' own). */
function startInProject(
  project: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<RunningServer> {
  return startProcess(command, args, env, timeoutMs, project);
}

/** The Node adapter as `npm start` runs it (the bundle built by the global setup). */
export function startNode(env: Record<string, string> = {}, project = TEST_PROJECT): Promise<RunningServer> {
  return startInProject(project, process.execPath, [resolve(project, 'dist/node.mjs')], env);
}

/** The Bun adapter, run from source by the bun binary of the test runtimes. */
export function startBun(env: Record<string, string> = {}, project = TEST_PROJECT): Promise<RunningServer> {
  return startInProject(
    project,
    resolve(RUNTIMES_BIN, 'bun'),
    ['run', resolve(ROOT, 'src/adapters/bun.ts')],
    env,
  );
}

/** dist/vercel.js in Vercel's Edge Runtime (the edge-runtime package), behind Vercel's header rules. */
export function startVercel(
  env: Record<string, string> = {},
  project = TEST_PROJECT,
): Promise<RunningServer> {
  return startInProject(project, process.execPath, [resolve(ROOT, 'test/support/edge-runtime.mjs')], env);
}

/** dist/netlify.js in Deno (of the test runtimes), called the way Netlify Edge Functions are. */
export function startNetlify(
  env: Record<string, string> = {},
  project = TEST_PROJECT,
): Promise<RunningServer> {
  const script = resolve(ROOT, 'test/support/netlify-deno.ts');
  const permissions = ['--allow-net=127.0.0.1', '--allow-env', `--allow-read=${ROOT}`];
  const args = ['run', '--no-remote', '--no-npm', '--no-config', ...permissions, script];
  return startInProject(project, resolve(RUNTIMES_BIN, 'deno'), args, { DENO_NO_UPDATE_CHECK: '1', ...env });
}

/** dist/cloudflare.js as a module worker in workerd, through Miniflare. */
export function startCloudflare(
  env: Record<string, string> = {},
  project = TEST_PROJECT,
): Promise<RunningServer> {
  const script = resolve(ROOT, 'test/support/miniflare.mjs');
  return startInProject(project, process.execPath, [script], env, 60_000);
}

/** The public address the global setup built the test project for (its fixture's baseUrl). */
export function builtBaseUrl(): string {
  const manifest = resolve(TEST_PROJECT, 'dist/public/_folio/manifest.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).baseUrl;
}
