/**
 * The Cloudflare worker's shared quota in workerd (Miniflare): two instances of dist/cloudflare.js,
 * each with its own socket and its own memory, share the FOLIO_RATE_LIMITER Durable Object, so
 * one client gets its quota once across both; when the object fails, an instance limits in memory.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, TEST_PROJECT } from './support/server.ts';

const wrangler = readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8');
const compatibilityDate = /^compatibility_date = "(.+)"$/m.exec(wrangler)![1];
const CLIENT = { 'cf-connecting-ip': '198.51.100.7' };

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

describe('the FOLIO_RATE_LIMITER Durable Object', () => {
  let mf: Miniflare;
  const urls: Record<string, string> = {};

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
    });
    await mf.ready;
    for (const name of ['a', 'b', 'alone']) urls[name] = (await mf.unsafeGetDirectURL(name)).origin;
  }, 60_000);

  afterAll(() => mf?.dispose());

  async function answered(count: number, instances: string[]) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const url = urls[instances[i % instances.length]!];
      const response = await fetch(`${url}/api/index.json`, { headers: CLIENT });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  it('answers exactly 300 of 400 requests from one client spread over two instances', async () => {
    const statuses = await answered(400, ['a', 'b']);
    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100);
    expect(statuses.indexOf(429)).toBe(300);
    const other = await fetch(`${urls.b}/api/index.json`, {
      headers: { 'cf-connecting-ip': '198.51.100.8' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('299');
  }, 120_000);

  it('limits in memory when the object fails, still to the quota', async () => {
    const statuses = await answered(301, ['alone']);
    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);
});
