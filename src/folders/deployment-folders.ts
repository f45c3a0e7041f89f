/**
 * The folders a build leaves beside the deployment folder `out`: `out.building-<pid>` while it
 * writes, `out.previous-<pid>` for the instant between moving the old deployment aside and moving
 * the new one in. A build that was killed leaves them behind; `recoverDeployment` puts a complete
 * deployment back in place (the new one when it was complete, else the old one) and removes the
 * rest, sparing the folders of builds still running.
 */
import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BODIES_PREFIX, MANIFEST_KEY } from '../core/deployment.ts';
import { removeFolder } from './remove-folder.ts';

export const buildingFolder = (outDir: string, pid: number) => `${outDir}.building-${pid}`;
export const previousFolder = (outDir: string, pid: number) => `${outDir}.previous-${pid}`;

/** Whether a deployment folder is complete: the build writes the manifest last. */
export const isComplete = (folder: string) => existsSync(join(folder, BODIES_PREFIX) + MANIFEST_KEY);

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folders killed builds left beside `outDir`, newest pid last. */
async function leftovers(outDir: string): Promise<{ kind: 'building' | 'previous'; path: string }[]> {
  const name = basename(outDir);
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(building|previous)-(\\d+)$`);
  const found: { kind: 'building' | 'previous'; pid: number; path: string }[] = [];
  for (const entry of await readdir(dirname(outDir)).catch(ignoreMissing)) {
    const match = pattern.exec(entry);
    if (!match || isRunning(Number(match[2]))) continue;
    found.push({
      kind: match[1] as 'building' | 'previous',
      pid: Number(match[2]),
      path: join(dirname(outDir), entry),
    });
  }
  return found.sort((a, b) => a.pid - b.pid);
}

function ignoreMissing(error: NodeJS.ErrnoException): string[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/**
 * Puts back what a killed build left: when `outDir` is gone (the build died between its two
 * renames), its complete new deployment, else the old one it had moved aside; then removes every
 * other leftover of a build that is no longer running.
 */
export async function recoverDeployment(outDir: string): Promise<void> {
  const found = await leftovers(outDir);
  if (!existsSync(outDir)) {
    const newest = (kind: 'building' | 'previous') =>
      found.filter((folder) => folder.kind === kind && isComplete(folder.path)).at(-1);
    const restored = newest('building') ?? newest('previous');
    if (restored) await rename(restored.path, outDir);
  }
  for (const folder of found) await removeFolder(folder.path);
}
