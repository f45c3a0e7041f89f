/**
 * The usual alternative: a straightforward Hono app on @hono/node-server with the same routes,
 * status codes and headers as Folio. Bodies are the JSON Folio serves (from the captured
 * exchanges), kept as strings; `limit` slices the parsed list once per value and memoizes the
 * text; ETag/If-None-Match, CORS (hono/cors), a per-client fixed-window counter with the
 * RateLimit headers, problem+json errors built per request, and MCP over JSON-RPC with the
 * search answer looked up by query (no search engine: that only favours Hono).
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
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
const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
const { quota: QUOTA, windowSeconds: WINDOW } = BENCH_RATE_LIMIT;
const EXPOSED = [
  'X-API-Version',
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'X-Total-Count',
  'ETag',
  'Deprecation',
  'Sunset',
  'Link',
];

interface Document {
  text: string;
  etag: string;
}
interface List {
  items: unknown[];
  etag: string;
  prefixes: Map<number, Document>;
}

const lists = new Map<string, List>();
for (const lang of ['en', 'es']) {
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
const searchAnswers = new Map<string, unknown>();
for (const exchange of fixture.exchanges) {
  if (exchange.method !== 'POST' || !exchange.requestBody) continue;
  const request = JSON.parse(exchange.requestBody);
  const answer = JSON.parse(Buffer.from(exchange.body, 'base64').toString('utf8'));
  searchAnswers.set(`${request.params.name}\n${request.params.arguments.query}`, answer.result);
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
  c.header('x-api-version', '1.0.0');
  c.header('ratelimit-policy', `"default";q=${QUOTA};w=${WINDOW}`);
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
  const cache = status === 429 ? 'no-store' : 'public, max-age=3600';
  return c.body(body, status, { 'content-type': PROBLEM_TYPE, 'cache-control': cache });
}

function document(c: Context, doc: Document | undefined, extra: Record<string, string> = {}) {
  if (!doc) return problem(c, 404, 'Not Found', 'resource_not_found', `No resource at ${c.req.path}.`);
  const headers = {
    'content-type': JSON_TYPE,
    'cache-control': 'public, max-age=3600',
    etag: doc.etag,
    ...extra,
  };
  if (c.req.header('if-none-match') === doc.etag) return c.body(null, 304, headers);
  return c.body(doc.text, 200, headers);
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
    prefix = { text, etag: limit >= list.items.length ? list.etag : `${list.etag.slice(0, -1)}-${limit}"` };
    list.prefixes.set(limit, prefix);
  }
  return document(c, prefix, { 'x-total-count': total });
};
app.get('/api/posts-en.json', postIndex('en'));
app.get('/api/posts-es.json', postIndex('es'));
app.get('/api/series/:lang/index.json', (c) => document(c, documents.get(c.req.path)));
app.get('/api/timeline/:lang/:tag{[a-z0-9-]+\\.json}', (c) => document(c, documents.get(c.req.path)));

app.post('/mcp', async (c) => {
  const message = await c.req.json<{
    id: number;
    method: string;
    params: { name: string; arguments: { query: string } };
  }>();
  const result =
    message.method === 'tools/call' &&
    searchAnswers.get(`${message.params.name}\n${message.params.arguments.query}`);
  const body = result
    ? { jsonrpc: '2.0', id: message.id, result }
    : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Unknown method' } };
  return c.body(JSON.stringify(body), 200, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' });
});

app.notFound((c) => problem(c, 404, 'Not Found', 'resource_not_found', `No resource at ${c.req.path}.`));

serve({
  fetch: app.fetch,
  port: Number(process.env.PORT) || 8787,
  hostname: process.env.HOST || '127.0.0.1',
});
