/**
 * What a deployment folder weighs against the hosting platforms' documented limits on static
 * files: how many files, the largest, the fullest folder. The build warns about each limit a
 * deployment goes over (a blog owner deploys to one platform, on one plan, so none is an error).
 * Netlify documents no limit on the number of files of a deploy.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface DeploymentStats {
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  fullestFolder: { path: string; files: number };
}

const MIB = 1024 * 1024;

/** What a limit counts: the deployment's files, or the bytes of its largest file. */
export type LimitMeasure = 'files' | 'bytes per file';

/** One documented limit of a platform on a deployment's static files, with its own remedy. */
export interface PlatformLimit {
  /** The platform and the plans the limit applies to. */
  platform: string;
  measure: LimitMeasure;
  max: number;
  /** What an owner over this limit can do. */
  beyond: string;
}

/**
 * Cloudflare's Workers limits: 20,000 static asset files per Worker version on the Free plan,
 * 100,000 on Paid, 25 MiB per file on both. A file over 25 MiB is one of the content folder's own
 * (media, the public folder): the build writes no body of its own that large, as it splits every
 * streamed body into parts of at most 20 MiB.
 */
export const PLATFORM_LIMITS: readonly PlatformLimit[] = [
  {
    platform: 'Cloudflare Workers Free',
    measure: 'files',
    max: 20_000,
    beyond: 'the Workers Paid plan takes 100,000 files per Worker version',
  },
  {
    platform: 'Cloudflare Workers Paid',
    measure: 'files',
    max: 100_000,
    beyond: 'no Workers plan takes more: serve the blog from Node or Bun, or from Netlify',
  },
  {
    platform: 'Cloudflare Workers, every plan',
    measure: 'bytes per file',
    max: 25 * MIB,
    beyond: 'no Workers plan takes a larger file: make it smaller, or host it elsewhere and link to it',
  },
  {
    platform: 'Vercel CLI upload',
    measure: 'files',
    max: 15_000,
    beyond: '`vercel deploy --archive=tgz` uploads one archive instead',
  },
];

/** The stats of a deployment folder on disk (the build works them out as it writes, with a tally). */
export function deploymentStats(dir: string): DeploymentStats {
  const tally = new DeploymentTally();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    tally.add(relative(dir, path), statSync(path).size);
  }
  return tally.stats();
}

/**
 * A deployment's stats added up file by file, each file once, by its path relative to the folder.
 * The build keeps one as it writes: walking the folder afterwards costs a stat per file, 4.5 s for
 * the 322,000 files of a 100,000-post blog just written and half a minute once they have left the
 * cache.
 */
export class DeploymentTally {
  readonly #perFolder = new Map<string, number>();
  #files = 0;
  #bytes = 0;
  #largest = { path: '', bytes: 0 };

  add(path: string, bytes: number): void {
    this.#files++;
    this.#bytes += bytes;
    if (bytes > this.#largest.bytes) this.#largest = { path, bytes };
    const folder = dirname(path);
    this.#perFolder.set(folder, (this.#perFolder.get(folder) ?? 0) + 1);
  }

  stats(): DeploymentStats {
    let fullestFolder = { path: '', files: 0 };
    for (const [path, files] of this.#perFolder)
      if (files > fullestFolder.files) fullestFolder = { path, files };
    return { files: this.#files, bytes: this.#bytes, largest: { ...this.#largest }, fullestFolder };
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/** How far the deployment goes over `limit`, or nothing when it stays within it. */
function overrun(stats: DeploymentStats, { measure, max }: PlatformLimit): string | undefined {
  if (measure === 'files')
    return stats.files > max ? `${count(stats.files)} files, over its ${count(max)}` : undefined;
  const { path, bytes } = stats.largest;
  return bytes > max ? `${path} is ${mib(bytes)}, over its ${mib(max)} per file` : undefined;
}

/** One line for each limit the deployment goes over, saying what the owner can do. */
export function limitWarnings(stats: DeploymentStats, limits = PLATFORM_LIMITS): string[] {
  return limits.flatMap((limit) => {
    const over = overrun(stats, limit);
    return over ? [`${limit.platform}: ${over} (${limit.beyond})`] : [];
  });
}

/** What the build says of the deployment folder it wrote: how many files, how large, the largest. */
export function deploymentSummary({ files, bytes, largest }: DeploymentStats): string {
  return `the deployment holds ${count(files)} files, ${mib(bytes)}; the largest is ${largest.path} (${mib(largest.bytes)})`;
}

/** A limit as one line of text, for tables. */
export function describeLimit({ platform, measure, max, beyond }: PlatformLimit): string {
  const amount = measure === 'files' ? `${count(max)} files` : `${mib(max)} per file`;
  return `${platform}: ${amount}; beyond: ${beyond}`;
}
