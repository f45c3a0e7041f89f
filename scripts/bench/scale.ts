/** What one server process costs: resident memory and the latency of a first request to each kind of body. */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

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
  /** To the first byte of the body, and to its last. */
  firstByteMs: number;
  ms: number;
}

/** One GET on a new connection, timed from the request to the first and the last byte of the body. */
export function timedGet(url: string, headers: Record<string, string>): Promise<TimedGet> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(url, { agent: false, headers }, (res) => {
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
