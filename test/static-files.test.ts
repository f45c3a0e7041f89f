/**
 * An Astro-shaped blog with a public folder and images kept beside a post: built as it is, its
 * files answer at their URLs on Node and in workerd (Cloudflare's runtime, reading them from the
 * static assets) with their type, validator, caching, HEAD and 304; the post page shows its hero
 * image; the API and the twin give it as an absolute URL; each missing file is one warning naming
 * file and line, and a problem with --strict.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from '../src/build/content/image-size.ts';
import { BUILD_TIME, FIXTURES } from './support/fixtures.ts';
import { completeProject, projectDeployment } from './support/project.ts';
import { BIN, ROOT, type RunningServer, startCloudflare, startNode } from './support/server.ts';

const SITE = resolve(FIXTURES, 'astro-assets');
const CONTENT = resolve(SITE, 'src/content');
const BASE = 'https://assets.example';
/** Inside the repository, where the runtimes may read. */
const PROJECT = resolve(ROOT, 'test/artifacts/static-files');

/** Where the build publishes a file kept beside a post: under /_media/, a hash of its bytes before its extension. */
function published(url: string, file: string): string {
  const hash = createHash('sha256')
    .update(readFileSync(resolve(SITE, file)))
    .digest('hex')
    .slice(0, 12);
  return url.replace(/(\.[a-z0-9]+)$/, `.${hash}$1`);
}
const COVER = published('/_media/blog/en/cover.png', 'src/content/blog/en/cover.png');
const DIAGRAM = published('/_media/blog/en/diagram.png', 'src/content/blog/en/diagram.png');
const PHOTO = published('/_media/blog/en/img/photo.png', 'src/content/blog/en/img/photo.png');
const BANNER = published('/_media/_parent/assets/banner.png', 'src/assets/banner.png');
const HOUR = 'public, max-age=3600';
const YEAR = 'public, max-age=31536000, immutable';

function build(...args: string[]) {
  const run = spawnSync(
    resolve(BIN, 'tsx'),
    ['src/bin/build.ts', '--content', CONTENT, '--now', BUILD_TIME.toISOString(), ...args],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BASE_URL: '' } },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

let built: ReturnType<typeof build>;

beforeAll(() => {
  rmSync(PROJECT, { recursive: true, force: true });
  built = build('--out', projectDeployment(PROJECT));
  if (built.status !== 0) throw new Error(built.output);
  completeProject(PROJECT);
}, 120_000);

afterAll(() => process.env.KEEP || rmSync(PROJECT, { recursive: true, force: true }));

describe('the build of a blog with static files', () => {
  it('warns once for each file a post refers to that is not there, with its file and line', () => {
    const warnings = built.output.split('\n').filter((line) => line.includes('warning:'));
    expect(warnings).toEqual([
      'folio: warning: blog/en/2025-03-01_lost-hero.md:5: /images/nope.png is not a file of the site (--strict refuses it)',
      'folio: warning: blog/en/2025-01-10_colocated.md:27: ./missing.png is not a file of the site (--strict refuses it)',
    ]);
  });

  it('refuses them with --strict, one problem each, and writes nothing', () => {
    const strict = build('--check', '--strict');
    expect(strict.status).toBe(1);
    expect(strict.output).toContain(
      'blog/en/2025-01-10_colocated.md:27: image: expected a file that exists, relative to this file, received "./missing.png"',
    );
    expect(strict.output).toContain(
      'blog/en/2025-03-01_lost-hero.md:5: heroImage: expected a file of the public folder, received "/images/nope.png"',
    );
    expect(strict.output).toContain('has 2 problem(s)');
    expect(strict.output).not.toContain('in-code.png');
  });
});

describe('the size of an image, from the head of its file', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(
      parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
    );
  it.each([
    ['PNG', readFileSync(resolve(SITE, 'public/images/a.png')), { width: 1, height: 1 }],
    ['GIF', bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00]), { width: 320, height: 240 }],
    [
      'JPEG, its frame after an APP0 segment',
      bytes(
        [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0],
        [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 3],
      ),
      { width: 640, height: 480 },
    ],
    [
      'WebP (VP8X)',
      bytes(
        'RIFF',
        [0, 0, 0, 0],
        'WEBPVP8X',
        [10, 0, 0, 0, 0, 0, 0, 0],
        [0x1f, 0x03, 0x00, 0x57, 0x02, 0x00],
      ),
      { width: 800, height: 600 },
    ],
    ['text', bytes('not an image at all, only words'), undefined],
  ])('%s', (_, head, size) => {
    expect(imageSize(head)).toEqual(size);
  });
});

const RUNTIMES = [
  { name: 'Node', start: startNode },
  { name: 'Cloudflare Worker on workerd (Miniflare)', start: startCloudflare },
];

describe.each(RUNTIMES)('$name', ({ start }) => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    server = await start({}, PROJECT);
    pool = new Pool(server.url, { connections: 2 });
  }, 90_000);

  afterAll(async () => {
    await pool?.close();
    await server?.stop();
  });

  async function send(path: string, method = 'GET', headers: Record<string, string> = {}) {
    const response = await pool.request({ path, method, headers });
    const body = Buffer.from(await response.body.arrayBuffer());
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    return { status: response.statusCode, body, header };
  }

  it.each([
    ['/images/a.png', 'public/images/a.png', HOUR],
    [COVER, 'src/content/blog/en/cover.png', YEAR],
    [DIAGRAM, 'src/content/blog/en/diagram.png', YEAR],
    [PHOTO, 'src/content/blog/en/img/photo.png', YEAR],
    [BANNER, 'src/assets/banner.png', YEAR],
  ])('answers %s with the bytes of %s, its type, validator and caching (%s)', async (path, file, caching) => {
    const reply = await send(path);
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('image/png');
    expect(reply.header('cache-control')).toBe(caching);
    expect(reply.header('x-content-type-options')).toBe('nosniff');
    expect(reply.header('content-encoding')).toBeNull();
    expect(reply.body.equals(readFileSync(resolve(SITE, file)))).toBe(true);
    const etag = reply.header('etag');
    expect(etag).toMatch(/^"[^"]+"$/);

    const head = await send(path, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.header('etag')).toBe(etag);
    expect(head.header('content-length')).toBe(String(reply.body.byteLength));

    const again = await send(path, 'GET', { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it('caches a content-hashed name for a year, as immutable', async () => {
    const reply = await send('/fonts/inter.3f9a1c2b.woff2');
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('font/woff2');
    expect(reply.header('cache-control')).toBe(YEAR);
  });

  it('serves SVG sandboxed, compressed for clients that accept it where the runtime compresses', async () => {
    const reply = await send('/logo.svg', 'GET', { 'accept-encoding': 'gzip' });
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('image/svg+xml');
    expect(reply.header('content-security-policy')).toContain('sandbox');
    const text = reply.header('content-encoding') === 'gzip' ? gunzipSync(reply.body) : reply.body;
    expect(text.toString()).toBe(readFileSync(resolve(SITE, 'public/logo.svg'), 'utf8'));
  });

  it('answers 404 for a file that is not there, and publishes only the files posts refer to', async () => {
    expect((await send('/images/nope.png')).status).toBe(404);
    expect((await send('/_media/blog/en/missing.png')).status).toBe(404);
    // A file beside a post answers only at the URL that names its bytes.
    expect((await send('/_media/blog/en/cover.png')).status).toBe(404);
    expect((await send('/_media/blog/en/2025-01-10_colocated.md')).status).toBe(404);
  });

  it('shows the hero image on the post page and points body images at their published URLs', async () => {
    const page = (await send('/blog/colocated/')).body.toString();
    expect(page).toContain(`<img src="${COVER}" alt="" width="1" height="1"`);
    expect(page).toContain(`<img src="${DIAGRAM}" alt="A diagram" />`);
    expect(page).toContain('<img src="/images/a.png" alt="Logo" />');
    expect(page).toContain(
      `<source srcset="${DIAGRAM} 1x, ${COVER} 2x" /><img src="${PHOTO}" alt="A photo" />`,
    );
    expect(page).toContain(`<img src="${COVER}" alt="The cover again" />`);
    expect(page).toContain('./in-code.png');
    expect(page).not.toContain('_media/blog/en/in-code.png');
    const fromAssets = (await send('/blog/assets-hero/')).body.toString();
    expect(fromAssets).toContain(`<img src="${BANNER}" alt="" width="4" height="2"`);
    const fromPublic = (await send('/blog/public-hero/')).body.toString();
    expect(fromPublic).toContain('<img src="/images/a.png" alt=""');
  });

  it('gives the hero image as an absolute URL in the API and in the twin', async () => {
    const posts = JSON.parse((await send('/api/posts-en.json')).body.toString()) as {
      slug: string;
      heroImage: string;
    }[];
    const heroes = Object.fromEntries(posts.map((post) => [post.slug, post.heroImage]));
    expect(heroes).toEqual({
      colocated: `${BASE}${COVER}`,
      'public-hero': `${BASE}/images/a.png`,
      'lost-hero': `${BASE}/images/nope.png`,
      'assets-hero': `${BASE}${BANNER}`,
    });
    const twin = (await send('/blog/colocated.md')).body.toString();
    expect(twin).toContain(`![](<${BASE}${COVER}>)`);
  });
});
