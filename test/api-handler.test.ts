import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { createHandler, type Deployment, type Handler, type HandlerOptions } from '../src/handler.ts';
import { deployed, fixtureData } from './support/data.ts';
import { expectApiHeaders } from './support/expect.ts';

const BASE = 'https://mini.example';
let data: SiteData;
let deployment: Deployment;

beforeAll(async () => {
  data = await fixtureData('mini');
  deployment = await deployed(data, BASE);
});

function handlerWith(options: HandlerOptions = {}): Handler {
  return createHandler(deployment, options);
}

function call(handler: Handler, path: string, init: RequestInit = {}, clientAddress = '192.0.2.1') {
  return handler.fetch(new Request(BASE + path, init), { clientAddress });
}

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  return (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    instance: string;
    error: { code: string; message: string; hint: string; documentation_url: string };
  };
}

const ENDPOINT_PATHS = [
  '/api/index.json',
  '/api/posts.json',
  '/api/posts-en.json',
  '/api/posts-es.json',
  '/api/series/en/index.json',
  '/api/series/es/index.json',
  '/api/series/en/http-basics.json',
  '/api/series/es/http-basics.json',
  '/api/timeline/en/http.json',
  '/api/timeline/es/caching.json',
  '/api/slides-timeline/en.json',
  '/api/slides-timeline/es.json',
];

describe('successful responses', () => {
  it.each(ENDPOINT_PATHS)('%s is JSON with every API header, an ETag and its length', async (path) => {
    const response = await call(handlerWith(), path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-z-]+"$/);
    expectApiHeaders(response);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(() => JSON.parse(new TextDecoder().decode(body))).not.toThrow();
  });

  it('serves every path identically under /api/v1/', async () => {
    const handler = handlerWith();
    const index = await (await call(handler, '/api/index.json')).json();
    const urls: string[] = index.endpoints.flatMap((e: { urls: string[] }) => e.urls);
    expect(urls.length).toBeGreaterThanOrEqual(ENDPOINT_PATHS.length);
    for (const url of urls) {
      const path = new URL(url).pathname;
      const a = await call(handler, path);
      const b = await call(handler, path.replace('/api/', '/api/v1/'));
      expect(b.status, path).toBe(200);
      expect(await b.text(), path).toBe(await a.text());
      expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    }
    const limited = await call(handler, '/api/v1/posts.json?limit=1');
    expect(await limited.json()).toHaveLength(1);
  });

  it('lists posts newest first with the documented fields and absolute URLs', async () => {
    const handler = handlerWith();
    const all = await (await call(handler, '/api/posts.json')).json();
    const en = await (await call(handler, '/api/posts-en.json')).json();
    const es = await (await call(handler, '/api/posts-es.json')).json();
    expect(all).toHaveLength(en.length + es.length);
    expect(en.every((p: { lang: string }) => p.lang === 'en')).toBe(true);
    expect(es.every((p: { lang: string }) => p.lang === 'es')).toBe(true);
    expect(Object.keys(all[0])).toEqual([
      'id',
      'slug',
      'lang',
      'title',
      'description',
      'pubDate',
      'tags',
      'topics',
      'subtopics',
      'heroImage',
      'url',
      'series',
      'seriesOrder',
      'seriesCurrent',
      'seriesTotal',
      'seriesTitle',
      'relatedPosts',
      'relatedSlides',
    ]);
    expect(en.find((p: { slug: string }) => p.slug === 'first')).toEqual({
      id: 'en/2025-01-10_first',
      slug: 'first',
      lang: 'en',
      title: 'First post',
      description: 'The first one.',
      pubDate: '2025-01-10T00:00:00.000Z',
      tags: ['http', 'unlisted'],
      topics: ['caching'],
      subtopics: ['etag'],
      heroImage: `${BASE}/images/first.webp`,
      url: `${BASE}/blog/first/`,
      series: 'http-basics',
      seriesOrder: 2,
      seriesCurrent: 2,
      seriesTotal: 2,
      seriesTitle: 'HTTP basics',
      relatedPosts: [],
      relatedSlides: [],
    });
    expect(es[0].url).toBe(`${BASE}/es/blog/first/`);
  });

  it('serves a series in reading order with 1-based positions', async () => {
    const detail = await (await call(handlerWith(), '/api/series/en/http-basics.json')).json();
    expect(detail).toMatchObject({ series: 'http-basics', lang: 'en', title: 'HTTP basics', total: 2 });
    expect(detail.posts.map((p: { slug: string; position: number }) => [p.slug, p.position])).toEqual([
      ['second', 1],
      ['first', 2],
    ]);
    expect(detail.posts[1].tags).toEqual(['http', 'caching', 'etag', 'unlisted']);
    expect(detail.posts[0].updatedDate).toBe('2025-03-01T00:00:00.000Z');
  });

  it('lists series with their counts, images and latest chapter date', async () => {
    const listing = await (await call(handlerWith(), '/api/series/en/index.json')).json();
    expect(listing).toEqual({
      lang: 'en',
      total: 1,
      series: [
        {
          slug: 'http-basics',
          title: 'HTTP basics',
          description: 'A short series.',
          order: 1,
          postCount: 2,
          heroImage: `${BASE}/images/series.webp`,
          firstPostHero: null,
          lastPostDate: '2025-02-10T12:00:00.000Z',
        },
      ],
    });
  });

  it('serves a tag timeline of every tier, and decks with their addresses', async () => {
    const handler = handlerWith();
    const subtopic = await (await call(handler, '/api/timeline/en/etag.json')).json();
    expect(subtopic).toMatchObject({ tag: 'etag', lang: 'en', total: 1 });
    const unlisted = await call(handler, '/api/timeline/en/unlisted.json');
    expect(unlisted.status).toBe(200);
    const slides = await (await call(handler, '/api/slides-timeline/en.json')).json();
    expect(slides.decks.map((d: { url: string }) => d.url)).toEqual([
      'https://slides.example/deck',
      `${BASE}/talks/native-deck/`,
    ]);
    const none = await (await call(handler, '/api/slides-timeline/es.json')).json();
    expect(none).toEqual({ lang: 'es', total: 0, decks: [] });
  });

  it('describes the API in its index', async () => {
    const index = await (await call(handlerWith(), '/api/index.json')).json();
    expect(index).toMatchObject({
      version: '1.0.0',
      methods: ['GET', 'HEAD'],
      authentication: { required: false, scheme: 'none' },
      rate_limit: { quota: 300, window_seconds: 60, scope: 'client-ip', enforcement: 'best-effort' },
      versioning: {
        version_header: 'X-API-Version',
        url_prefixes: ['/api/', '/api/v1/'],
        deprecation_headers: ['Deprecation', 'Sunset'],
      },
      license: { spdx: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      total: 8,
    });
    expect(Object.values(index.links).every((link) => String(link).startsWith(`${BASE}/`))).toBe(true);
    const timeline = index.endpoints.find(
      (e: { operationId: string }) => e.operationId === 'getTimelineByTag',
    );
    expect(timeline.urls).toEqual([...timeline.urls].sort());
    expect(timeline.urls).toContain(`${BASE}/api/timeline/es/caching.json`);
    expect(timeline.urls).not.toContain(`${BASE}/api/timeline/es/etag.json`);
  });

  it('ignores credentials', async () => {
    const handler = handlerWith();
    const plain = await call(handler, '/api/posts-en.json?limit=1');
    const withCredentials = await call(handler, '/api/posts-en.json?limit=1', {
      headers: { authorization: 'Bearer nope', cookie: 'session=x', 'x-api-key': 'k' },
    });
    expect(withCredentials.status).toBe(200);
    expect(await withCredentials.text()).toBe(await plain.text());
  });
});

describe('limit', () => {
  it('returns the newest N posts and the full count', async () => {
    const handler = handlerWith();
    const all = await (await call(handler, '/api/posts.json')).json();
    for (const n of [1, 2, 3]) {
      const response = await call(handler, `/api/posts.json?limit=${n}`);
      expect(await response.json()).toEqual(all.slice(0, n));
      expect(response.headers.get('x-total-count')).toBe(String(all.length));
    }
    const padded = await call(handler, '/api/posts.json?limit=05');
    expect(await padded.json()).toEqual(all);
    const max = await call(handler, '/api/posts.json?limit=500');
    expect(await max.json()).toEqual(all);
    expect((await call(handler, '/api/posts.json')).headers.get('x-total-count')).toBe(String(all.length));
  });

  it('gives a limited body its own validator', async () => {
    const handler = handlerWith();
    const full = await call(handler, '/api/posts.json');
    const one = await call(handler, '/api/posts.json?limit=1');
    expect(one.headers.get('etag')).not.toBe(full.headers.get('etag'));
  });

  it.each(['', '0', '501', '5.0', '+5', ' 5', '1e2', '-1', 'abc', '0x10', '２'])(
    'limit=%j is 400 invalid_request',
    async (bad) => {
      const query = `?limit=${encodeURIComponent(bad)}`;
      const response = await call(handlerWith(), `/api/posts-en.json${query}`);
      expect(response.status).toBe(400);
      expectApiHeaders(response);
      const body = await problemOf(response);
      expect(body).toMatchObject({
        type: `${BASE}/developers#endpoints`,
        title: 'Bad Request',
        status: 400,
        instance: `/api/posts-en.json${query}`,
      });
      expect(body.detail).toContain(JSON.stringify(bad));
      expect(body.detail).toContain('1 to 500');
      expect(body.error).toMatchObject({
        code: 'invalid_request',
        message: body.detail,
        documentation_url: `${BASE}/developers`,
      });
      expect(body.error.hint).toMatch(/without limit/);
    },
  );

  it('refuses limit given twice', async () => {
    const response = await call(handlerWith(), '/api/posts.json?limit=1&limit=2');
    const body = await problemOf(response);
    expect(body.status).toBe(400);
    expect(body.detail).toMatch(/2 times/);
  });

  it('is ignored on the other endpoints', async () => {
    const response = await call(handlerWith(), '/api/series/en/index.json?limit=abc');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBeNull();
  });
});

describe('errors', () => {
  const NOT_FOUND = [
    '/api/nope.json',
    '/api/',
    '/api',
    '/api/posts',
    '/api/posts.json/',
    '/api//posts.json',
    '/api/v2/posts.json',
    '/api/v1/nope.json',
    '/api/series/fr/index.json',
    '/api/series/EN/index.json',
    '/api/series/en/no-such-series.json',
    '/api/series/en/%2e%2e%2findex.json',
    '/api/series/en/..%2F..%2Fposts.json',
    '/api/timeline/en/no-such-tag.json',
    '/api/timeline/en/%E0%A4%A.json',
    '/api/timeline/es/etag.json',
    '/api/slides-timeline/de.json',
    `/api/${'a'.repeat(8_000)}.json`,
  ];

  it.each(NOT_FOUND)('%s is 404 resource_not_found problem+json', async (path) => {
    const response = await call(handlerWith(), path);
    expect(response.status).toBe(404);
    expectApiHeaders(response);
    const body = await problemOf(response);
    expect(body).toMatchObject({ type: `${BASE}/developers#errors`, title: 'Not Found', status: 404 });
    expect(body.error.code).toBe('resource_not_found');
    expect(body.error.hint).toContain('/api/index.json');
    expect(body.detail).toBe(body.error.message);
    expect(body.instance).toBe(new URL(BASE + path).pathname);
  });

  it('resolves dot segments before routing and never fails on them', async () => {
    const handler = handlerWith();
    const escaped = await call(handler, '/api/series/../../../etc/passwd');
    expect(escaped.status).toBe(404);
    const inside = await call(handler, '/api/series/en/../../posts.json');
    expect(inside.status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s is 405 with Allow', async (method) => {
    const response = await call(handlerWith(), '/api/posts.json', {
      method,
      body: method === 'DELETE' ? null : '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expectApiHeaders(response);
    const body = await problemOf(response);
    expect(body.error.code).toBe('method_not_allowed');
    expect(body.error.hint).toMatch(/GET/);
  });

  it('answers 410 gone for removed paths, under both prefixes', async () => {
    const handler = handlerWith();
    for (const path of ['/api/series/en/old.json', '/api/v1/series/en/old.json']) {
      const response = await call(handler, path);
      expect(response.status).toBe(410);
      const body = await problemOf(response);
      expect(body).toMatchObject({ title: 'Gone', status: 410, instance: path, error: { code: 'gone' } });
    }
  });

  it('turns an unexpected exception into 500 internal_error without internals', async () => {
    const failing = async () => {
      throw new Error('secret internal failure');
    };
    const broken = { ...deployment, source: { read: failing } };
    const quiet = console.error;
    console.error = () => {};
    try {
      const handler = createHandler(broken);
      const response = await call(handler, '/api/slides-timeline/en.json');
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectApiHeaders(response);
      const text = await response.text();
      expect(text).not.toMatch(/secret|at |Error:/);
      const body = JSON.parse(text);
      expect(body).toMatchObject({
        status: 500,
        title: 'Internal Server Error',
        error: { code: 'internal_error' },
      });
      expect(body.error.hint).toMatch(/safe/);
    } finally {
      console.error = quiet;
    }
  });

  it('never answers HTML under /api/', async () => {
    const handler = handlerWith();
    for (const [path, init] of [
      ['/api/nope.html', {}],
      ['/api/posts.json', { method: 'POST' }],
      ['/api/posts.json?limit=x', { headers: { accept: 'text/html' } }],
    ] as const) {
      const response = await call(handler, path, init);
      expect(response.headers.get('content-type')).not.toMatch(/html/);
    }
  });
});

describe('HTTP behaviour', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const handler = handlerWith();
    for (const path of ['/api/posts.json', '/api/posts.json?limit=1', '/api/nope.json']) {
      const get = await call(handler, path);
      const head = await call(handler, path, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      for (const name of [
        'content-type',
        'content-length',
        'etag',
        'x-total-count',
        'cache-control',
        'x-api-version',
      ]) {
        expect(head.headers.get(name), name).toBe(get.headers.get(name));
      }
      expect(await head.text()).toBe('');
    }
  });

  it('answers If-None-Match with 304 and the same validators', async () => {
    const handler = handlerWith();
    const first = await call(handler, '/api/posts-en.json');
    const etag = first.headers.get('etag') ?? '';
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await call(handler, '/api/posts-en.json', { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
      expectApiHeaders(again);
      expect(await again.text()).toBe('');
    }
    const stale = await call(handler, '/api/posts-en.json', { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    const limited = await call(handler, '/api/posts-en.json?limit=1', { headers: { 'if-none-match': etag } });
    expect(limited.status).toBe(200);
  });

  it('answers a CORS preflight with 204 without spending quota', async () => {
    const handler = handlerWith();
    const before = await call(handler, '/api/posts.json');
    const remaining = Number(before.headers.get('ratelimit-remaining'));
    const preflight = await call(handler, '/api/posts.json', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('if-none-match');
    expect(preflight.headers.get('ratelimit-remaining')).toBe(String(remaining));
    const after = await call(handler, '/api/posts.json');
    expect(after.headers.get('ratelimit-remaining')).toBe(String(remaining - 1));
  });

  it('answers any other OPTIONS with 405', async () => {
    const response = await call(handlerWith(), '/api/posts.json', { method: 'OPTIONS' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('marks deprecated endpoints with Deprecation, Sunset and Link', async () => {
    const handler = handlerWith();
    for (const path of [
      '/api/posts-es.json',
      '/api/v1/posts-es.json?limit=1',
      '/api/posts-es.json?limit=0',
    ]) {
      const response = await call(handler, path);
      expect(response.headers.get('deprecation'), path).toBe(`@${Date.parse('2026-01-01T00:00:00Z') / 1000}`);
      expect(response.headers.get('sunset')).toBe('Thu, 31 Dec 2026 00:00:00 GMT');
      expect(response.headers.get('link')).toBe(`<${BASE}/developers#versioning>; rel="deprecation"`);
    }
    const current = await call(handler, '/api/posts-en.json');
    expect(current.headers.get('deprecation')).toBeNull();
    expect(current.headers.get('sunset')).toBeNull();
  });
});

describe('rate limit', () => {
  it('spends one unit per request and reports the true reset', async () => {
    let now = 1_000_000;
    const handler = handlerWith({ rateLimit: { now: () => now } });
    const first = await call(handler, '/api/index.json');
    expect(first.headers.get('ratelimit')).toBe('"default";r=299;t=60');
    now += 15_000;
    const second = await call(handler, '/api/nope.json');
    expect(second.headers.get('ratelimit')).toBe('"default";r=298;t=45');
    expect(second.headers.get('ratelimit-remaining')).toBe('298');
    expect(second.headers.get('ratelimit-reset')).toBe('45');
  });

  it('answers 429 past the quota, on the API and on MCP alike', async () => {
    let now = 0;
    const handler = handlerWith({ rateLimit: { quota: 2, now: () => now } });
    await call(handler, '/api/index.json');
    now += 10_000;
    await call(handler, '/api/posts.json');
    const limited = await call(handler, '/api/posts.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=2;w=60');
    expect(limited.headers.get('ratelimit')).toBe('"default";r=0;t=50');
    const body = await problemOf(limited);
    expect(body).toMatchObject({
      type: `${BASE}/developers#rate-limits`,
      title: 'Too Many Requests',
      status: 429,
      error: { code: 'rate_limited' },
    });
    expect(body.error.hint).toMatch(/Retry-After/);
    const mcp = await call(handler, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(mcp.status).toBe(429);
    expect(mcp.headers.get('retry-after')).toBe('50');
    now += 50_000;
    expect((await call(handler, '/api/posts.json')).status).toBe(200);
  });

  it('does not let a client dodge the limit with forwarding headers it invents', async () => {
    const handler = handlerWith({ rateLimit: { quota: 1 } });
    await call(handler, '/api/index.json');
    for (const header of ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip']) {
      const response = await call(handler, '/api/index.json', { headers: { [header]: '198.51.100.77' } });
      expect(response.status, header).toBe(429);
    }
  });

  it('trusts a forwarding header only when configured', async () => {
    const handler = handlerWith({ rateLimit: { quota: 1 }, clientAddressHeader: 'x-forwarded-for' });
    const a = await call(
      handler,
      '/api/index.json',
      { headers: { 'x-forwarded-for': '198.51.100.1' } },
      '10.0.0.1',
    );
    const b = await call(
      handler,
      '/api/index.json',
      { headers: { 'x-forwarded-for': '198.51.100.2' } },
      '10.0.0.1',
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await call(
      handler,
      '/api/index.json',
      { headers: { 'x-forwarded-for': 'spoofed, 198.51.100.1' } },
      '10.0.0.1',
    );
    expect(again.status).toBe(429);
  });

  it('groups IPv6 clients by /64', async () => {
    const handler = handlerWith({ rateLimit: { quota: 1 } });
    expect((await call(handler, '/api/index.json', {}, '2001:db8:1:2::1')).status).toBe(200);
    expect((await call(handler, '/api/index.json', {}, '2001:db8:1:2::ffff')).status).toBe(429);
    expect((await call(handler, '/api/index.json', {}, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('leaves site pages outside the quota', async () => {
    const handler = handlerWith({ rateLimit: { quota: 1 } });
    await call(handler, '/api/index.json');
    expect((await call(handler, '/llms.txt')).status).not.toBe(429);
  });
});
