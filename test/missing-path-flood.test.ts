/**
 * A flood of distinct long paths that have no page (site paths are not rate limited, so one client
 * can send them) grows a server by a bounded amount: every per-request cache is bounded in bytes
 * as well as in entries, and paths without a body are not kept one by one. Measured as the
 * server process's resident memory, over real sockets, on Node with a 256 MiB heap and on Bun.
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBun, startNode } from './support/server.ts';

const MiB = 1024 * 1024;
const FLOOD = 15_000;
const WARM_UP = 1_000;
const CONNECTIONS = 8;
/** Half the paths' bytes: one copy of each kept would pass it. */
const MAX_GROWTH = 60 * MiB;
/**
 * About eight kilobytes a path, just under the longest target a server takes (8,192 characters of
 * URL): the flood carries 120 MB of paths, so a cache that kept each one would show.
 */
const LONG = 'a'.repeat(8000);

/** The process's resident set, as the kernel counts it. */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** The i-th missing path: a page, a Markdown twin, a page in the second language, in turn. */
function missingPath(i: number): string {
  switch (i % 3) {
    case 0:
      return `/blog/${LONG}-${i}/`;
    case 1:
      return `/${LONG}-${i}.md`;
    default:
      return `/es/tags/${LONG}-${i}`;
  }
}

async function flood(pool: Pool, from: number, to: number): Promise<void> {
  let next = from;
  const statuses = new Map<number, number>();
  const worker = async () => {
    while (next < to) {
      const path = missingPath(next++);
      const response = await pool.request({ path, method: 'GET', headers: { accept: 'text/html' } });
      await response.body.dump();
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  expect([...statuses.keys()]).toEqual([404]);
}

describe.each([
  ['Node with a 256 MiB heap', () => startNode({ NODE_OPTIONS: '--max-old-space-size=256' })],
  ['Bun', () => startBun()],
])('a flood of %s', (_name, start) => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    server = await start();
    pool = new Pool(server.url, { connections: CONNECTIONS, pipelining: 1 });
  });

  afterAll(async () => {
    await pool?.close();
    await server?.stop();
  });

  it(`${FLOOD.toLocaleString('en')} distinct long missing paths grow the server by less than ${MAX_GROWTH / MiB} MiB`, async () => {
    await flood(pool, 0, WARM_UP);
    const before = residentBytes(server.pid);
    await flood(pool, WARM_UP, WARM_UP + FLOOD);
    const growth = residentBytes(server.pid) - before;
    expect(growth).toBeLessThan(MAX_GROWTH);
    const home = await pool.request({ path: '/', method: 'GET' });
    await home.body.dump();
    expect(home.statusCode).toBe(200);
  }, 300_000);
});
