/** The real Node and Bun servers over real sockets, driven by undici. */
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBaseUrl, type RunningServer, startBun, startNode } from './support/server.ts';

const RUNTIMES = [
  ['Node', startNode],
  ['Bun', startBun],
] as const;

describe.each(RUNTIMES)('%s server', (_, start) => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    server = await start({ FOLIO_RATE_LIMIT_MAX_CLIENTS: '1000' });
    pool = new Pool(server.url, { connections: 4 });
  });

  afterAll(async () => {
    await pool?.close();
    await server?.stop();
  });

  async function get(
    path: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' | 'POST' = 'GET',
  ) {
    const response = await pool.request({ path, method, headers });
    const text = await response.body.text();
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    return { status: response.statusCode, text, header };
  }

  it('serves the fixture blog with the base URL it was built for in every absolute URL', async () => {
    const response = await get('/api/posts-en.json');
    expect(response.status).toBe(200);
    const posts = JSON.parse(response.text);
    // The served fixture's nine published English posts.
    expect(posts).toHaveLength(9);
    const baseUrl = builtBaseUrl();
    expect(posts.every((post: { url: string }) => post.url.startsWith(`${baseUrl}/blog/`))).toBe(true);
    expect(response.header('x-total-count')).toBe(String(posts.length));
  });

  it('keeps drafts and future posts unpublished', async () => {
    const all = JSON.parse((await get('/api/posts.json')).text) as { slug: string; pubDate: string }[];
    expect(all).toHaveLength(16);
    const unpublished = ['half-written-ideas', 'notes-from-the-future'];
    expect(all.filter((post) => unpublished.includes(post.slug))).toEqual([]);
    expect(all.every((post) => Date.parse(post.pubDate) <= Date.now())).toBe(true);
  });

  it('sends Content-Length on HEAD without a body, over the wire', async () => {
    const get200 = await get('/api/posts.json?limit=3');
    const head = await get('/api/posts.json?limit=3', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.header('content-length')).toBe(String(Buffer.byteLength(get200.text)));
    expect(head.header('etag')).toBe(get200.header('etag'));
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/api/series/en/index.json');
    const again = await get('/api/series/en/index.json', { 'if-none-match': first.header('etag') ?? '' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.header('etag')).toBe(first.header('etag'));
  });

  it('answers 410 for a removed series and 404 problem+json for path tricks', async () => {
    expect((await get('/api/series/en/retired-notes.json')).status).toBe(410);
    for (const path of [
      '/api/series/en/%2e%2e%2findex.json',
      '/api//posts.json',
      '/api/series/EN/index.json',
      `/api/${'x'.repeat(8_000)}`,
    ]) {
      const response = await get(path);
      expect(response.status, path.slice(0, 60)).toBe(404);
      expect(response.header('content-type')).toBe('application/problem+json; charset=utf-8');
    }
  });

  it('takes the client address from the connection: invented forwarding headers share its quota', async () => {
    const before = Number((await get('/api/index.json')).header('ratelimit-remaining'));
    const forged = await get('/api/index.json', {
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
    });
    expect(Number(forged.header('ratelimit-remaining'))).toBe(before - 1);
  });

  it('limits one client to exactly its quota, then answers 429 with Retry-After', async () => {
    let remaining = Number((await get('/api/posts-en.json?limit=1')).header('ratelimit-remaining'));
    while (remaining > 0) {
      const response = await get('/api/index.json');
      expect(response.status).toBe(200);
      expect(Number(response.header('ratelimit-remaining'))).toBe(remaining - 1);
      remaining -= 1;
    }
    const limited = await get('/api/index.json');
    expect(limited.status).toBe(429);
    expect(Number(limited.header('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.header('retry-after'))).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited.text).error.code).toBe('rate_limited');
  });
});
