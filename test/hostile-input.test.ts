/**
 * Hostile and odd input: generated HTTP requests through the real handler, request targets past the
 * documented bounds, preflights on every path, raw sockets against the Node and Bun servers, and a
 * build that fails half-way.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { writeDeployment } from '../src/build/write/write-deployment.ts';
import { BODIES_PREFIX, MANIFEST_KEY } from '../src/core/deployment.ts';
import { ERROR_CODES, ERROR_KINDS, type ErrorCode } from '../src/core/errors.ts';
import { createHandler, type Deployment, type Handler } from '../src/handler.ts';
import { MAX_QUERY_PARAMETERS, MAX_URL_LENGTH } from '../src/http/request-target.ts';
import { deployed, servedData } from './support/data.ts';
import { exchange } from './support/raw-http.ts';
import { type RunningServer, startBun, startNode } from './support/server.ts';

const BASE = 'https://blog.example';
const REQUESTS = 10_000;
/** Alone they take about 14 s; beside other suites on two shared cores they took over 30 s. */
const FUZZ_TIMEOUT = 180_000;
const POLICY = { quota: 300, windowSeconds: 60 };

let data: SiteData;
let deployment: Deployment;
let handler: Handler;

beforeAll(async () => {
  data = await servedData();
  deployment = await deployed(data, BASE, POLICY);
  handler = createHandler(deployment);
});

/** Each request from a new client address, so the quota never interferes with what is checked. */
let clients = 0;
const freshClient = () => {
  clients++;
  return { clientAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
};

// --- Generators -----------------------------------------------------------------------------

const KNOWN_PATHS = [
  '/api/index.json',
  '/api/posts.json',
  '/api/posts-en.json',
  '/api/v1/posts-es.json',
  '/api/series/en/index.json',
  '/api/series/en/caching-by-hand.json',
  '/api/timeline/en/http.json',
  '/api/slides-timeline/es.json',
  '/api/',
  '/api',
  '/mcp',
  '/.well-known/mcp',
  '/',
  '/es/',
  '/blog/',
  '/blog/weak-and-strong-validators/',
  '/blog/weak-and-strong-validators.md',
  '/developers',
  '/developers.md',
  '/openapi.json',
  '/llms.txt',
  '/.well-known/api-catalog',
  '/.well-known/ai-catalog.json',
];
const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'v1',
    'v2',
    'series',
    'en',
    'es',
    'blog',
    'index.json',
    '..',
    '.',
    '',
    '%2e%2e',
    '%E0%A4%A',
    '%00',
    'a%2Fb',
    '~x',
    '.md',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
);
const randomPath = fc.array(segment, { minLength: 0, maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
const path = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
  { weight: 2, arbitrary: randomPath },
);
const queryValue = fc.oneof(
  fc.constantFrom('5', '05', '0', '501', '5.0', '+5', '%205', '1e2', '-1', '', '%zz', '500'),
  fc.stringMatching(/^[A-Za-z0-9%+=&-]{0,8}$/),
);
const query = fc
  .array(fc.tuple(fc.constantFrom('limit', 'lang', 'x', 'limit%00', ''), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
const header = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
const requestCase = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  path,
  query,
  accept: header([
    'application/json',
    'text/html',
    'text/markdown',
    'text/markdown;q=0',
    '*/*',
    'image/png',
    'application/problem+json',
    ';;;,',
    'text/*;q=abc',
  ]),
  ifNoneMatch: header(['*', '"nope"', 'W/"x"', '', ',,,']),
  acceptEncoding: header(['gzip', 'br', 'br;q=0, gzip', 'identity', '*']),
  origin: header(['https://evil.example', BASE, 'null']),
  preflight: header(['GET', 'POST', 'DELETE']),
  host: header(['blog.example', 'a b', 'example.com/api', '[::1]:80', 'x'.repeat(300), '']),
});
type RequestCase = typeof requestCase extends fc.Arbitrary<infer T> ? T : never;

function requestOf(testCase: RequestCase, method = testCase.method): Request {
  const headers = new Headers();
  if (testCase.accept !== undefined) headers.set('accept', testCase.accept);
  if (testCase.ifNoneMatch !== undefined) headers.set('if-none-match', testCase.ifNoneMatch);
  if (testCase.acceptEncoding !== undefined) headers.set('accept-encoding', testCase.acceptEncoding);
  if (testCase.origin !== undefined) headers.set('origin', testCase.origin);
  if (testCase.preflight !== undefined) headers.set('access-control-request-method', testCase.preflight);
  if (testCase.host !== undefined) headers.set('host', testCase.host);
  const body = method === 'POST' || method === 'PUT' ? '{"jsonrpc":"2.0","id":1,"method":"ping"}' : null;
  if (body) headers.set('content-type', 'application/json');
  return new Request(BASE + testCase.path + testCase.query, { method, headers, body });
}

/** An RFC 9457 body whose status is the answer's and whose code is the one that status stands for. */
function expectProblem(problem: Record<string, unknown>, status: number) {
  for (const field of ['type', 'title', 'detail', 'instance']) expect(typeof problem[field]).toBe('string');
  const code = (problem.error as { code: ErrorCode }).code;
  expect(ERROR_CODES).toContain(code);
  const kind = ERROR_KINDS[code];
  expect(problem).toMatchObject({ status, title: kind.title, error: { code, message: problem.detail } });
  expect(kind.status).toBe(status);
  expect(problem.type).toMatch(new RegExp(`/developers#${kind.anchor}$`));
}

/** The headers of a response but the quota's running state, which moves with the clock. */
const stableHeaders = (response: Response) =>
  [...response.headers].filter(([name]) => name !== 'ratelimit' && name !== 'ratelimit-reset');

/** Statuses that carry no body and so no Content-Length (RFC 9110 8.6). */
const BODYLESS = new Set([204, 304]);

async function expectWellFormed(testCase: RequestCase, request: Request, response: Response) {
  expect(response.status, `${testCase.method} ${testCase.path}`).toBeLessThan(500);
  const type = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The path as the client's URL parser left it (dot segments resolved).
  const path = new URL(request.url).pathname;
  if (path.startsWith('/api/') || path === '/api') expect(type).not.toContain('html');
  const length = response.headers.get('content-length');
  if (BODYLESS.has(response.status)) expect(bytes.byteLength).toBe(0);
  else if (testCase.method !== 'HEAD') expect(length).toBe(String(bytes.byteLength));
  if (type.startsWith('application/problem+json') && testCase.method !== 'HEAD') {
    expectProblem(JSON.parse(new TextDecoder().decode(bytes)), response.status);
  }
  const text = new TextDecoder().decode(bytes);
  expect(text).not.toMatch(/\n\s+at |node:internal|\/src\/|\.ts:\d+/);
}

describe('generated requests through the handler', () => {
  it(
    `${REQUESTS} requests: no 5xx, no HTML under /api/, well-formed problems, exact Content-Length`,
    async () => {
      await fc.assert(
        fc.asyncProperty(requestCase, async (testCase) => {
          const request = requestOf(testCase);
          await expectWellFormed(testCase, request, await handler.fetch(request, freshClient()));
        }),
        { numRuns: REQUESTS },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'HEAD answers with the status and headers of GET and no body',
    async () => {
      await fc.assert(
        fc.asyncProperty(requestCase, async (testCase) => {
          const get = await handler.fetch(requestOf(testCase, 'GET'), freshClient());
          const head = await handler.fetch(requestOf(testCase, 'HEAD'), freshClient());
          expect(head.status).toBe(get.status);
          expect(stableHeaders(head)).toEqual(stableHeaders(get));
          expect((await head.arrayBuffer()).byteLength).toBe(0);
        }),
        { numRuns: 2_000 },
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe('request targets past the documented bounds', () => {
  const problemOf = async (response: Response) => {
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    return response.json();
  };

  it(`answers a target longer than ${MAX_URL_LENGTH} characters with 414 uri_too_long`, async () => {
    const response = await handler.fetch(
      new Request(`${BASE}/api/${'a'.repeat(MAX_URL_LENGTH)}.json`),
      freshClient(),
    );
    expect(response.status).toBe(414);
    expect((await problemOf(response)).error.code).toBe('uri_too_long');
  });

  it(`answers more than ${MAX_QUERY_PARAMETERS} query parameters with 400, counted by the limiter`, async () => {
    const client = freshClient();
    const query = Array.from({ length: 3_900 }, () => 'limit=1').join('&');
    const response = await handler.fetch(
      new Request(`${BASE}/api/posts.json?${query.slice(0, 7_900)}`),
      client,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('ratelimit-remaining')).toBe(String(POLICY.quota - 1));
    expect((await problemOf(response)).detail).toContain(`more than ${MAX_QUERY_PARAMETERS} parameters`);
  });

  it('names the query in every 400 instance, percent-encoded, with the hint that mends that refusal', async () => {
    const parameters = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join('&');
    // The target as a runtime hands it over, raw: a control and a non-ASCII character.
    const raw = (url: string, headers: HeadersInit = {}) =>
      ({ url, method: 'GET', headers: new Headers(headers) }) as Request;
    const cases: [Request, string, RegExp][] = [
      [new Request(`${BASE}/api/index.json?a\\b`), '/api/index.json?a%5Cb', /percent-encode/i],
      [
        raw(`${BASE}/api/index.json?a=\u0001\u00e9&b=%zz`),
        '/api/index.json?a=%01%C3%A9&b=%25zz',
        /percent-encode/i,
      ],
      [new Request(`${BASE}/api/posts.json?${parameters}`), `/api/posts.json?${parameters}`, /at most 64/],
      [new Request(`${BASE}/mcp?x=1`, { headers: { host: 'a b' } }), '/mcp?x=1', /Host header/],
      [new Request(`${BASE}/api/posts.json?limit=0&x=^`), '/api/posts.json?limit=0&x=%5E', /without limit/],
    ];
    for (const [request, instance, hint] of cases) {
      const response = await handler.fetch(request, freshClient());
      expect(response.status, request.url).toBe(400);
      const body = await problemOf(response);
      expect(body.instance).toBe(instance);
      expect(new URL(body.instance, BASE).href).toBe(BASE + instance);
      expect(body.error.hint).toMatch(hint);
      if (!instance.includes('limit=')) expect(body.error.hint).not.toBe(ERROR_KINDS.invalid_request.hint);
    }
  });

  it('names how often limit was given when it repeats within the bound', async () => {
    const query = Array.from({ length: 40 }, () => 'limit=1').join('&');
    const response = await handler.fetch(new Request(`${BASE}/api/posts.json?${query}`), freshClient());
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toContain('given 40 times');
  });

  it('answers an unusable Host with a counted 400: problem+json under /api/ and /mcp, a page elsewhere', async () => {
    const client = freshClient();
    for (const [path, type] of [
      ['/api/index.json', 'application/problem+json; charset=utf-8'],
      ['/mcp', 'application/problem+json; charset=utf-8'],
      ['/blog/', 'text/html; charset=utf-8'],
    ]) {
      const response = await handler.fetch(new Request(BASE + path, { headers: { host: 'a b' } }), client);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe(type);
    }
    const after = await handler.fetch(new Request(`${BASE}/api/index.json`), client);
    expect(after.headers.get('ratelimit-remaining')).toBe(String(POLICY.quota - 4));
  });
});

describe('CORS preflights on every path that sends Access-Control-Allow-Origin', () => {
  it.each([
    '/',
    '/blog/',
    '/developers',
    '/developers.md',
    '/openapi.json',
    '/llms.txt',
    '/.well-known/ai-catalog.json',
  ])('%s answers 204 with the CORS headers', async (path) => {
    const plain = await handler.fetch(new Request(BASE + path), freshClient());
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await handler.fetch(
      new Request(BASE + path, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      }),
      freshClient(),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });
});

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('raw sockets on %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.stop());

  it('answers a bad Host under /api/ with 400 problem+json, no stack and no log', async () => {
    const reply = await exchange(
      server.url,
      'GET /api/index.json HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
    );
    expect(reply.status).toBe(400);
    expect(reply.head).toContain('content-type: application/problem+json');
    expect(reply.head).toContain('ratelimit-remaining:');
    expect(reply.body).not.toMatch(/ at |node:internal|\.ts:|<html/i);
    expect(server.output()).not.toMatch(/error|at /i);
  });

  it('serves an absolute-form target by its path, whatever the Host', async () => {
    const reply = await exchange(
      server.url,
      'GET http://other.example/api/posts-en.json?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toHaveLength(1);
  });

  it('serves HTTP/1.0 without a Host', async () => {
    const reply = await exchange(server.url, 'GET /api/index.json HTTP/1.0\r\n\r\n');
    expect(reply.status).toBe(200);
    expect(reply.head).toContain('content-type: application/json');
  });

  it('takes a client hanging up mid-body as no error of its own: nothing logged', async () => {
    const { hostname, port, host } = new URL(server.url);
    const logged = server.output().length;
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        'Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\n' +
        'Content-Length: 1000\r\n\r\n{"jsonrpc":"2.0",',
    );
    // The server's 100 Continue: it has taken the request and is reading the body, of which it has a part.
    const [interim] = await once(socket, 'data');
    expect(String(interim)).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    socket.destroy();
    // Answered after the hang-up reached the server, so whatever the hang-up made it log is logged.
    const ping = await exchange(
      server.url,
      `GET /api/index.json HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(ping.status).toBe(200);
    expect(server.output().slice(logged)).toBe('');
  });

  it('does not let the Host header change the served path', async () => {
    const reply = await exchange(
      server.url,
      'GET /index.json HTTP/1.1\r\nHost: x.example/api\r\nConnection: close\r\n\r\n',
    );
    expect(reply.status).toBe(400);
    expect(reply.head).not.toContain('application/json');
  });
});

/** Every file under `folder` by its relative path, with its text. */
function filesIn(folder: string): Map<string, string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return new Map(
    entries.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(folder, path), readFileSync(path, 'utf8')];
    }),
  );
}

describe('the build', () => {
  it('leaves the previous output as it was when it fails half-way', async () => {
    const out = mkdtempSync(join(tmpdir(), 'folio-atomic-'));
    const folder = join(out, 'public');
    try {
      await writeDeployment(data, { baseUrl: BASE, policy: POLICY }, folder);
      const before = filesIn(folder);
      expect(before.get(relative(folder, join(folder, BODIES_PREFIX, MANIFEST_KEY)))).toBeDefined();
      const failing = new Proxy(data, {
        get: (target, key) => {
          if (key === 'decks') throw new Error('the disk is full');
          return Reflect.get(target, key);
        },
      });
      await expect(
        writeDeployment(failing, { baseUrl: 'https://other.example', policy: POLICY }, folder),
      ).rejects.toThrow('the disk is full');
      // The failure came after some bodies of the new build were written: none of them is in the folder.
      expect(filesIn(folder)).toEqual(before);
      expect(existsSync(`${folder}.building-${process.pid}`)).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
