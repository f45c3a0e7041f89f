/**
 * One byte budget for everything the server keeps per body, probed as a client would: compressed
 * variants are counted and given back, `limit` prefixes and MCP results live under the same
 * budget (the heap does not grow past it), and a crawl past the budget does not push a hot body
 * out for good (it is still answered from memory, without reading it again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../src/adapters/compress.ts';
import type { MemoryDeployment } from '../src/build/dev/memory-deployment.ts';
import { buildData } from '../src/build/index.ts';
import { bodyKey, INTERNAL_PREFIX, pageFileKey } from '../src/core/deployment.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { acceptedCodings } from '../src/http/negotiate.ts';
import { variantFor } from '../src/http/respond.ts';
import { type Era, MODERN_PROTOCOL_VERSION } from '../src/mcp/protocol.ts';
import { createServer } from '../src/mcp/server.ts';
import { createTools } from '../src/mcp/tools.ts';
import { createBodyCache } from '../src/runtime/body-cache.ts';
import type { BodySource } from '../src/runtime/body-source.ts';
import { writeCorpus } from '../tools/corpus.ts';
import { BUILD_TIME, deployed } from './support/data.ts';

const BASE = 'https://budget.example';
const MiB = 1024 * 1024;
const LISTS = ['/api/posts.json', '/api/posts-en.json', '/api/posts-es.json'];

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The bytes the process holds for JavaScript: its heap and its array buffers, after a full collection. */
function heldBytes(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** The deployment's source, counting the reads of each key. */
function counting(source: BodySource) {
  const reads = new Map<string, number>();
  const counted: BodySource = {
    read(key) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return source.read(key);
    },
  };
  return { source: counted, readsOf: (key: string) => reads.get(key) ?? 0 };
}

let dir: string;
let deployment: MemoryDeployment;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-budget-'));
  await writeCorpus(dir, { posts: 1200 });
  deployment = await deployed(await buildData(dir, BUILD_TIME), BASE, {
    quota: 1_000_000,
    windowSeconds: 60,
  });
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function handlerOver(source: BodySource, cacheBytes: number): Handler {
  return createHandler({ manifest: deployment.manifest, source }, { cacheBytes, compress });
}

async function get(handler: Handler, path: string, headers: Record<string, string> = {}) {
  const response = await handler.fetch(new Request(BASE + path, { headers }), { clientAddress: '192.0.2.1' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, encoding: response.headers.get('content-encoding') };
}

/** Every body key of the deployment that is a whole answer (not a part of a streamed one). */
const crawlKeys = () => [...deployment.bodies.keys()].filter((key) => !key.includes('~'));

describe('compressed variants', () => {
  it('are counted against the budget and given back with their body', async () => {
    const budget = 1 * MiB;
    const bodies = createBodyCache(deployment.source, { budget, compress });
    let compressed = 0;
    for (const key of crawlKeys()) {
      const body = await bodies.get(key);
      if (!body) continue;
      for (const header of ['br', 'gzip']) {
        const variant = variantFor(bodies, body, acceptedCodings(header));
        if (variant !== body) compressed += 1;
      }
      expect(bodies.keptBytes()).toBeLessThanOrEqual(budget);
    }
    expect(compressed).toBeGreaterThan(1000);
  });
});

describe('no eviction cliff', () => {
  // A budget with room for the blog's index page and its variants many times over; and one whose
  // quarter (the most one entry may take) holds the page alone: a variant that would take its entry
  // past it is made per request, rather than pushing out the page. Each crawl covers four budgets,
  // the hot page asked for between every `every` pages.
  it.each([
    ['with room for the page and its variants', () => 4 * MiB, 10],
    ['whose quarter holds the page alone', (page: number) => 4 * (page + 1024), 2],
  ])(
    'a hot page is still answered from memory after a crawl has gone past a budget %s',
    async (_name, budgetFor, every) => {
      const { source, readsOf } = counting(deployment.source);
      const hot = pageFileKey(bodyKey('/blog/') as string);
      const page = deployment.bodies.get(hot) as Uint8Array;
      const budget = budgetFor(page.byteLength);
      expect(page.byteLength + 1024).toBeLessThanOrEqual(budget / 4);
      const handler = handlerOver(source, budget);
      // Every page a crawler can reach: the error templates are internal bodies, no URL's.
      const pages = [...deployment.bodies.keys()].filter(
        (key) => key.endsWith('.html') && !key.startsWith(INTERNAL_PREFIX),
      );
      let crawled = 0;
      let crawledBytes = 0;
      for (const key of pages) {
        if (crawledBytes > 4 * budget) break;
        crawledBytes += deployment.bodies.get(key)?.byteLength ?? 0;
        const path = key.replace(/index\.html$/, '').replace(/\.html$/, '');
        expect((await get(handler, path, { 'accept-encoding': 'br, gzip' })).status).toBe(200);
        if (++crawled % every === 0) await get(handler, '/blog/', { 'accept-encoding': 'br, gzip' });
      }
      expect(crawledBytes).toBeGreaterThan(4 * budget);
      const readsAfterCrawl = readsOf(hot);
      for (let i = 0; i < 200; i++) {
        const answer = await get(handler, '/blog/', { 'accept-encoding': 'br, gzip' });
        expect(answer.encoding).toBe('br');
        expect(brotliDecompressSync(answer.bytes).equals(page)).toBe(true);
      }
      expect(readsAfterCrawl).toBe(1);
      expect(readsOf(hot)).toBe(1);
    },
  );
});

describe('MCP results of the stateless revision', () => {
  it('are kept with the body their result comes from, counted against the budget', async () => {
    const bodies = createBodyCache(deployment.source, { budget: 8 * MiB, compress });
    const server = createServer(deployment.manifest, bodies, createTools(deployment.manifest, bodies));
    const call = async (era: Era) => {
      const args = { tag: 'http', lang: 'en', limit: 3 };
      const reply = await server.answer('tools/call', { name: 'get_posts_by_tag', arguments: args }, era);
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result;
    };
    // The tool's result, kept with the tag's list; the stateless copy of it is made from it.
    await call({ modern: false, version: '2025-06-18' });
    const before = bodies.keptBytes();
    const modern = { modern: true, version: MODERN_PROTOCOL_VERSION } as const;
    const stateless = await call(modern);
    expect(bodies.keptBytes() - before).toBeGreaterThanOrEqual(stateless.end.byteLength);
    expect(await call(modern)).toBe(stateless);
    expect(bodies.keptBytes() - before).toBeGreaterThanOrEqual(stateless.end.byteLength);
  });
});

describe('limit prefixes and MCP results', () => {
  it.each([
    ['identity', {}],
    ['br', { 'accept-encoding': 'br' }],
    ['br and gzip', { 'accept-encoding': 'gzip, deflate, br' }],
  ])(
    '1,500 limit requests (%s) keep the heap and array buffers within the budget + 16 MiB',
    async (_name, headers) => {
      const budget = 8 * MiB;
      const handler = handlerOver(deployment.source, budget);
      await get(handler, '/api/posts.json');
      const before = heldBytes();
      for (const list of LISTS)
        for (let limit = 1; limit <= 500; limit++) {
          const answer = await get(handler, `${list}?limit=${limit}`, headers);
          expect(answer.status).toBe(200);
        }
      for (let limit = 1; limit <= 50; limit++)
        await callTool(handler, 'get_posts_by_tag', { tag: 'http', lang: 'en', limit });
      expect(heldBytes() - before).toBeLessThan(budget + 16 * MiB);
    },
  );
});

async function callTool(handler: Handler, name: string, args: Record<string, unknown>) {
  const request = new Request(`${BASE}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const response = await handler.fetch(request, { clientAddress: '192.0.2.1' });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}
