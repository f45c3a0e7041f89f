/**
 * The platforms' own formats on the built deployment: wrangler (on Node 22, offline) accepts the
 * upload wrangler.toml describes; the Build Output that `vercel build` wrote for this project holds
 * one function that every path but the static bodies reaches, on both of Vercel's runtimes, and is
 * the one vercel.json describes; the Netlify settings; the Dockerfile's two stages. Served as their
 * platforms serve them, wrangler's and Vercel's outputs also answer the black-box suite and the
 * shared conformance check (test/runtimes.test.ts), and so does `netlify dev` itself, offline
 * (test/support/netlify-dev.ts says what stands in for the two things it would download).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningServer, startProcess, TEST_PROJECT } from './support/server.ts';
import { functionFolders, serveVercelOutput, vercelOutput } from './support/vercel.ts';
import { runWrangler, type WranglerProject, wranglerProject } from './support/wrangler.ts';

const KIB = 1024;
const vercelJson = JSON.parse(readFileSync(resolve(ROOT, 'vercel.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));

function filesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe('Cloudflare Workers through wrangler', () => {
  let project: WranglerProject;

  beforeAll(() => {
    project = wranglerProject();
  });

  afterAll(() => project?.remove());

  it('accepts the upload: the worker as built, its rate-limit Durable Object, the deployment folder as assets, within the Free plan', async () => {
    const out = join(project.dir, 'out');
    const { code, output } = await runWrangler(project, ['deploy', '--dry-run', '--outdir', out]);
    expect(output).not.toMatch(/ERROR|additional modules/i);
    expect(code).toBe(0);
    const files = Number(/Read (\d+) files? from the assets directory/.exec(output)?.[1]);
    expect(files).toBeGreaterThanOrEqual(filesUnder(resolve(TEST_PROJECT, 'dist/public')));
    expect(files).toBeLessThanOrEqual(20_000);
    const [, raw, gzip] = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output) ?? [];
    expect(Number(raw) * KIB).toBeCloseTo(
      readFileSync(resolve(TEST_PROJECT, 'dist/cloudflare.js')).length,
      -2,
    );
    expect(Number(gzip)).toBeLessThan(3 * 1024);
    expect(output).toMatch(/env\.ASSETS\s+Assets/);
    expect(output).toMatch(/env\.FOLIO_RATE_LIMITER \(FolioRateLimiter\)\s+Durable Object/);
    expect(readFileSync(join(out, 'cloudflare.js'))).toEqual(
      readFileSync(resolve(TEST_PROJECT, 'dist/cloudflare.js')),
    );
  }, 90_000);
});

describe.each(['edge', 'nodejs'] as const)('Vercel: the output of vercel build, %s runtime', (runtime) => {
  const target = vercelOutput(runtime);
  const json = (path: string) => JSON.parse(readFileSync(join(target, path), 'utf8'));
  let server: RunningServer;

  beforeAll(async () => {
    server = await serveVercelOutput(target);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(target, { recursive: true, force: true });
  });

  it('was captured by the pinned Vercel CLI from the api/folio.js and package.json of this commit', () => {
    const refresh = 'run tools/capture-vercel-output.ts';
    const captured = (path: string) => readFileSync(join(target, 'functions/api/folio.func', path), 'utf8');
    const committed = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');
    expect(captured('api/folio.js'), refresh).toBe(
      committed('api/folio.js').replace(/runtime: '[a-z]+'/, `runtime: '${runtime}'`),
    );
    // The function's package.json (its "type": "module") is the project's, traced as it was.
    expect(captured('package.json'), refresh).toBe(committed('package.json'));
    const pinned = /npx -p vercel@(\S+) tsx tools\/capture-vercel-output\.ts/.exec(
      committed('tools/capture-vercel-output.ts'),
    )?.[1];
    expect(json('builds.json').cliVersion, refresh).toBe(pinned);
  });

  it("was built as vercel.json says, with vercel.json's rewrites and no framework preset", () => {
    const builds = json('builds.json');
    expect(builds.detectedFramework).toEqual({ status: 'skipped' });
    const staticBuild = builds.builds.find((build: { use: string }) => build.use === '@vercel/static-build');
    const { $schema: _schema, framework: _preset, rewrites, ...settings } = vercelJson;
    expect(staticBuild.config).toEqual({ zeroConfig: true, ...settings });
    // Each rewrite, as Vercel compiles a source that is already a pattern, right after the files;
    // the other routes are Vercel's own for a project with an api/ folder.
    const [filesystem, ...afterFiles] = json('config.json').routes;
    expect(filesystem).toEqual({ handle: 'filesystem' });
    expect(afterFiles.slice(0, rewrites.length)).toEqual(
      rewrites.map(({ source, destination }: { source: string; destination: string }) => ({
        src: `^(?:${source})$`,
        dest: destination,
        check: true,
      })),
    );
    expect(afterFiles.slice(rewrites.length)).toEqual([
      { src: '^/api(/.*)?$', status: 404 },
      { handle: 'error' },
      { status: 404, src: '^(?!/api).*$', dest: '/404.html' },
      { handle: 'miss' },
      { src: '^/api/(.+)(?:\\.(?:js))$', dest: '/api/$1', check: true },
    ]);
    // config.json names the first framework Vercel recognises among package.json's dependencies,
    // whatever the preset: Vite, which the tests use. It is a record, not a setting: no preset was
    // applied (detection skipped, the build and the routes above are vercel.json's).
    expect(json('config.json').framework).toEqual({
      slug: 'vite',
      version: packageJson.devDependencies.vite,
    });
  });

  it('holds one function, api/folio, the destination of every path but the static bodies', () => {
    expect(functionFolders(target)).toEqual(['api/folio.func']);
    const rewrites = json('config.json').routes.filter((route: { dest?: string }) => route.dest);
    const toFunction = rewrites.filter((route: { dest: string }) => !route.dest.endsWith('.html'));
    expect(toFunction[0]).toMatchObject({ dest: '/api/folio', check: true });
    const everyPath = new RegExp(toFunction[0].src);
    for (const path of ['/', '/api/index.json', '/mcp', '/blog/x/', '/llms.txt', '/api/folio'])
      expect(everyPath.test(path), path).toBe(true);
    expect(everyPath.test('/_folio/manifest.json')).toBe(false);
  });

  it(`runs on the ${runtime} runtime`, () => {
    const vc = json('functions/api/folio.func/.vc-config.json');
    if (runtime === 'edge') expect(vc).toMatchObject({ runtime: 'edge', entrypoint: 'api/folio.js' });
    else
      expect(vc).toMatchObject({ runtime: expect.stringMatching(/^nodejs\d+\.x$/), handler: 'api/folio.js' });
  });

  it('serves a body from the filesystem and a missing one as 404 without the function', async () => {
    const manifest = await fetch(`${server.url}/_folio/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(Buffer.from(await manifest.arrayBuffer())).toEqual(
      readFileSync(resolve(TEST_PROJECT, 'dist/public/_folio/manifest.json')),
    );
    const missing = await fetch(`${server.url}/_folio/no-such-body`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-api-version')).toBeNull();
  });
});

describe('vercel.json', () => {
  it('pins the framework preset to Other, builds the deployment folder, and has vercel dev serve it', () => {
    expect(vercelJson).toMatchObject({
      framework: null,
      buildCommand: 'npm run build',
      outputDirectory: 'dist/public',
      devCommand: 'node tools/serve-deployment.mjs',
    });
    expect(existsSync(resolve(ROOT, 'tools/serve-deployment.mjs'))).toBe(true);
  });
});

/** The `key = value` lines of each [section] of a flat TOML file (strings, numbers, booleans). */
function tomlSections(text: string): Map<string, Record<string, unknown>> {
  const sections = new Map<string, Record<string, unknown>>();
  let current: Record<string, unknown> = {};
  sections.set('', current);
  for (const line of text.split('\n').map((line) => line.trim())) {
    const header = /^\[([\w.]+)\]$/.exec(line);
    if (header) {
      current = {};
      sections.set(String(header[1]), current);
    }
    const [, key, value] = /^(\w+)\s*=\s*(.+)$/.exec(line) ?? [];
    if (key && value) current[key] = JSON.parse(value);
  }
  return sections;
}

describe('netlify.toml', () => {
  const sections = tomlSections(readFileSync(resolve(ROOT, 'netlify.toml'), 'utf8'));
  const build = sections.get('build') ?? {};

  it('has netlify dev serve the deployment folder the build publishes, detecting no framework', () => {
    expect(sections.get('dev')).toMatchObject({ framework: '#static', publish: build.publish });
    expect(build).toMatchObject({ command: 'npm run build', publish: 'dist/public' });
  });

  it('has the Edge Function answer every path but the published bodies', () => {
    const entry = readFileSync(resolve(ROOT, String(build.edge_functions), 'folio.js'), 'utf8');
    expect(entry).toContain("export const config = { path: '/*', excludedPath: '/_folio/*' };");
  });
});

/** A Dockerfile's stages, each as the text from its FROM line to the next. */
function dockerStages(dockerfile: string): string[] {
  return dockerfile.split(/^(?=FROM )/m).slice(1);
}

/** `NAME=value` pairs of a stage's ENV lines (continued with `\`), each `$ARG` as `args` give it. */
function stageEnv(stage: string, args: Record<string, string> = {}): Record<string, string> {
  const lines = stage.replace(/\\\n\s*/g, ' ').match(/^ENV .*$/gm) ?? [];
  const pairs = lines.flatMap((line) => [...line.matchAll(/(\w+)=(\S*)/g)]);
  return Object.fromEntries(
    pairs.map(([, name = '', value = '']) => [name, value.replace(/\$(\w+)/g, (_, arg) => args[arg] ?? '')]),
  );
}

const argsOf = (stage: string) => [...stage.matchAll(/^ARG (\w+)/gm)].map((match) => match[1]);

describe('a container: the Dockerfile', () => {
  const [buildStage = '', runStage = ''] = dockerStages(readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8'));
  const app = mkdtempSync(join(tmpdir(), 'folio-container-'));
  let server: RunningServer;

  beforeAll(async () => {
    // What the image holds: dist/ and nothing else, no node_modules anywhere above it. It runs with
    // the run stage's environment as `docker build` without build arguments leaves it, on a free
    // loopback port instead of the image's 0.0.0.0:8787.
    cpSync(resolve(TEST_PROJECT, 'dist'), join(app, 'dist'), { recursive: true });
    const address = new Set(['HOST', 'PORT']);
    const env = Object.fromEntries(Object.entries(stageEnv(runStage)).filter(([name]) => !address.has(name)));
    server = await startProcess(process.execPath, ['dist/node.mjs'], env, 20_000, app);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(app, { recursive: true, force: true });
  });

  it('builds with the address, the content folder and the quota given as build arguments', () => {
    expect(argsOf(buildStage)).toEqual([
      'BASE_URL',
      'FOLIO_CONTENT',
      'FOLIO_RATE_LIMIT_QUOTA',
      'FOLIO_RATE_LIMIT_WINDOW',
    ]);
    const build = buildStage.replace(/\\\n\s*/g, ' ').match(/^RUN .*npm run build$/m)?.[0] ?? '';
    for (const name of argsOf(buildStage)) expect(build).toContain(`${name}="$${name}"`);
  });

  it('copies only dist/ from the build and runs the Node server bundle, enforcing the quota it was built with', () => {
    expect(runStage.match(/^COPY .*$/gm)).toEqual(['COPY --from=build /app/dist ./dist']);
    expect(runStage).toMatch(/^CMD \["node", "dist\/node\.mjs"\]$/m);
    expect(argsOf(runStage)).toEqual(['FOLIO_RATE_LIMIT_QUOTA', 'FOLIO_RATE_LIMIT_WINDOW']);
    const quota = { FOLIO_RATE_LIMIT_QUOTA: '100', FOLIO_RATE_LIMIT_WINDOW: '30' };
    expect(stageEnv(runStage, quota)).toEqual({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8787',
      ...quota,
    });
  });

  it('serves the API and the site from dist/ alone, with the quota the documents announce', async () => {
    const api = await fetch(`${server.url}/api/index.json`);
    expect(api.status).toBe(200);
    expect(api.headers.get('x-api-version')).toBe('1.0.0');
    const { quota, window_seconds } = (await api.json()).rate_limit;
    expect(api.headers.get('ratelimit-policy')).toMatch(new RegExp(`;q=${quota};w=${window_seconds}$`));
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
