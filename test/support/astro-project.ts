/**
 * An Astro site with Folio's integration, as its owner has it: the fixture's files in a project of
 * their own whose node_modules holds Folio installed from its tarball (test/support/packed-folio.ts)
 * and the test runtimes' Astro (7, or 6 as `astro-6`), which the `astro` command runs on the Node 22
 * of the test runtimes (Astro needs 22.12 or later).
 */
import { type ExecFileException, execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIXTURES } from './fixtures.ts';
import type { InstalledFolio } from './packed-folio.ts';
import { pinnedNode } from './pinned-node.ts';
import { RUNTIMES_BIN } from './runtimes.ts';
import { freePort, type RunningServer, runningServer, spawnGroup } from './server.ts';

export const ASTRO_FIXTURE = resolve(FIXTURES, 'astro-integration');
/** The Astro packages of the test runtimes: the current major and the one before it. */
export type AstroPackage = 'astro' | 'astro-6';

/** A new project with the fixture's files, Folio from `installed` and the Astro of `astro`. */
export function astroProject(installed: InstalledFolio, astro: AstroPackage): string {
  const project = mkdtempSync(join(tmpdir(), `astro-site-${astro}-`));
  cpSync(ASTRO_FIXTURE, project, { recursive: true });
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(
    realpathSync(join(installed.project, 'node_modules/folio')),
    join(project, 'node_modules/folio'),
  );
  symlinkSync(
    realpathSync(resolve(import.meta.dirname, '../node_modules', astro)),
    join(project, 'node_modules/astro'),
  );
  return project;
}

/** The `astro` command of the project, on Node 22. */
function astroCommand(project: string, args: string[]): [string, string[]] {
  return [pinnedNode('node-22'), [join(project, 'node_modules/astro/bin/astro.mjs'), ...args]];
}

/**
 * The environment of an `astro` command: this process's without Vitest's own settings (Astro's dev
 * server serves no page where VITEST is set) and NODE_ENV, which Astro sets for each command.
 */
function astroEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV',
  );
  return { ...Object.fromEntries(inherited), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env };
}

export interface AstroRun {
  code: number;
  output: string;
}

/** `astro build` in the project: its exit code and everything it printed. */
export function astroBuild(project: string, env: Record<string, string> = {}): Promise<AstroRun> {
  const [command, args] = astroCommand(project, ['build']);
  return new Promise((done) =>
    execFile(
      command,
      args,
      { cwd: project, env: astroEnv(env), timeout: 180_000 },
      (error: ExecFileException | null, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
}

/** `astro dev` in the project on a free loopback port, once it answers. */
export async function astroDev(project: string): Promise<RunningServer> {
  const port = await freePort();
  const [command, args] = astroCommand(project, ['dev', '--host', '127.0.0.1', '--port', String(port)]);
  const child = spawnGroup(command, args, {
    cwd: project,
    env: astroEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return runningServer(child, `http://127.0.0.1:${port}`, 60_000);
}

/** Replaces `text` by `by` in a file of the project (a config made to fail, for one). */
export function editProjectFile(project: string, file: string, text: string, by: string): void {
  const path = join(project, file);
  writeFileSync(path, readFileSync(path, 'utf8').replace(text, by));
}

/** Puts test/support/astro-capture.mjs before Folio in the project's integrations: what Astro wrote goes to `astro-wrote/`. */
export function keepWhatAstroWrote(project: string): string {
  const config = join(project, 'astro.config.mjs');
  const capture = resolve(import.meta.dirname, 'astro-capture.mjs');
  const text = readFileSync(config, 'utf8').replace(
    'integrations: [folio(',
    'integrations: [captured(), folio(',
  );
  writeFileSync(config, `import captured from ${JSON.stringify(capture)};\n${text}`);
  return join(project, 'astro-wrote');
}

/**
 * How a built site is served: by the installed package's `folio serve dist`, or by the function
 * the integration wrote for a platform: the Node server of .folio/ on Node, the Worker of .folio/
 * in Cloudflare's workerd, the Edge Function of .netlify/ in Deno as Netlify runs it, and the
 * Vercel function of .folio/ in Vercel's Edge Runtime.
 */
export type AstroRuntime = 'folio serve' | 'node' | 'cloudflare' | 'netlify' | 'vercel';

/** What `wrangler.toml` says for the site's Worker, as docs/astro.md has it. */
const WRANGLER = `name = "field-lab"
main = ".folio/cloudflare.js"
compatibility_date = "2025-12-01"
no_bundle = true
find_additional_modules = false

[assets]
directory = "dist"
binding = "ASSETS"
run_worker_first = true
html_handling = "none"
not_found_handling = "none"
`;

/**
 * test/support/netlify-deno.ts runs deploy/netlify/folio.js in front of netlify.toml's publish
 * folder: here that file hands over to the function Netlify finds in .netlify/, paths and all.
 */
function netlifyProject(project: string): void {
  mkdirSync(join(project, 'deploy/netlify'), { recursive: true });
  writeFileSync(
    join(project, 'deploy/netlify/folio.js'),
    "export { default, config } from '../../.netlify/v1/edge-functions/netlify.js';\n",
  );
  writeFileSync(join(project, 'netlify.toml'), '[build]\npublish = "dist"\n');
}

/** Folio's own `api/folio.js`, over the bundle of .folio/ (docs/astro.md): every method to it. */
const vercelFunction = () =>
  readFileSync(resolve(import.meta.dirname, '../../api/folio.js'), 'utf8').replace(
    "'../dist/vercel.js'",
    "'../.folio/vercel.js'",
  );

/** How `runtime` is started over the project's built site: the command and its arguments. */
function servingCommand(project: string, runtime: AstroRuntime): [string, string[]] {
  if (runtime === 'folio serve')
    return [process.execPath, [join(project, 'node_modules/folio/bin/folio.js'), 'serve', 'dist']];
  if (runtime === 'node') return [process.execPath, [join(project, '.folio/node.mjs')]];
  if (runtime === 'cloudflare') {
    writeFileSync(join(project, 'wrangler.toml'), WRANGLER);
    return [process.execPath, [resolve(import.meta.dirname, 'miniflare.mjs')]];
  }
  if (runtime === 'vercel') {
    mkdirSync(join(project, 'api'));
    writeFileSync(join(project, 'api/folio.js'), vercelFunction());
    return [process.execPath, [resolve(import.meta.dirname, 'edge-runtime.mjs')]];
  }
  netlifyProject(project);
  const permissions = ['--allow-net=127.0.0.1', '--allow-env', `--allow-read=${project}`];
  const script = resolve(import.meta.dirname, 'netlify-deno.ts');
  return [
    resolve(RUNTIMES_BIN, 'deno'),
    ['run', '--no-remote', '--no-npm', '--no-config', ...permissions, script],
  ];
}

/** Serves the project's built site on `port` with `runtime`, once it answers. */
export function serveBuiltSite(project: string, runtime: AstroRuntime, port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const [command, args] = servingCommand(project, runtime);
  const child = spawnGroup(command, args, {
    cwd: project,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      FOLIO_OUT: 'dist',
      DENO_NO_UPDATE_CHECK: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return runningServer(child, url, 60_000);
}
