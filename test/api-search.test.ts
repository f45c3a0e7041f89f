/**
 * The REST search, /api/search.json: over the sample blog, the same ids in the same order as the
 * MCP tool search_blog_posts for a table of queries (accents, prefixes, filters, continuation),
 * and its refusals, headers and validators, through the handler as every adapter calls it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import type { SearchResults } from '../src/core/schemas.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, servedData } from './support/data.ts';
import { expectRateHeaders } from './support/expect.ts';

const BASE = 'https://blog.example';
let data: SiteData;
let handler: Handler;

beforeAll(async () => {
  data = await servedData();
  handler = createHandler(await deployed(data, BASE));
});

const get = (path: string, init: RequestInit = {}) =>
  handler.fetch(new Request(BASE + path, init), { clientAddress: '192.0.2.1' });

async function rest(parameters: Record<string, string | number>): Promise<SearchResults> {
  const query = new URLSearchParams(Object.entries(parameters).map(([name, value]) => [name, String(value)]));
  const response = await get(`/api/search.json?${query}`);
  expect(response.status, String(query)).toBe(200);
  return (await response.json()) as SearchResults;
}

async function tool(args: Record<string, unknown>): Promise<SearchResults> {
  const response = await get('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_blog_posts', arguments: args },
    }),
  });
  const { result } = (await response.json()) as {
    result: { isError?: boolean; structuredContent: SearchResults };
  };
  expect(result.isError ?? false, JSON.stringify(args)).toBe(false);
  return result.structuredContent;
}

const ids = (answer: SearchResults) => answer.results.map((result) => result.url);

/** Each query as the REST search takes it (`q`); the tool takes the words as `query`. */
const QUERIES: ({ q: string } & Record<string, string | number>)[] = [
  { q: 'cache' },
  { q: 'caché', lang: 'es' },
  { q: 'CACHE control', limit: 50 },
  { q: 'revalid' },
  { q: 'leaky buck' },
  { q: 'zzqqxx revalid' },
  { q: 'http', tag: 'http' },
  { q: 'http', tag: 'no-such-tag' },
  { q: 'cache', series: 'caching-by-hand' },
  { q: 'cache', series: 'caching-by-hand', tag: 'http' },
  { q: 'http', limit: 3 },
  { q: 'http', limit: 3, cursor: '3' },
  { q: 'http', limit: 3, cursor: '6' },
  { q: 'cabecera', lang: 'es', limit: 2, cursor: '2' },
  { q: 'xylophone quartz' },
];

describe('/api/search.json and search_blog_posts', () => {
  it.each(QUERIES)('answer the same ids in the same order: %j', async ({ q, ...options }) => {
    const fromRest = await rest({ q, ...options });
    const { limit, ...others } = options;
    const fromTool = await tool({
      query: q,
      ...others,
      ...(limit !== undefined && { limit: Number(limit) }),
    });
    expect(ids(fromRest)).toEqual(ids(fromTool));
    expect(fromRest).toEqual(fromTool);
  });

  it('a tag keeps only the posts with it, a series only its chapters', async () => {
    const tagged = await rest({ q: 'http', tag: 'http', limit: 50 });
    expect(tagged.total).toBeGreaterThan(0);
    for (const result of tagged.results) expect(result.tags).toContain('http');
    const everything = await rest({ q: 'http', limit: 50 });
    expect(tagged.total).toBeLessThan(everything.total);

    const chapters = await (await get('/api/series/en/caching-by-hand.json')).json();
    const inSeries = new Set((chapters.posts as { slug: string }[]).map((post) => post.slug));
    const found = await rest({ q: 'cache', series: 'caching-by-hand', limit: 50 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.results.every((result) => inSeries.has(result.slug))).toBe(true);
    expect((await rest({ q: 'cache', series: 'no-such-series' })).total).toBe(0);
  });

  it('pages followed by their cursors are the one long page, and the last has no cursor', async () => {
    const whole = await rest({ q: 'http', limit: 50 });
    expect(whole.total).toBeGreaterThan(4);
    const pages: SearchResults[] = [];
    let cursor: string | undefined;
    do {
      const page: SearchResults = await rest({
        q: 'http',
        limit: 2,
        ...(cursor !== undefined && { cursor }),
      });
      expect(page.total).toBe(whole.total);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages.flatMap((page) => page.results)).toEqual(whole.results.slice(0, whole.total));
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
    expect((await rest({ q: 'http', cursor: String(whole.total) })).results).toEqual([]);
  });

  it('carries the API headers and a validator: 304 for If-None-Match, HEAD alike, /api/v1/ the same', async () => {
    const path = '/api/search.json?q=cache&limit=3';
    const ok = await get(path);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(ok.headers.get('x-api-version')).toBe('1.0.0');
    expect(ok.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expectRateHeaders(ok);
    const etag = ok.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const text = await ok.text();
    const notModified = await get(path, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    const v1 = await get(path.replace('/api/', '/api/v1/'));
    expect(await v1.text()).toBe(text);
  });
});

describe('refusals', () => {
  it.each([
    ['', 'q'],
    ['?q=', 'q'],
    ['?q=%20%20', 'q'],
    ['?lang=en', 'q'],
    [`?q=${'a'.repeat(201)}`, 'q'],
    ['?q=a&q=b', 'q'],
    ['?q=cache&limit=0', 'limit'],
    ['?q=cache&limit=51', 'limit'],
    ['?q=cache&limit=abc', 'limit'],
    ['?q=cache&limit=2.5', 'limit'],
    ['?q=cache&limit=', 'limit'],
    ['?q=cache&lang=xx', 'lang'],
    ['?q=cache&series=Not%20A%20Slug', 'series'],
    ['?q=cache&tag=', 'tag'],
    ['?q=cache&cursor=abc', 'cursor'],
    ['?q=cache&cursor=-1', 'cursor'],
    ['?q=cache&cursor=01', 'cursor'],
  ])('%s is 400 invalid_request naming %s', async (query, parameter) => {
    const response = await get(`/api/search.json${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expectRateHeaders(response);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_request');
    expect(body.detail).toContain(`The ${parameter} parameter`);
    expect(body.instance).toBe(`/api/search.json${query}`);
  });

  it('a method other than GET and HEAD is 405', async () => {
    const response = await get('/api/search.json?q=cache', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
