/**
 * The usual alternative: a straightforward Hono app on @hono/node-server with the same routes,
 * status codes and headers as Folio. Bodies of the REST routes and of the benchmarked site page are
 * the bytes Folio serves (from the captured exchanges), kept as strings; `limit` slices the parsed
 * list once per value and memoizes the text; ETag/If-None-Match (a 304 without the representation
 * headers, as RFC 9110 15.4.5 and Folio have it), CORS (hono/cors), a per-client fixed-window
 * counter with the RateLimit headers, problem+json errors built per request, and MCP over JSON-RPC
 * whose search_blog_posts runs MiniSearch, the index built at start from the same posts and options
 * as Folio's build, searched afresh on every request (Folio keeps its finished answers). Header
 * values come from Folio's own constants.
 */
import { readFileSync } from 'node:fs';
import {
  createServer,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import MiniSearch from 'minisearch';
import type { Lang } from '../../src/build/data/types.ts';
import { buildData } from '../../src/build/index.ts';
import { searchDocuments } from '../../src/build/search-index.ts';
import { API_VERSION } from '../../src/core/api.ts';
import { MANIFEST_KEY, type Manifest } from '../../src/core/deployment.ts';
import { PROBLEM_TYPE } from '../../src/core/errors.ts';
import { etagOf } from '../../src/core/etag.ts';
import { JSON_TYPE } from '../../src/core/media-types.ts';
import type { SearchResults } from '../../src/core/schemas.ts';
import { type IndexedPost, SEARCH_OPTIONS } from '../../src/core/search-index.ts';
import { apiHeaders, CACHE_NONE, CACHE_PUBLIC } from '../../src/http/api-headers.ts';
import { ratePolicy } from '../../src/http/rate-limit-headers.ts';
import type { Fixture } from '../fixture.ts';
import { BENCH_RATE_LIMIT } from '../rate-limit.ts';

const fixture = JSON.parse(readFileSync(process.env.BENCH_FIXTURE ?? 'fixture.json', 'utf8')) as Fixture;
const bodyOf = (url: string, method = 'GET') => {
  const exchange = fixture.exchanges.find(
    (e) => e.method === method && e.url === url && !e.requestHeaders['if-none-match'],
  );
  return (
    exchange && { text: Buffer.from(exchange.body, 'base64').toString('utf8'), etag: exchange.headers.etag }
  );
};

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8787';
const { quota: QUOTA, windowSeconds: WINDOW } = BENCH_RATE_LIMIT;
const POLICY = ratePolicy(QUOTA, WINDOW);
/** Folio's Access-Control-Expose-Headers list, read from the headers it builds (the list is not exported). */
const EXPOSED = apiHeaders(
  { allowed: true, limit: 0, remaining: 0, reset: 0 },
  POLICY,
  JSON_TYPE,
  CACHE_PUBLIC,
)['access-control-expose-headers']!.split(', ');

interface Document {
  text: string;
  etag: string;
}
interface List {
  items: unknown[];
  etag: string;
  prefixes: Map<number, Document>;
}

const out = process.env.FOLIO_OUT ?? 'dist/public';
const { languages, baseUrl } = JSON.parse(readFileSync(`${out}/_folio${MANIFEST_KEY}`, 'utf8')) as Manifest;
const lists = new Map<string, List>();
for (const lang of languages) {
  const full = bodyOf(`/api/posts-${lang}.json`);
  if (full?.etag) lists.set(lang, { items: JSON.parse(full.text), etag: full.etag, prefixes: new Map() });
}
const documents = new Map<string, Document>();
for (const exchange of fixture.exchanges) {
  if (exchange.method === 'GET' && exchange.status === 200 && exchange.headers.etag)
    documents.set(exchange.url, {
      text: Buffer.from(exchange.body, 'base64').toString('utf8'),
      etag: exchange.headers.etag,
    });
}
/** Posts with every word first, else posts with any of them; the best `limit`, as Folio ranks them. */
const SHOWN = ['slug', 'title', 'description', 'pubDate', 'tagList', 'url'] as const;
const data = await buildData(process.env.BENCH_CONTENT ?? 'content');
const indexes = new Map(
  Object.entries(searchDocuments(data, baseUrl)).map(([lang, posts]) => {
    const index = new MiniSearch<IndexedPost>({ ...SEARCH_OPTIONS, storeFields: [...SHOWN] });
    index.addAll(posts);
    return [lang, index];
  }),
);
function searchPosts(query: string, lang: Lang, limit: number): SearchResults {
  const index = indexes.get(lang);
  const all = index?.search(query, { combineWith: 'AND' }) ?? [];
  const found = all.length > 0 ? all : (index?.search(query, { combineWith: 'OR' }) ?? []);
  const results = found.slice(0, limit).map((match) => ({
    slug: match.slug,
    title: match.title,
    description: match.description,
    pubDate: match.pubDate,
    tags: match.tagList,
    url: match.url,
    score: Math.round(match.score * 1000) / 1000,
  }));
  return { query, lang, total: found.length, results };
}

type Env = { Variables: { cache: string } };
const app = new Hono<Env>();

const clients = new Map<string, { count: number; resetAt: number }>();
const rateLimit: MiddlewareHandler<Env> = async (c, next) => {
  const client = getConnInfo(c).remote.address ?? 'unknown';
  const now = Date.now();
  let entry = clients.get(client);
  if (!entry || entry.resetAt <= now) {
    entry = { count: 0, resetAt: now + WINDOW * 1000 };
    clients.set(client, entry);
  }
  const allowed = entry.count < QUOTA;
  if (allowed) entry.count++;
  const remaining = QUOTA - entry.count;
  const reset = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
  c.header('x-api-version', API_VERSION);
  c.header('ratelimit-policy', POLICY);
  c.header('ratelimit', `"default";r=${remaining};t=${reset}`);
  c.header('ratelimit-limit', String(QUOTA));
  c.header('ratelimit-remaining', String(remaining));
  c.header('ratelimit-reset', String(reset));
  if (!allowed) {
    c.header('retry-after', String(reset));
    return problem(c, 429, 'Too Many Requests', 'rate_limited', 'Too many requests.');
  }
  await next();
};

function problem(c: Context, status: 400 | 404 | 429, title: string, code: string, detail: string) {
  const instance = c.req.path;
  const body = JSON.stringify({
    type: `${BASE_URL}/developers#errors`,
    title,
    status,
    detail,
    instance,
    error: {
      code,
      message: detail,
      hint: 'Every endpoint is listed at /api/index.json and described at /openapi.json; endpoint paths end in .json.',
      documentation_url: `${BASE_URL}/developers`,
    },
  });
  const cache = status === 429 ? CACHE_NONE : CACHE_PUBLIC;
  return c.body(body, status, { 'content-type': PROBLEM_TYPE, 'cache-control': cache });
}

function document(c: Context, doc: Document | undefined, extra: Record<string, string> = {}) {
  if (!doc) return problem(c, 404, 'Not Found', 'resource_not_found', `No resource at ${c.req.path}.`);
  return representation(c, doc, { 'content-type': JSON_TYPE, 'cache-control': CACHE_PUBLIC, ...extra });
}

/** A 200 with its validator, or the 304 that keeps only the caching headers and the validator. */
function representation(c: Context, doc: Document, headers: Record<string, string>) {
  if (c.req.header('if-none-match') === doc.etag)
    return c.body(null, 304, { 'cache-control': headers['cache-control']!, etag: doc.etag });
  return c.body(doc.text, 200, { ...headers, etag: doc.etag });
}

/** The site page the bench drives, with the headers Folio sends (pages are not rate limited). */
const PAGE = '/blog/';
const page = fixture.exchanges.find((e) => e.method === 'GET' && e.url === PAGE && e.status === 200);
if (page?.headers.etag) {
  const doc = { text: Buffer.from(page.body, 'base64').toString('utf8'), etag: page.headers.etag };
  const names = ['content-type', 'cache-control', 'access-control-allow-origin', 'vary', 'link'];
  const headers = Object.fromEntries(
    names.flatMap((name) => (page.headers[name] ? [[name, page.headers[name]]] : [])),
  );
  app.get(PAGE, (c) => representation(c, doc, headers));
}

app.use('/api/*', cors({ origin: '*', exposeHeaders: EXPOSED }), rateLimit);
app.use('/mcp', cors({ origin: '*', exposeHeaders: EXPOSED }), rateLimit);

const postIndex = (lang: string) => (c: Context) => {
  const list = lists.get(lang);
  if (!list) return problem(c, 404, 'Not Found', 'resource_not_found', `No resource at ${c.req.path}.`);
  const raw = c.req.query('limit');
  const total = String(list.items.length);
  if (raw === undefined) return document(c, documents.get(c.req.path), { 'x-total-count': total });
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > 100)
    return problem(c, 400, 'Bad Request', 'invalid_request', 'The limit parameter must be from 1 to 100.');
  let prefix = list.prefixes.get(limit);
  if (!prefix) {
    const text = JSON.stringify(list.items.slice(0, limit));
    prefix = { text, etag: limit >= list.items.length ? list.etag : etagOf(new TextEncoder().encode(text)) };
    list.prefixes.set(limit, prefix);
  }
  return document(c, prefix, { 'x-total-count': total });
};
app.get('/api/posts-en.json', postIndex('en'));
app.get('/api/posts-es.json', postIndex('es'));
app.get('/api/series/:lang/index.json', (c) => document(c, documents.get(c.req.path)));
app.get('/api/timeline/:lang/:tag{[a-z0-9-]+\\.json}', (c) => document(c, documents.get(c.req.path)));

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

interface SearchArguments {
  query?: unknown;
  lang?: unknown;
  limit?: unknown;
}

app.post('/mcp', async (c) => {
  const message = await c.req.json<{
    id: number;
    method: string;
    params?: { name?: string; arguments?: SearchArguments };
  }>();
  let body: object;
  if (message.method !== 'tools/call' || message.params?.name !== 'search_blog_posts')
    body = rpcError(message.id, -32601, 'Unknown method');
  else {
    const { query, lang = 'en', limit = 10 } = message.params.arguments ?? {};
    if (
      typeof query !== 'string' ||
      query.length < 1 ||
      query.length > 200 ||
      !languages.includes(lang as Lang) ||
      !Number.isInteger(limit) ||
      (limit as number) < 1 ||
      (limit as number) > 50
    )
      body = rpcError(message.id, -32602, 'Invalid arguments for search_blog_posts');
    else {
      const structuredContent = searchPosts(query, lang as Lang, limit as number);
      const text = JSON.stringify(structuredContent);
      body = {
        jsonrpc: '2.0',
        id: message.id,
        result: { content: [{ type: 'text', text }], structuredContent },
      };
    }
  }
  return c.body(JSON.stringify(body), 200, { 'content-type': JSON_TYPE, 'cache-control': CACHE_NONE });
});

app.notFound((c) => problem(c, 404, 'Not Found', 'resource_not_found', `No resource at ${c.req.path}.`));

/**
 * @hono/node-server gives every response without a Content-Type `text/plain; charset=UTF-8`, a 304
 * included (the bug h3 fixed in its #641); RFC 9110 15.4.5 and Folio send none, so the contender's
 * server takes it off its 304s.
 */
const createServerWithout304ContentType = ((options: ServerOptions, listener: RequestListener) =>
  createServer(options, (req, res) => {
    const writeHead = res.writeHead.bind(res) as (
      status: number,
      headers?: OutgoingHttpHeaders,
    ) => ServerResponse;
    res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
      if (status === 304 && headers) delete headers['content-type'];
      return writeHead(status, headers);
    }) as typeof res.writeHead;
    return listener(req, res);
  })) as typeof createServer;

serve({
  fetch: app.fetch,
  port: Number(process.env.PORT) || 8787,
  hostname: process.env.HOST || '127.0.0.1',
  createServer: createServerWithout304ContentType,
});
