/**
 * Memory of the rate limiter under many distinct clients, in process:
 *   node --expose-gc --import tsx bench/limiter-memory.ts [--addresses 1000000]
 * Feeds distinct IPv4 and IPv6 addresses (each IPv6 one in its own /64) through `clientKey` and
 * `limiter.hit` with the default limiter (cap 100,000 clients) and prints one JSON line: heap and
 * array-buffer growth at checkpoints, bytes per tracked client, and the time per hit.
 */
import { parseArgs } from 'node:util';
import { clientKey } from '../src/runtime/client-key.ts';
import { SlidingWindowLimiter } from '../src/runtime/limiter.ts';

export interface LimiterMemoryResult {
  addresses: number;
  maxClients: number;
  trackedClients: number;
  bytesPerClient: number;
  totalBytes: number;
  /** The largest growth seen at any checkpoint. */
  peakBytes: number;
  nsPerHit: number;
  checkpoints: { addresses: number; trackedClients: number; bytes: number }[];
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const { values } = parseArgs({ options: { addresses: { type: 'string', default: '1000000' } } });
const total = Number(values.addresses);

function used(): number {
  gc!();
  gc!();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

function address(i: number): string {
  if (i % 2 === 0) {
    const n = 0x0b000000 + i;
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  }
  return `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
}

const limiter = new SlidingWindowLimiter();
const before = used();
const marks = new Set(
  [10_000, 50_000, limiter.maxClients, 250_000, 500_000, total].filter((n) => n <= total),
);
const checkpoints: LimiterMemoryResult['checkpoints'] = [];
let hitTime = 0;
let start = performance.now();
for (let i = 0; i < total; i++) {
  limiter.hit(clientKey(address(i)));
  if (marks.has(i + 1)) {
    hitTime += performance.now() - start;
    checkpoints.push({ addresses: i + 1, trackedClients: limiter.trackedClients, bytes: used() - before });
    start = performance.now();
  }
}
const last = checkpoints[checkpoints.length - 1]!;
const result: LimiterMemoryResult = {
  addresses: total,
  maxClients: limiter.maxClients,
  trackedClients: limiter.trackedClients,
  bytesPerClient: last.bytes / Math.min(total, limiter.maxClients),
  totalBytes: last.bytes,
  peakBytes: Math.max(...checkpoints.map((c) => c.bytes)),
  nsPerHit: (hitTime * 1e6) / total,
  checkpoints,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
