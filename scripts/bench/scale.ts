/**
 * What a deployment folder weighs against the hosting platforms' documented limits, and what one
 * server process costs: resident memory and the latency of a first request to each kind of body.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';

export interface DeploymentStats {
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  fullestFolder: { path: string; files: number };
}

/** The documented limits a deployment folder meets on each platform (per deployment unless said). */
export const PLATFORM_LIMITS = [
  'Cloudflare Workers static assets: 20,000 files per Worker version (Free), 100,000 (Paid); 25 MiB per file',
  'Vercel: 15,000 files per CLI upload (`vercel deploy --archive=tgz` uploads one archive instead)',
  'Netlify: no limit on files per deploy; 54,000 files per folder',
] as const;

export function deploymentStats(dir: string): DeploymentStats {
  const stats: DeploymentStats = {
    files: 0,
    bytes: 0,
    largest: { path: '', bytes: 0 },
    fullestFolder: { path: '', files: 0 },
  };
  const perFolder = new Map<string, number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = statSync(path).size;
    stats.files++;
    stats.bytes += bytes;
    if (bytes > stats.largest.bytes) stats.largest = { path: relative(dir, path), bytes };
    perFolder.set(entry.parentPath, (perFolder.get(entry.parentPath) ?? 0) + 1);
  }
  for (const [folder, files] of perFolder)
    if (files > stats.fullestFolder.files)
      stats.fullestFolder = { path: relative(dir, folder) || '.', files };
  return stats;
}

/** Resident memory now (VmRSS) or at its peak (VmHWM), in MiB; NaN where /proc is not there. */
export function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface TimedGet {
  status: number;
  bytes: number;
  ms: number;
}

/** One GET on a new connection, timed from the request to the last byte of the body. */
export function timedGet(url: string, headers: Record<string, string>): Promise<TimedGet> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(url, { agent: false, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The gzip size of each edge bundle from the table `scripts/bundle.ts` prints. */
export function edgeBundleSizes(bundleOutput: string): { name: string; gzip: string }[] {
  return [...bundleOutput.matchAll(/(\w+)\.js\s+\S+ KiB\s+(\S+ KiB)/g)].map((m) => ({
    name: m[1]!,
    gzip: m[2]!,
  }));
}
