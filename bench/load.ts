/**
 * One bounded load run, in its own process so it does not share a core with the server:
 *   tsx bench/load.ts '<json LoadSpec>'
 * Warms up, measures, and prints one JSON LoadResult line on stdout. `measure` is the same run
 * in the caller's process (the quick smoke run uses it to skip a process start per route).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Seconds. */
  duration: number;
  warmup: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  /** Requests sent in all, the warm-up's included. */
  sent: number;
}

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  latency: { p50: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}

function run(spec: LoadSpec, duration: number): Promise<AutocannonResult> {
  const url = new URL(spec.url);
  if (url.hostname !== '127.0.0.1') throw new Error('load runs target loopback only');
  const options: Record<string, unknown> = {
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    connections: spec.connections,
    duration,
    // autocannon stops on a sample tick: whole seconds keep its default, a fraction needs finer ticks.
    sampleInt: Number.isInteger(duration) ? 1000 : 100,
  };
  if (spec.body !== undefined) options.body = spec.body;
  return autocannon(options) as Promise<AutocannonResult>;
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  const warm = spec.warmup > 0 ? (await run(spec, spec.warmup)).requests.total : 0;
  const result = await run(spec, spec.duration);
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    sent: warm + result.requests.total,
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = await measure(JSON.parse(process.argv[2] ?? '{}') as LoadSpec);
  process.stdout.write(`${JSON.stringify(output)}\n`);
}
