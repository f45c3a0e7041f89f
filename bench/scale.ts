/**
 * What one server process costs: resident memory and the latency of a first request to each kind
 * of body; and what a build used, and the largest page it wrote.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { type RequestOptions, request } from 'node:http';
import { join, relative } from 'node:path';
import { BODIES_PREFIX, INTERNAL_PREFIX } from '../src/core/deployment.ts';

/** Resident memory now (VmRSS) or at its peak (VmHWM), in MiB; NaN where /proc is not there. */
export function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Seconds of CPU the process has used, all its threads, from /proc (NaN elsewhere). The kernel
 * counts in ticks of 1/100 s on Linux.
 */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export interface TimedGet {
  status: number;
  bytes: number;
  /** To the first byte of the body, and to its last. */
  firstByteMs: number;
  ms: number;
}

/** One request on a new connection, timed from the request to the first and the last byte of the answer's body. */
function timedRequest(url: string, options: RequestOptions, body?: string): Promise<TimedGet> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(url, { ...options, agent: false }, (res) => {
      let bytes = 0;
      let firstByteMs = Number.NaN;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, bytes, firstByteMs, ms: performance.now() - started }),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}

export const timedGet = (url: string, headers: Record<string, string>) => timedRequest(url, { headers });

/** The gzip size of each edge bundle from the table `src/build/bundle/run-bundle.ts` prints. */
export function edgeBundleSizes(bundleOutput: string): { name: string; gzip: string }[] {
  return [...bundleOutput.matchAll(/(\w+)\.js\s+\S+ KiB\s+(\S+ KiB)/g)].map((m) => ({
    name: m[1]!,
    gzip: m[2]!,
  }));
}

/** Distinct searches, common and rare words, prefixes and several words, in the corpus and the sample alike. */
export const FIRST_SEARCHES = [
  'cache',
  'cache headers',
  'server',
  'edge runtime',
  'test',
  'request response',
  'bun',
  'http',
  'budget',
  'latency',
  'index query',
  'stream',
  'tok',
  'limit quota',
  'bundle',
  'router handler',
  'retry',
  'time',
  'validator error',
  'c',
] as const;

const MCP_SEARCH_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

/** One MCP search_blog_posts call on a new connection, timed like timedGet. */
export function timedSearch(url: string, query: string): Promise<TimedGet> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_blog_posts', arguments: { query } },
  });
  return timedRequest(`${url}/mcp`, { method: 'POST', headers: MCP_SEARCH_HEADERS }, body);
}

/** The first search's latency, the slowest of the rest and the RSS once FIRST_SEARCHES were all answered. */
export async function firstSearches(url: string, pid: number) {
  const times: TimedGet[] = [];
  for (const query of FIRST_SEARCHES) times.push(await timedSearch(url, query));
  return {
    first: times[0]!,
    slowestAfter: Math.max(...times.slice(1).map((time) => time.ms)),
    rss: residentMiB(pid, 'VmRSS'),
  };
}

/** What a build used, as bench/measured-build.ts reports it. */
export interface BuildUsage {
  /** Peak resident memory of the process, every thread's. */
  maxRssKiB: number;
  userMs: number;
  systemMs: number;
}

/** The usage a measured build printed as its last line. */
export function buildUsage(stdout: string): BuildUsage {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as BuildUsage;
}

/** An HTML page of a deployment, written whole or in parts (`index.html~part0`, …), not a compressed copy. */
const PAGE_FILE = /\.html(?:~part\d+)?$/;

/** The deployment's largest HTML page (its parts added up when it was streamed) and its size in bytes. */
export function largestPage(outDir: string): { path: string; bytes: number } {
  const root = join(outDir, BODIES_PREFIX);
  const sizes = new Map<string, number>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !PAGE_FILE.test(entry.name)) continue;
    const path = `/${relative(root, join(entry.parentPath, entry.name))}`;
    if (path.startsWith(`${INTERNAL_PREFIX}/`)) continue;
    const page = path.replace(/~part\d+$/, '');
    sizes.set(page, (sizes.get(page) ?? 0) + statSync(join(root, path)).size);
  }
  let largest = { path: '', bytes: 0 };
  for (const [path, bytes] of sizes) if (bytes > largest.bytes) largest = { path, bytes };
  return largest;
}
