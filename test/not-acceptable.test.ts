/**
 * An Accept-Encoding that refuses every coding an answer can be sent in (`identity;q=0`, `*;q=0`)
 * gets 406, on a runtime that compresses (Node, Bun) and on one that does not (the edge), in the
 * area's format: problem+json under /api/, a page or problem+json elsewhere, a JSON-RPC error on
 * /mcp. HEAD gets what GET gets. A coding the client does accept is sent, brotli for a `limit`
 * prefix when that is the only one.
 */
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../src/adapters/compress.ts';
import { createHandler, type Deployment, type Handler } from '../src/handler.ts';
import { deployed, fixtureData } from './support/data.ts';

const BASE = 'https://mini.example';
const REFUSING = ['identity;q=0', '*;q=0', 'br;q=0, gzip;q=0, identity;q=0'];
const PATHS = {
  api: ['/api/posts.json', '/api/posts-en.json?limit=2'],
  site: ['/blog/', '/blog.md', '/openapi.json', '/llms.txt'],
};
let deployment: Deployment;

beforeAll(async () => {
  deployment = await deployed(await fixtureData('mini'), BASE);
});

const RUNTIMES = [
  ['that compresses', () => createHandler(deployment, { compress })],
  ['that does not compress', () => createHandler(deployment)],
] as const;

function send(handler: Handler, path: string, headers: Record<string, string>, method = 'GET') {
  return handler.fetch(new Request(BASE + path, { method, headers }), { clientAddress: '192.0.2.1' });
}

/** What HEAD and GET must agree on. */
const headersOf = (response: Response) =>
  Object.fromEntries(
    ['content-type', 'content-length', 'content-encoding', 'vary', 'cache-control', 'etag'].map((name) => [
      name,
      response.headers.get(name),
    ]),
  );

describe.each(RUNTIMES)('a runtime %s', (_name, handlerOf) => {
  let handler: Handler;
  beforeAll(() => {
    handler = handlerOf();
  });

  describe.each(REFUSING)('Accept-Encoding: %s', (encoding) => {
    it.each(PATHS.api)('%s is a 406 problem, HEAD as GET', async (path) => {
      const get = await send(handler, path, { 'accept-encoding': encoding });
      expect(get.status).toBe(406);
      expect(get.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(get.headers.get('cache-control')).toBe('no-store');
      expect(get.headers.get('vary')).toContain('Accept-Encoding');
      expect(get.headers.get('ratelimit')).not.toBeNull();
      const problem = (await get.json()) as { status: number; error: { code: string }; detail: string };
      expect(problem.status).toBe(406);
      expect(problem.error.code).toBe('not_acceptable');
      expect(problem.detail).toContain('identity');
      const head = await send(handler, path, { 'accept-encoding': encoding }, 'HEAD');
      expect(head.status).toBe(406);
      expect(headersOf(head)).toEqual(headersOf(get));
    });

    it.each(PATHS.site)(
      '%s is a 406 page to a browser, problem+json to others, HEAD as GET',
      async (path) => {
        const browser = { 'accept-encoding': encoding, accept: 'text/html,*/*;q=0.8' };
        const page = await send(handler, path, browser);
        expect(page.status).toBe(406);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('vary')).toContain('Accept-Encoding');
        expect(await page.text()).toContain('<h1>Not acceptable</h1>');
        expect(headersOf(await send(handler, path, browser, 'HEAD'))).toEqual(headersOf(page));

        const agent = await send(handler, path, { 'accept-encoding': encoding, accept: 'application/json' });
        expect(agent.status).toBe(406);
        expect(((await agent.json()) as { error: { code: string } }).error.code).toBe('not_acceptable');
      },
    );

    it('/mcp answers 406 with a JSON-RPC error', async () => {
      const response = await handler.fetch(
        new Request(`${BASE}/mcp`, {
          method: 'POST',
          headers: {
            'accept-encoding': encoding,
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        }),
        { clientAddress: '192.0.2.1' },
      );
      expect(response.status).toBe(406);
      const message = (await response.json()) as { error: { message: string } };
      expect(message.error.message).toContain('Accept-Encoding');
    });
  });
});

describe('a coding the client accepts', () => {
  it('is sent when the client refuses the body as it is: brotli for a limit prefix when it is the only one', async () => {
    const handler = createHandler(deployment, { compress });
    const path = '/api/posts-en.json?limit=2';
    const identity = new Uint8Array(await (await send(handler, path, {})).arrayBuffer());
    const br = await send(handler, path, { 'accept-encoding': 'identity;q=0, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).equals(identity)).toBe(true);
    const gzip = await send(handler, path, { 'accept-encoding': 'identity;q=0, br, gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves the coding to the platform where the runtime does not compress: a client that refuses the body as it is but accepts gzip gets it as it is, for the CDN to gzip', async () => {
    const handler = createHandler(deployment);
    for (const path of [...PATHS.api, ...PATHS.site]) {
      const response = await send(handler, path, { 'accept-encoding': 'identity;q=0, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBeNull();
    }
  });

  it('leaves the body as it is where the runtime does not compress and the client accepts that', async () => {
    const handler = createHandler(deployment);
    const response = await send(handler, '/api/posts.json', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});
