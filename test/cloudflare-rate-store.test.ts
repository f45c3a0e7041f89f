/**
 * The Cloudflare worker's shared quota in workerd (Miniflare): two instances of dist/cloudflare.js,
 * each with its own socket and its own memory, share the FOLIO_RATE_LIMITER Durable Object, so
 * one client gets its quota once across both, with the headers of one server; when the object
 * fails, an instance limits in memory and says so once.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateHeaders } from './support/expect.ts';
import { ROOT, TEST_PROJECT } from './support/server.ts';

const wrangler = readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8');
const compatibilityDate = /^compatibility_date = "(.+)"$/m.exec(wrangler)![1];
const CLIENT = { 'cf-connecting-ip': '198.51.100.7' };
const OUTAGE_LINE = 'folio: rate-limit Durable Object unavailable';

function instance(name: string, rateLimiter: { className: string; scriptName: string }): WorkerOptions {
  return {
    name,
    modules: true,
    scriptPath: resolve(TEST_PROJECT, 'dist/cloudflare.js'),
    compatibilityDate,
    assets: {
      directory: resolve(TEST_PROJECT, 'dist/public'),
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    durableObjects: { FOLIO_RATE_LIMITER: rateLimiter },
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  };
}

const BROKEN = `export class FolioRateLimiter { fetch() { throw new Error('store down'); } }
export default { fetch() { return new Response('unused'); } };`;

interface Reply {
  status: number;
  headers: Headers;
  sentMs: number;
  receivedMs: number;
}

describe('the FOLIO_RATE_LIMITER Durable Object', () => {
  let mf: Miniflare;
  const urls: Record<string, string> = {};
  let stderr = '';

  beforeAll(async () => {
    const shared = { className: 'FolioRateLimiter', scriptName: 'a' };
    const broken = { className: 'FolioRateLimiter', scriptName: 'broken' };
    mf = new Miniflare({
      workers: [
        instance('a', shared),
        instance('b', shared),
        instance('alone', broken),
        { name: 'broken', modules: true, script: BROKEN, compatibilityDate },
      ],
      handleRuntimeStdio: (out, err) => {
        out.resume();
        err.on('data', (chunk) => (stderr += chunk));
      },
    });
    await mf.ready;
    for (const name of ['a', 'b', 'alone']) urls[name] = (await mf.unsafeGetDirectURL(name)).origin;
  }, 60_000);

  afterAll(() => mf?.dispose());

  async function answered(count: number, instances: string[]): Promise<Reply[]> {
    const replies: Reply[] = [];
    for (let i = 0; i < count; i++) {
      const url = urls[instances[i % instances.length]!];
      const sentMs = Date.now();
      const response = await fetch(`${url}/api/index.json`, { headers: CLIENT });
      await response.arrayBuffer();
      replies.push({ status: response.status, headers: response.headers, sentMs, receivedMs: Date.now() });
    }
    return replies;
  }

  it('answers exactly 300 of 400 requests from one client spread over two instances, with the RateLimit headers of one server', async () => {
    const replies = await answered(400, ['a', 'b']);
    expect(replies.map((reply) => reply.status)).toEqual([
      ...Array<number>(300).fill(200),
      ...Array<number>(100).fill(429),
    ]);
    expect(replies.map((reply) => reply.headers.get('ratelimit-remaining'))).toEqual([
      ...Array.from({ length: 300 }, (_, i) => String(299 - i)),
      ...Array<string>(100).fill('0'),
    ]);
    const first = replies[0]!;
    for (const { status, headers, sentMs, receivedMs } of replies) {
      expectRateHeaders({ status, headers });
      const reset = headers.get('ratelimit-reset');
      // The first request leaves the window 60 s after the second it was counted in.
      expect(Number(reset)).toBeGreaterThanOrEqual(Math.ceil((59_000 - (receivedMs - first.sentMs)) / 1000));
      expect(Number(reset)).toBeLessThanOrEqual(Math.ceil((60_000 - (sentMs - first.receivedMs)) / 1000));
    }
    const other = await fetch(`${urls.b}/api/index.json`, {
      headers: { 'cf-connecting-ip': '198.51.100.8' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('299');
  }, 120_000);

  it('limits in memory when the object fails, still to the quota, logging one line', async () => {
    const replies = await answered(301, ['alone']);
    expect(replies.map((reply) => reply.status)).toEqual([...Array<number>(300).fill(200), 429]);
    expect(replies.at(-1)!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    const outageLines = stderr.split('\n').filter((line) => line.includes(OUTAGE_LINE));
    expect(outageLines, stderr).toEqual([`${OUTAGE_LINE} (store down); limiting in memory per instance`]);
  }, 120_000);
});
