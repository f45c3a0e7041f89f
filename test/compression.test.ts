/**
 * Compression on the self-hosted servers: br and gzip bodies compressed once, Vary: Accept-Encoding,
 * a strong ETag per encoding, 304 per encoding, and HEAD describing the identity representation.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBun, startNode } from './support/server.ts';

const PATHS = ['/api/posts.json', '/api/posts-en.json?limit=5', '/blog/', '/openapi.json'];
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
      expect(Number(compressed.header('content-length'))).toBe(compressed.body.byteLength);
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

  it('HEAD reports the identity representation, whatever the client accepts', async () => {
    const url = `${server.url}/api/posts.json`;
    const identity = await get(url, { 'accept-encoding': 'identity' });
    const head = await get(url, { 'accept-encoding': 'br, gzip' }, 'HEAD');
    expect(head.body.byteLength).toBe(0);
    expect(head.header('content-encoding')).toBeNull();
    expect(head.header('content-length')).toBe(String(identity.body.byteLength));
    expect(head.header('etag')).toBe(identity.header('etag'));
  });

  it('a q=0 encoding is never sent', async () => {
    const response = await get(`${server.url}/api/posts.json`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(response.header('content-encoding')).toBe('gzip');
  });
});
