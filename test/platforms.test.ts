/**
 * The platforms' own formats and tooling on the built deployment: wrangler (on Node 22, offline)
 * checks the upload wrangler.toml describes and serves the worker with its assets in workerd; the
 * Build Output that `vercel build` wrote for this project is served as Vercel routes it, on both of
 * Vercel's runtimes. Each answers the black-box
 * requests and the shared conformance check.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceAvailable, expectConformance } from './support/conformance.ts';
import { ROOT, type RunningServer, startProcess, TEST_PROJECT } from './support/server.ts';
import { runWrangler, startWranglerDev, type WranglerProject, wranglerProject } from './support/wrangler.ts';

const KIB = 1024;

function filesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** The black-box requests every platform must answer like the contract says. */
function blackBox(server: () => RunningServer) {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server().url}${path}`, { headers, redirect: 'manual' });

  it('serves the API index with the API headers', async () => {
    const response = await get('/api/index.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-api-version')).toBe('1.0.0');
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"[^"]+";q=300;w=60$/);
    expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await response.json()).endpoints.length).toBeGreaterThan(0);
  });

  it('applies limit to the posts', async () => {
    const response = await get('/api/posts.json?limit=3');
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(3);
    expect(Number(response.headers.get('x-total-count'))).toBeGreaterThan(3);
  });

  it('serves a page as HTML', async () => {
    const response = await get('/blog/', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toMatch(/^<!doctype html>/i);
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const response = await get('/api/no-such-thing.json');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect((await response.json()).instance).toBe('/api/no-such-thing.json');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get('/api/series/en/index.json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    const again = await get('/api/series/en/index.json', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
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

  describe('wrangler dev', () => {
    let server: RunningServer;

    beforeAll(async () => {
      server = await startWranglerDev(project);
    }, 90_000);

    afterAll(() => server?.stop());

    blackBox(() => server);
  });

  it.runIf(conformanceAvailable)(
    'wrangler dev passes the shared conformance check, rate limit included',
    async () => {
      const fresh = await startWranglerDev(project);
      try {
        await expectConformance(fresh.url);
      } finally {
        await fresh.stop();
      }
    },
    180_000,
  );
});

/**
 * What `vercel build` wrote for this project (test/fixtures/vercel-output/<runtime>, refreshed by
 * scripts/capture-vercel-output.ts) completed with this build: each function's dist/ and the static
 * bodies, which the capture leaves out.
 */
function vercelOutput(runtime: 'edge' | 'nodejs'): string {
  const target = mkdtempSync(join(tmpdir(), `folio-vercel-${runtime}-`));
  cpSync(resolve(ROOT, 'test/fixtures/vercel-output', runtime), target, { recursive: true });
  symlinkSync(resolve(TEST_PROJECT, 'dist/public'), join(target, 'static'), 'dir');
  for (const folder of functionFolders(target))
    symlinkSync(resolve(TEST_PROJECT, 'dist'), join(target, 'functions', folder, 'dist'), 'dir');
  return target;
}

function functionFolders(output: string): string[] {
  return readdirSync(join(output, 'functions'), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.func'));
}

describe.each(['edge', 'nodejs'] as const)('Vercel: the output of vercel build, %s runtime', (runtime) => {
  const target = vercelOutput(runtime);
  const json = (path: string) => JSON.parse(readFileSync(join(target, path), 'utf8'));
  const startOutput = () =>
    startProcess(process.execPath, [resolve(ROOT, 'test/support/vercel-output.mjs')], {
      FOLIO_VERCEL_OUTPUT: target,
    });
  let server: RunningServer;

  beforeAll(async () => {
    server = await startOutput();
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(target, { recursive: true, force: true });
  });

  it('was captured from the api/folio.js of this commit', () => {
    const captured = readFileSync(join(target, 'functions/api/folio.func/api/folio.js'), 'utf8');
    const committed = readFileSync(resolve(ROOT, 'api/folio.js'), 'utf8');
    expect(captured, 'run scripts/capture-vercel-output.ts').toBe(
      committed.replace(/runtime: '[a-z]+'/, `runtime: '${runtime}'`),
    );
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

  blackBox(() => server);

  it.runIf(conformanceAvailable)(
    'passes the shared conformance check, rate limit included',
    async () => {
      const fresh = await startOutput();
      try {
        await expectConformance(fresh.url);
      } finally {
        await fresh.stop();
      }
    },
    180_000,
  );
});

describe('vercel.json', () => {
  const config = JSON.parse(readFileSync(resolve(ROOT, 'vercel.json'), 'utf8'));

  it('pins the framework preset to Other and builds the deployment folder', () => {
    expect(config).toMatchObject({
      framework: null,
      buildCommand: 'npm run build',
      outputDirectory: 'dist/public',
    });
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

describe("a container: the Dockerfile's run stage", () => {
  const dockerfile = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8');
  const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const app = mkdtempSync(join(tmpdir(), 'folio-container-'));
  let server: RunningServer;

  beforeAll(async () => {
    // What the image holds: dist/ and nothing else, no node_modules anywhere above it.
    cpSync(resolve(TEST_PROJECT, 'dist'), join(app, 'dist'), { recursive: true });
    server = await startProcess(process.execPath, ['dist/node.mjs'], {}, 20_000, app);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(app, { recursive: true, force: true });
  });

  it('copies only dist/ from the build and runs the Node server bundle', () => {
    expect(runStage.match(/^COPY .*$/gm)).toEqual(['COPY --from=build /app/dist ./dist']);
    expect(runStage).toMatch(/^CMD \["node", "dist\/node\.mjs"\]$/m);
    expect(runStage).toMatch(/^ENV .*HOST=0\.0\.0\.0 PORT=8787$/m);
  });

  blackBox(() => server);
});
