/**
 * HEAD answers exactly what GET would for the same request headers: status, Content-Encoding,
 * Content-Length, ETag and Vary, on every area (API, site pages, twins, discovery documents), for
 * every Accept-Encoding a client sends, on Node and Bun (which compress) and in Vercel's Edge Runtime
 * (where the CDN does; Miniflare and Deno compress GET answers themselves, as the CDN would, so
 * their HEAD cannot report that length). A 304 for any of them carries no Content-Encoding; a
 * client that refuses every coding gets the same 406 to both.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBun, startNode, startVercel } from './support/server.ts';

const AREAS = {
  api: ['/api/posts.json', '/api/posts-en.json?limit=3', '/api/v1/posts-es.json', '/api/nope.json'],
  site: ['/blog/', '/', '/blog', '/no-such-page/'],
  twins: ['/blog.md', '/index.md', '/developers.md'],
  discovery: ['/openapi.json', '/llms.txt', '/auth.md', '/.well-known/api-catalog'],
};
const ACCEPT_ENCODINGS = [
  undefined,
  'identity',
  'gzip',
  'br',
  'gzip, deflate, br',
  'gzip;q=0, *',
  'identity;q=0',
  'br;q=0.5, gzip;q=0.8',
];
/** What HEAD and GET must agree on; the RateLimit values move with every request. */
const COMPARED = [
  'content-encoding',
  'content-length',
  'content-type',
  'etag',
  'vary',
  'location',
  'x-total-count',
  'x-markdown-tokens',
  'cache-control',
];

async function send(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>) {
  const response = await request(url, { method, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  return { status: response.statusCode, body, header };
}

const compared = (reply: Awaited<ReturnType<typeof send>>) => ({
  status: reply.status,
  ...Object.fromEntries(COMPARED.map((name) => [name, reply.header(name)])),
});

const cases = Object.entries(AREAS).flatMap(([area, paths]) =>
  paths.flatMap((path) => ACCEPT_ENCODINGS.map((encoding) => ({ area, path, encoding }))),
);

describe.each([
  ['Node', startNode, true],
  ['Bun', startBun, true],
  ['Vercel Edge Runtime', startVercel, false],
] as const)('HEAD against GET on %s', (_name, start, compresses) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start({ FOLIO_RATE_LIMIT_QUOTA: '100000' });
  }, 90_000);
  afterAll(() => server?.stop());

  it.each(cases)('$area $path, Accept-Encoding $encoding', async ({ path, encoding }) => {
    const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding };
    const get = await send(server.url + path, 'GET', headers);
    const head = await send(server.url + path, 'HEAD', headers);
    expect(compared(head)).toEqual(compared(get));
    expect(head.body.byteLength).toBe(0);
    const length = get.header('content-length');
    if (length !== null) expect(Number(length)).toBe(get.body.byteLength);
    const coding = get.header('content-encoding');
    if (!compresses || encoding === undefined || encoding === 'identity') expect(coding).toBeNull();
    // A compressed answer has no Content-Length: fetch would take it for the decoded length.
    if (coding !== null) expect(length).toBeNull();
    if (coding === 'gzip') expect(encoding).toMatch(/gzip|\*/);
    if (coding === 'br') expect(encoding).toMatch(/br|\*/);
    // Refusing the body as it is and naming no coding: a body is never sent (406), on every runtime.
    if (encoding === 'identity;q=0') expect(get.status).not.toBe(200);

    const etag = get.header('etag');
    if (etag === null) return;
    const conditional = { ...headers, 'if-none-match': etag };
    for (const method of ['GET', 'HEAD'] as const) {
      const notModified = await send(server.url + path, method, conditional);
      expect(notModified.status).toBe(304);
      expect(notModified.header('etag')).toBe(etag);
      expect(notModified.header('vary')).toBe(get.header('vary'));
      expect(notModified.header('content-encoding')).toBeNull();
      expect(notModified.header('content-type')).toBeNull();
    }
  });

  it(
    compresses
      ? 'compresses what a client accepts: br, gzip, and gzip under `*` without br'
      : 'leaves compression to the platform: no Content-Encoding whatever the client accepts',
    async () => {
      const url = `${server.url}/api/posts.json`;
      const codingFor = async (encoding: string) =>
        (await send(url, 'HEAD', { 'accept-encoding': encoding })).header('content-encoding');
      const expected: Record<string, string> = {
        'gzip, deflate, br': 'br',
        'gzip, deflate': 'gzip',
        'br;q=0, *': 'gzip',
        'br;q=0.5, gzip;q=0.8': 'gzip',
      };
      for (const [encoding, coding] of Object.entries(expected))
        expect(await codingFor(encoding), encoding).toBe(compresses ? coding : null);
    },
  );
});
