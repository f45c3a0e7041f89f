/**
 * The platforms' own formats and tooling on the built deployment: wrangler (on Node 22, offline)
 * checks the upload wrangler.toml describes and serves the worker with its assets in workerd; the
 * Build Output API folder for Vercel is served as Vercel serves it. Each answers the black-box
 * requests and the shared conformance check.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vercelConfig, writeVercelOutput } from '../scripts/vercel-output.ts';
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

  it('serves the feeds, a tag feed, the sitemaps and robots.txt with their types', async () => {
    const types: Record<string, string> = {
      '/rss.xml': 'application/rss+xml; charset=utf-8',
      '/es/atom.xml': 'application/atom+xml; charset=utf-8',
      '/tags/http/feed.json': 'application/feed+json; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/sitemap-en-1.xml': 'application/xml; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect((await response.text()).length, path).toBeGreaterThan(0);
    }
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

describe('Vercel through the Build Output API', () => {
  const target = mkdtempSync(join(tmpdir(), 'folio-vercel-'));
  const deployment = resolve(TEST_PROJECT, 'dist/public');
  const startOutput = () =>
    startProcess(process.execPath, [resolve(ROOT, 'test/support/vercel-output.mjs')], {
      FOLIO_VERCEL_OUTPUT: target,
    });
  let server: RunningServer;

  beforeAll(async () => {
    writeVercelOutput({ deployment, functionFile: resolve(TEST_PROJECT, 'dist/vercel.js'), target });
    server = await startOutput();
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(target, { recursive: true, force: true });
  });

  it('writes the bodies as static files, the bundle as an Edge Function, and the routes between them', () => {
    const json = (path: string) => JSON.parse(readFileSync(join(target, path), 'utf8'));
    expect(json('config.json')).toEqual(vercelConfig());
    expect(json('functions/folio.func/.vc-config.json')).toEqual({ runtime: 'edge', entrypoint: 'index.js' });
    expect(readFileSync(join(target, 'functions/folio.func/index.js'))).toEqual(
      readFileSync(resolve(TEST_PROJECT, 'dist/vercel.js')),
    );
    expect(filesUnder(join(target, 'static/_folio'))).toBe(filesUnder(join(deployment, '_folio')));
    expect(readdirSync(join(target, 'static'))).toEqual(['_folio']);
  });

  it('serves a body from the filesystem and a missing one as 404 without the function', async () => {
    const manifest = await fetch(`${server.url}/_folio/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(Buffer.from(await manifest.arrayBuffer())).toEqual(
      readFileSync(join(deployment, '_folio/manifest.json')),
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
