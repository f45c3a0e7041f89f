/**
 * The platforms' own formats on the built deployment: wrangler (on Node 22, offline) accepts the
 * upload wrangler.toml describes; the Build Output API folder for Vercel holds what Vercel serves.
 * Both, served as their platforms serve them, answer the black-box suite (test/runtimes.test.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vercelConfig } from '../scripts/vercel-output.ts';
import { type RunningServer, TEST_PROJECT } from './support/server.ts';
import { serveVercelOutput, writeTestVercelOutput } from './support/vercel.ts';
import { runWrangler, type WranglerProject, wranglerProject } from './support/wrangler.ts';

const KIB = 1024;

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

describe('Vercel through the Build Output API', () => {
  const target = mkdtempSync(join(tmpdir(), 'folio-vercel-'));
  const deployment = resolve(TEST_PROJECT, 'dist/public');
  let server: RunningServer;

  beforeAll(async () => {
    writeTestVercelOutput(target);
    server = await serveVercelOutput(target);
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
});
