/**
 * A body over the 25 MiB Cloudflare serves as one static file (llms-full.txt of a large blog) is
 * written in parts and answered whole, with exact headers, by Node over the folder on disk and by
 * the Cloudflare worker in workerd over its static assets.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildData } from '../scripts/build.ts';
import { writeDeployment } from '../scripts/write-deployment.ts';
import { fileSource, readManifest } from '../src/adapters/file-source.ts';
import { BODIES_PREFIX, PART_BYTES, partKey } from '../src/core/deployment.ts';
import { createHandler } from '../src/handler.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';
import { BIN, ROOT } from './support/server.ts';

const BASE = 'https://big.example';
const BIG_POSTS = 22;
/** Just under the build's 1 MiB limit per file. */
const POST_BYTES = 1_000_000;

let work: string;
let out: string;

function bigPost(n: number): string {
  const paragraph = `Paragraph of the large post number ${n}, long enough to weigh. `.repeat(12);
  const body = Array.from({ length: Math.floor(POST_BYTES / (paragraph.length + 2)) }, () => paragraph).join(
    '\n\n',
  );
  return `---\ntitle: Large post ${n}\ndescription: A post of about a megabyte.\npubDate: 2024-01-${String(n).padStart(2, '0')}\ntags: [http]\n---\n\n${body}\n`;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'folio-large-'));
  const content = join(work, 'content');
  cpSync(resolve(FIXTURES, 'mini'), content, { recursive: true });
  for (let n = 1; n <= BIG_POSTS; n++)
    writeFileSync(join(content, `blog/en/2024-01-${String(n).padStart(2, '0')}_large-${n}.md`), bigPost(n));
  out = join(work, 'public');
  await writeDeployment(
    await buildData(content, BUILD_TIME),
    { baseUrl: BASE, policy: { quota: 300, windowSeconds: 60 } },
    out,
  );
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const folder = () => join(out, BODIES_PREFIX);

describe('llms-full.txt of a blog larger than one static file may be', () => {
  it('is written in parts of at most PART_BYTES, and the manifest says how many', async () => {
    const manifest = await readManifest(out);
    expect(manifest.parts).toEqual({ '/llms-full.txt': 2 });
    expect(existsSync(join(folder(), 'llms-full.txt'))).toBe(false);
    expect(statSync(join(folder(), partKey('/llms-full.txt', 0))).size).toBe(PART_BYTES);
    expect(statSync(join(folder(), partKey('/llms-full.txt', 1))).size).toBeGreaterThan(0);
  });

  it('is answered whole by the handler over the folder on disk: GET, HEAD and 304', async () => {
    const handler = createHandler({ manifest: await readManifest(out), source: fileSource(out) });
    const whole = Buffer.concat(
      [0, 1].map((i) => readFileSync(join(folder(), partKey('/llms-full.txt', i)))),
    );
    const get = await handler.fetch(new Request(`${BASE}/llms-full.txt`), { clientAddress: '10.0.0.1' });
    expect(get.status).toBe(200);
    const body = Buffer.from(await get.arrayBuffer());
    expect(body.equals(whole)).toBe(true);
    expect(get.headers.get('content-length')).toBe(String(whole.byteLength));
    const text = body.toString('utf8');
    expect(text.startsWith('# ')).toBe(true);
    for (let n = 1; n <= BIG_POSTS; n++) expect(text).toContain(`# Large post ${n}\n`);

    const head = await handler.fetch(new Request(`${BASE}/llms-full.txt`, { method: 'HEAD' }), {
      clientAddress: '10.0.0.2',
    });
    expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
    const etag = get.headers.get('etag') as string;
    const again = await handler.fetch(
      new Request(`${BASE}/llms-full.txt`, { headers: { 'if-none-match': etag } }),
      { clientAddress: '10.0.0.3' },
    );
    expect(again.status).toBe(304);
  });

  it('is answered whole by the Cloudflare worker in workerd, which serves no asset over 25 MiB', async () => {
    const dist = join(work, 'dist');
    execFileSync(join(BIN, 'tsx'), ['scripts/bundle.ts', '--out', out, '--dist', dist], { cwd: ROOT });
    const runtime = new Miniflare({
      modules: true,
      modulesRoot: dist,
      scriptPath: join(dist, 'cloudflare.js'),
      compatibilityDate: '2025-12-01',
      assets: {
        directory: out,
        binding: 'ASSETS',
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      },
      durableObjects: { FOLIO_RATE_LIMITER: 'FolioRateLimiter' },
    });
    try {
      const response = await runtime.dispatchFetch(`${BASE}/llms-full.txt`);
      expect(response.status).toBe(200);
      const body = new Uint8Array(await response.arrayBuffer());
      const whole = Buffer.concat(
        [0, 1].map((i) => readFileSync(join(folder(), partKey('/llms-full.txt', i)))),
      );
      expect(Buffer.from(body).equals(whole)).toBe(true);
    } finally {
      await runtime.dispose();
    }
  }, 120_000);
});
