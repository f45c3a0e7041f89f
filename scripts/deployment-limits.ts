/**
 * What a deployment folder weighs against the hosting platforms' documented limits on static
 * files: how many files, the largest, the fullest folder. The build warns about each limit a
 * deployment goes over (a blog owner deploys to one platform, on one plan, so none is an error).
 * Netlify documents no limit on the number of files of a deploy.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface DeploymentStats {
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  fullestFolder: { path: string; files: number };
}

const MIB = 1024 * 1024;

/** One platform's documented limits on files per deployment and bytes per file. */
export interface PlatformLimit {
  platform: string;
  files: number;
  fileBytes?: number;
  /** What an owner over the limit can do. */
  beyond: string;
}

export const PLATFORM_LIMITS: readonly PlatformLimit[] = [
  {
    platform: 'Cloudflare Workers Free',
    files: 20_000,
    fileBytes: 25 * MIB,
    beyond: 'it needs the Workers Paid plan: 100,000 files per Worker version',
  },
  {
    platform: 'Cloudflare Workers Paid',
    files: 100_000,
    fileBytes: 25 * MIB,
    beyond: 'no Workers plan takes it: serve the blog from Node or Bun, or from Netlify',
  },
  {
    platform: 'Vercel CLI upload',
    files: 15_000,
    beyond: '`vercel deploy --archive=tgz` uploads one archive instead',
  },
];

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

const count = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/** One line for each limit the deployment goes over, saying what the owner can do. */
export function limitWarnings(stats: DeploymentStats): string[] {
  return PLATFORM_LIMITS.flatMap(({ platform, files, fileBytes, beyond }) => {
    const over: string[] = [];
    if (stats.files > files) over.push(`${count(stats.files)} files, over its ${count(files)}`);
    if (fileBytes !== undefined && stats.largest.bytes > fileBytes)
      over.push(`${stats.largest.path} is ${mib(stats.largest.bytes)}, over its ${mib(fileBytes)} per file`);
    return over.length ? [`${platform}: ${over.join('; ')} (${beyond})`] : [];
  });
}

/** A limit as one line of text, for tables. */
export function describeLimit({ platform, files, fileBytes, beyond }: PlatformLimit): string {
  const perFile = fileBytes === undefined ? '' : `, ${mib(fileBytes)} per file`;
  return `${platform}: ${count(files)} files${perFile}; beyond: ${beyond}`;
}
