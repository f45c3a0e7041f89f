/**
 * Compression on the self-hosted servers: br and gzip bodies compressed once, Vary: Accept-Encoding,
 * a strong ETag per encoding, 304 per encoding (without Content-Encoding). A `limit` prefix is
 * derived per request, so it is sent gzipped or as it is, never brotli'd (test/head-encodings.test.ts
 * has HEAD against GET).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBun, startNode } from './support/server.ts';

const PATHS = ['/api/posts.json', '/blog/', '/openapi.json'];
const PREFIX = '/api/posts-en.json?limit=5';
const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

async function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const response = await request(url, { method, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  return { status: response.statusCode, body, header };
}

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('compression on %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.stop());

  it.each(PATHS)('%s: br and gzip decode to the identity body, each with its own ETag', async (path) => {
    const url = server.url + path;
    const identity = await get(url, { 'accept-encoding': 'identity' });
    expect(identity.header('content-encoding')).toBeNull();
    expect(identity.header('vary')).toContain('Accept-Encoding');
    const etags = new Set([identity.header('etag')]);
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await get(url, { 'accept-encoding': encoding });
      expect(compressed.status).toBe(200);
      expect(compressed.header('content-encoding')).toBe(encoding);
      expect(compressed.header('vary')).toContain('Accept-Encoding');
      // Sent chunked: a Content-Length would be taken for the decoded length by clients that decode.
      expect(compressed.header('content-length')).toBeNull();
      expect(compressed.header('transfer-encoding')).toBe('chunked');
      expect(compressed.body.byteLength).toBeLessThan(identity.body.byteLength);
      expect(DECODE[encoding](compressed.body).equals(identity.body)).toBe(true);
      etags.add(compressed.header('etag'));
      const notModified = await get(url, {
        'accept-encoding': encoding,
        'if-none-match': compressed.header('etag')!,
      });
      expect(notModified.status).toBe(304);
      expect(notModified.header('etag')).toBe(compressed.header('etag'));
      expect(notModified.header('content-length')).toBeNull();
    }
    expect(etags.size).toBe(3);
  });

  it('a limit prefix is gzipped for a client that takes gzip, sent as it is to one that takes only br', async () => {
    const url = server.url + PREFIX;
    const identity = await get(url, { 'accept-encoding': 'identity' });
    const gzip = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(gzip.header('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(gzip.header('etag')).not.toBe(identity.header('etag'));
    const brOnly = await get(url, { 'accept-encoding': 'br' });
    expect(brOnly.header('content-encoding')).toBeNull();
    expect(brOnly.header('etag')).toBe(identity.header('etag'));
    expect(brOnly.body.equals(identity.body)).toBe(true);
  });

  it('a 304 for a compressed variant carries no Content-Encoding', async () => {
    const url = `${server.url}/api/posts.json`;
    const br = await get(url, { 'accept-encoding': 'br' });
    const notModified = await get(url, { 'accept-encoding': 'br', 'if-none-match': br.header('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.header('content-encoding')).toBeNull();
    expect(notModified.header('vary')).toContain('Accept-Encoding');
  });

  it('a q=0 encoding is never sent', async () => {
    const response = await get(`${server.url}/api/posts.json`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(response.header('content-encoding')).toBe('gzip');
    const starBut = await get(`${server.url}/api/posts.json`, { 'accept-encoding': 'gzip;q=0, *' });
    expect(starBut.header('content-encoding')).toBe('br');
    const noIdentity = await get(`${server.url}/auth.md`, { 'accept-encoding': 'identity;q=0, gzip' });
    expect(noIdentity.header('content-encoding')).toBe('gzip');
  });
});
