/**
 * The OpenAPI document as a contract for the real Node server: every concrete URL of the API
 * index under both prefixes, with GET, HEAD and If-None-Match, and each kind of error, checked
 * against the operation the document declares for that path: the status must be declared, every
 * required header present, every declared header valid against its schema, and the body valid
 * against the schema of its media type (no body where none is declared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { API_PREFIXES } from '../src/core/api.ts';
import { servedData } from './support/data.ts';
import { exchangeOf, type OpenApi, OpenApiDocument } from './support/openapi.ts';
import { type RunningServer, startNode } from './support/server.ts';

let data: SiteData;
let server: RunningServer;
let document: OpenApiDocument;
let urls: string[];

beforeAll(async () => {
  // The blog the server serves, for its tombstones.
  data = await servedData();
  // Room for every request of this suite within one window.
  server = await startNode({ FOLIO_RATE_LIMIT_QUOTA: '5000' });
  document = new OpenApiDocument((await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi);
  const index = (await (await fetch(`${server.url}/api/index.json`)).json()) as {
    endpoints: { urls: string[] }[];
  };
  // The index names the public address the deployment was built for; ask this server for the same paths.
  urls = index.endpoints.flatMap((endpoint) =>
    endpoint.urls.map((url) => server.url + new URL(url).pathname),
  );
});

/** Searches of each kind: words, a language, filters, a page and its continuation. */
const searches = () =>
  [
    '?q=cache',
    '?q=caché&lang=es&limit=2',
    '?q=http&tag=http',
    '?q=cache&series=caching-by-hand&limit=1&cursor=1',
  ].map((query) => `${server.url}/api/search.json${query}`);

afterAll(() => server?.stop());

/** The same URL under each prefix: /api/... and /api/v1/... */
const underEachPrefix = (url: string) => API_PREFIXES.map((prefix) => url.replace('/api/', prefix));

/** Identity bodies, whose Content-Length HEAD reports too (test/compression.test.ts covers br and gzip). */
const exchange = async (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  exchangeOf(
    method,
    url,
    await fetch(url, { method, headers: { 'accept-encoding': 'identity', ...headers } }),
  );

/** Headers a 304 repeats from the 200 it stands for. */
const SAME_AS_GET = [
  'etag',
  'cache-control',
  'x-api-version',
  'ratelimit-policy',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

describe('the API keeps the contract its OpenAPI document declares', () => {
  it('every concrete URL of the index under both prefixes: GET, HEAD and a 304 for If-None-Match', async () => {
    expect(urls.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const url of [...urls, ...searches()].flatMap(underEachPrefix)) {
      const get = await exchange(url);
      expect(get.status, url).toBe(200);
      const head = await exchange(url, 'HEAD');
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-length'), url).toBe(get.headers.get('content-length'));
      const validator = { 'if-none-match': get.headers.get('etag')! };
      const notModified = await exchange(url, 'GET', validator);
      expect(notModified.status, url).toBe(304);
      const headNotModified = await exchange(url, 'HEAD', validator);
      expect(headNotModified.status, url).toBe(304);
      found.push(...[get, head, notModified, headNotModified].flatMap((answer) => document.breaches(answer)));
    }
    expect(found).toEqual([]);
  });

  it('a 304 carries the validators, caching and API headers but no Content-Type, Content-Length or X-Total-Count', async () => {
    for (const url of underEachPrefix(urls.find((u) => u.endsWith('/api/posts-en.json'))!)) {
      const get = await exchange(url);
      const notModified = await exchange(url, 'GET', { 'if-none-match': get.headers.get('etag')! });
      expect(notModified.status).toBe(304);
      for (const name of ['content-type', 'content-length', 'x-total-count']) {
        expect(notModified.headers.get(name), `${url} ${name}`).toBeNull();
      }
      for (const name of SAME_AS_GET) {
        expect(notModified.headers.get(name), `${url} ${name}`).toBe(get.headers.get(name));
      }
      expect(notModified.headers.get('ratelimit'), url).toMatch(/^"default";r=\d+;t=\d+$/);
    }
  });

  it('400, 404, 405 and 410 answers under both prefixes, with GET and HEAD', async () => {
    const postIndexes = urls.filter((url) => /\/api\/posts(-\w+)?\.json$/.test(url));
    expect(postIndexes.length).toBeGreaterThan(1);
    const gone = data.gone.filter((path) => path.startsWith('/api/'));
    expect(gone.length).toBeGreaterThan(0);
    const origin = server.url;
    const withGetAndHead = (status: number, ...urls: string[]) =>
      urls.flatMap(underEachPrefix).flatMap((url): [string, string, number][] => [
        [url, 'GET', status],
        [url, 'HEAD', status],
      ]);
    const cases: [url: string, method: string, status: number][] = [
      ...withGetAndHead(400, ...postIndexes.map((url) => `${url}?limit=0`)),
      ...withGetAndHead(
        400,
        ...['', '?q=', '?q=cache&limit=0', '?q=cache&limit=51', '?q=cache&lang=xx', '?q=cache&cursor=x'].map(
          (query) => `${origin}/api/search.json${query}`,
        ),
      ),
      ...withGetAndHead(
        404,
        `${origin}/api/series/en/no-such-series.json`,
        `${origin}/api/timeline/es/no-such-tag.json`,
      ),
      ...withGetAndHead(410, ...gone.map((path) => origin + path)),
      ...['DELETE', 'POST', 'PUT', 'PATCH'].flatMap((method) =>
        [`${origin}/api/posts-en.json`, `${origin}/api/search.json?q=cache`]
          .flatMap(underEachPrefix)
          .map((u): [string, string, number] => [u, method, 405]),
      ),
    ];
    const found: string[] = [];
    for (const [url, method, status] of cases) {
      const answer = await exchange(url, method);
      expect(answer.status, `${method} ${url}`).toBe(status);
      found.push(...document.breaches(answer));
    }
    expect(found).toEqual([]);
  });

  it('429 once the quota is spent, under both prefixes, with GET and HEAD', async () => {
    const limited = await startNode({ FOLIO_RATE_LIMIT_QUOTA: '2' });
    try {
      const found: string[] = [];
      for (const url of underEachPrefix(`${limited.url}/api/posts-es.json`)) {
        const answers = [];
        for (const method of ['GET', 'HEAD', 'GET', 'HEAD']) answers.push(await exchange(url, method));
        expect(
          answers.map((a) => a.status),
          url,
        ).toEqual(url.includes('/v1/') ? [429, 429, 429, 429] : [200, 200, 429, 429]);
        found.push(...answers.flatMap((answer) => document.breaches(answer)));
      }
      expect(found).toEqual([]);
    } finally {
      await limited.stop();
    }
  });
});
