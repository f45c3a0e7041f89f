/**
 * The black-box suite, every runtime: each adapter is started the way its platform starts it (and
 * Cloudflare, Netlify and Vercel also through their own tooling or output format: `wrangler dev`,
 * `netlify dev`, the output `vercel build` wrote), on a free loopback port,
 * and driven over real sockets by the same probes, after the shared conformance check has run
 * against it (when the shared folder sits next to the repository; in CI it must be there).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConformance, runConformance } from './support/conformance.ts';
import { expectApiHeaders } from './support/expect.ts';
import { startNetlifyDev } from './support/netlify-dev.ts';
import { startNodeWorkersWithRedis } from './support/redis.ts';
import {
  builtBaseUrl,
  type RunningServer,
  startBun,
  startCloudflare,
  startNetlify,
  startNode,
  startVercel,
  TEST_PROJECT,
} from './support/server.ts';
import { startVercelOutput } from './support/vercel.ts';
import { startWrangler } from './support/wrangler.ts';

interface Runtime {
  name: string;
  start: (env?: Record<string, string>) => Promise<RunningServer>;
  /** The forwarding header this platform sets itself and the adapter trusts, if any. */
  platformHeader?: string;
  /**
   * The runtime removes Content-Length from every response but redirects and 304 (Edge Runtime's
   * dispatchFetch does, as Vercel streams Edge Function responses), so HEAD cannot report it.
   */
  dropsContentLength?: boolean;
  /**
   * `netlify dev`'s own proxy in front of the Edge Function, as observed (not Netlify's CDN, which
   * is not known to do any of it): it gives every request the Edge Function's `context.ip`
   * 127.0.0.1, whoever connects, so two clients share one quota; it answers HEAD with
   * Content-Length: 0; it merges `//` in a path into one `/`; and it asks again for a path the
   * function answers 404, with the alternatives it tries for static files (`.html`, `.htm`,
   * `/index.html`, `/index.htm`), so the answer is the function's for `<path>/index.htm`, and
   * costs five requests of the quota.
   */
  netlifyDevProxy?: boolean;
}

const RUNTIMES: Runtime[] = [
  { name: 'Node', start: startNode },
  { name: 'Node, FOLIO_WORKERS=2 sharing the quota in Redis', start: startNodeWorkersWithRedis },
  { name: 'Bun', start: startBun },
  { name: 'Vercel Edge Runtime (edge-runtime)', start: startVercel, dropsContentLength: true },
  { name: 'Netlify Edge Function on Deno', start: startNetlify },
  {
    name: 'Cloudflare Worker on workerd (Miniflare)',
    start: startCloudflare,
    platformHeader: 'cf-connecting-ip',
  },
  {
    name: 'Netlify Edge Function through netlify dev (offline, on Node 22)',
    start: startNetlifyDev,
    netlifyDevProxy: true,
  },
  {
    name: 'Cloudflare Worker with its assets through wrangler dev (workerd, on Node 22)',
    start: startWrangler,
    platformHeader: 'cf-connecting-ip',
  },
  {
    name: 'Vercel: the output vercel build wrote, Edge runtime (edge-runtime)',
    start: () => startVercelOutput('edge'),
    dropsContentLength: true,
  },
  {
    name: 'Vercel: the output vercel build wrote, Node.js runtime (through @whatwg-node/server)',
    start: () => startVercelOutput('nodejs'),
  },
];

interface Reply {
  status: number;
  text: string;
  header: (name: string) => string | null;
  headers: { get: (name: string) => string | null };
}

describe.each(RUNTIMES)('$name', ({ start, platformHeader, dropsContentLength, netlifyDevProxy }) => {
  let server: RunningServer;
  let pool: Pool;
  /** A second client: the same server reached from another loopback address. */
  let other: Pool;

  beforeAll(async () => {
    server = await start();
    pool = new Pool(server.url, { connections: 2, localAddress: '127.0.0.3' });
    other = new Pool(server.url, { connections: 1, localAddress: '127.0.0.4' });
  });

  afterAll(async () => {
    await pool?.close();
    await other?.close();
    await server?.stop();
  });

  // First, while the server is fresh: the check spends its client's whole quota (from 127.0.0.1),
  // and the probes below come from other addresses, each with a quota of its own. Behind `netlify
  // dev`'s proxy every client shares one quota, so the check gets a server of its own there.
  it.runIf(runConformance)(
    `passes the shared conformance check, rate limit included${netlifyDevProxy ? ', but for its HEAD Content-Length: 0' : ''}`,
    async () => {
      const checked = netlifyDevProxy ? await start() : server;
      try {
        await expectConformance(
          checked.url,
          netlifyDevProxy ? [/^FAIL HEAD: same headers as GET, no body: HEAD Content-Length 0 != \d+$/] : [],
        );
      } finally {
        if (checked !== server) await checked.stop();
      }
    },
    180_000,
  );

  async function send(
    path: string,
    {
      method = 'GET',
      headers = {},
      via = pool,
    }: { method?: string; headers?: Record<string, string>; via?: Pool } = {},
  ): Promise<Reply> {
    const response = await via.request({ path, method: method as 'GET', headers });
    const text = await response.body.text();
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    return { status: response.statusCode, text, header, headers: { get: header } };
  }

  const remaining = (reply: Reply) => Number(reply.header('ratelimit-remaining'));

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
      const reply = await send(path);
      expect(reply.status, path).toBe(200);
      expect(reply.header('content-type'), path).toBe(type);
      expect(reply.header('access-control-allow-origin'), path).toBe('*');
      expect(reply.text.length, path).toBeGreaterThan(0);
    }
  });

  it('serves the prerendered posts as JSON with the API headers and the base URL it was built for', async () => {
    const reply = await send('/api/posts-en.json');
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.header('cache-control')).toBe('public, max-age=3600');
    expectApiHeaders(reply);
    const posts = JSON.parse(reply.text) as { url: string; lang: string }[];
    // The served fixture's nine published English posts.
    expect(posts).toHaveLength(9);
    expect(reply.header('x-total-count')).toBe(String(posts.length));
    const baseUrl = builtBaseUrl();
    expect(posts.every((post) => post.lang === 'en' && post.url.startsWith(`${baseUrl}/blog/`))).toBe(true);
  });

  it('serves the API index with the API headers and its endpoints', async () => {
    const reply = await send('/api/index.json');
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('application/json; charset=utf-8');
    expectApiHeaders(reply);
    expect(JSON.parse(reply.text).endpoints.length).toBeGreaterThan(0);
  });

  it('keeps drafts and future posts unpublished', async () => {
    const all = JSON.parse((await send('/api/posts.json')).text) as { slug: string; pubDate: string }[];
    // The served fixture's sixteen published posts, in both languages.
    expect(all).toHaveLength(16);
    const unpublished = ['half-written-ideas', 'notes-from-the-future'];
    expect(all.filter((post) => unpublished.includes(post.slug))).toEqual([]);
    expect(all.every((post) => Date.parse(post.pubDate) <= Date.now())).toBe(true);
  });

  it('serves a page as HTML', async () => {
    const reply = await send('/blog/', { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.text).toMatch(/^<!doctype html>/i);
  });

  it('applies limit and rejects a malformed one with 400 problem+json', async () => {
    const three = await send('/api/posts.json?limit=3');
    expect(three.status).toBe(200);
    expect(JSON.parse(three.text)).toHaveLength(3);
    const bad = await send('/api/posts.json?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.header('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(bad.text).error.code).toBe('invalid_request');
    expectApiHeaders(bad);
  });

  const headLength = dropsContentLength ? 'none' : netlifyDevProxy ? 'Content-Length: 0' : 'Content-Length';
  it(`answers HEAD with the headers of GET (${headLength}) and no body`, async () => {
    const get = await send('/api/posts.json?limit=2');
    const head = await send('/api/posts.json?limit=2', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.header('content-length')).toBe(
      dropsContentLength ? null : netlifyDevProxy ? '0' : String(Buffer.byteLength(get.text)),
    );
    expect(head.header('content-type')).toBe(get.header('content-type'));
    expect(head.header('etag')).toBe(get.header('etag'));
    expect(head.header('x-total-count')).toBe(get.header('x-total-count'));
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await send('/api/series/en/index.json');
    expect(first.header('etag')).toMatch(/^"/);
    const again = await send('/api/series/en/index.json', {
      headers: { 'if-none-match': first.header('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.header('etag')).toBe(first.header('etag'));
  });

  it('answers 404 and 410 with problem+json', async () => {
    const missing = await send('/api/no-such-thing.json');
    expect(missing.status).toBe(404);
    expect(missing.header('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(missing.text).instance).toBe(
      netlifyDevProxy ? '/api/no-such-thing.json/index.htm' : '/api/no-such-thing.json',
    );
    expectApiHeaders(missing);
    expect((await send('/api/series/en/retired-notes.json')).status).toBe(410);
  });

  it('answers path tricks with 404 problem+json', async () => {
    for (const path of [
      '/api/series/en/%2e%2e%2findex.json',
      '/api//posts.json',
      '/api/series/EN/index.json',
      `/api/${'x'.repeat(8_000)}`,
    ]) {
      const reply = await send(path);
      if (netlifyDevProxy && path === '/api//posts.json') {
        expect(reply.status, 'netlify dev merges //').toBe(200);
        continue;
      }
      expect(reply.status, path.slice(0, 60)).toBe(404);
      expect(reply.header('content-type'), path.slice(0, 60)).toBe('application/problem+json; charset=utf-8');
    }
  });

  it('answers other methods with 405 and Allow, and a bare OPTIONS too', async () => {
    for (const method of ['POST', 'DELETE', 'OPTIONS']) {
      const reply = await send('/api/posts.json', { method });
      expect(reply.status, method).toBe(405);
      expect(reply.header('allow'), method).toBe('GET, HEAD');
      expect(JSON.parse(reply.text).error.code, method).toBe('method_not_allowed');
      expectApiHeaders(reply);
    }
  });

  it('answers a CORS preflight with 204 without spending quota', async () => {
    const before = remaining(await send('/api/index.json'));
    const preflight = await send('/api/posts.json', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.text).toBe('');
    expect(preflight.header('access-control-allow-origin')).toBe('*');
    expect(preflight.header('access-control-allow-methods')).toContain('GET');
    expect(remaining(preflight)).toBe(before);
    expect(remaining(await send('/api/index.json'))).toBe(before - 1);
  });

  it('takes the client address from the platform: invented forwarding headers share the quota', async () => {
    const before = remaining(await send('/api/index.json'));
    const forged = await send('/api/index.json', {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9', forwarded: 'for=203.0.113.9' },
    });
    expect(forged.status).toBe(200);
    expect(remaining(forged)).toBe(before - 1);
  });

  it(`${netlifyDevProxy ? 'counts a client at another address in the one quota it gives every client' : 'gives a client at another address its own quota'}`, async () => {
    const mine = remaining(await send('/api/index.json'));
    expect(mine).toBeLessThan(299);
    const theirs = remaining(await send('/api/index.json', { via: other }));
    expect(theirs).toBe(netlifyDevProxy ? mine - 1 : 299);
    expect(remaining(await send('/api/index.json'))).toBe(netlifyDevProxy ? theirs - 1 : mine - 1);
  });

  it(`trusts CF-Connecting-IP ${platformHeader === 'cf-connecting-ip' ? 'as Cloudflare sets it' : 'nowhere but on Cloudflare'}`, async () => {
    const before = remaining(await send('/api/index.json'));
    const a = await send('/api/index.json', { headers: { 'cf-connecting-ip': '198.51.100.1' } });
    const b = await send('/api/index.json', { headers: { 'cf-connecting-ip': '198.51.100.2' } });
    const a2 = await send('/api/index.json', { headers: { 'cf-connecting-ip': '198.51.100.1' } });
    if (platformHeader === 'cf-connecting-ip') {
      expect([remaining(a), remaining(b), remaining(a2)]).toEqual([299, 299, 298]);
    } else {
      expect([remaining(a), remaining(b), remaining(a2)]).toEqual([before - 1, before - 2, before - 3]);
    }
  });

  it('limits one client to exactly its quota, then answers 429 with Retry-After', async () => {
    let left = remaining(await send('/api/posts-en.json?limit=1'));
    while (left > 0) {
      const reply = await send('/api/index.json');
      expect(reply.status).toBe(200);
      expect(remaining(reply)).toBe(left - 1);
      left -= 1;
    }
    const limited = await send('/api/index.json');
    expect(limited.status).toBe(429);
    expect(limited.header('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(limited.header('cache-control')).toBe('no-store');
    expect(Number(limited.header('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.header('retry-after'))).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited.text).error.code).toBe('rate_limited');
    expectApiHeaders(limited);
    // The other client is still served, unless the runtime sees it as the same one.
    expect((await send('/api/index.json', { via: other })).status).toBe(netlifyDevProxy ? 429 : 200);
  });
});

describe('edge bundles', () => {
  it.each(['vercel', 'netlify', 'cloudflare'])(
    'dist/%s.js carries the manifest but no content, no imports, and stays under 150 KiB gzip',
    async (name) => {
      const file = resolve(TEST_PROJECT, `dist/${name}.js`);
      const code = readFileSync(file, 'utf8');
      expect(code).toContain('"Lantern Log"');
      expect(code).not.toContain('Idempotent Queue Consumers');
      expect(gzipSync(code).length).toBeLessThan(150 * 1024);
      const { metafile } = await build({
        entryPoints: [file],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'neutral',
        logLevel: 'silent',
      });
      expect(Object.values(metafile.inputs).flatMap((input) => input.imports)).toEqual([]);
    },
  );
});
