/**
 * The deployment folder `out` and what a build keeps beside it. `out` is a symbolic link to
 * `out.deployment-<pid>-<stamp>`, the complete deployment a build made. A build writes into
 * `out.building-<pid>`, renames it to its deployment name, makes a new link `out.link-<pid>` to it
 * and renames that over `out`: one rename, atomic, so every instant `out` names one complete
 * deployment, to Folio's servers and to any other reader (a static file server, a platform's CLI).
 * Then the deployment `out` named before is removed.
 *
 * `out` as a real folder (made by an older Folio, or where the file system has no symbolic links)
 * is moved aside once, to a deployment name, before the link goes in: `out` is missing for the
 * instant between those two renames. A build killed in it, or at any other step, leaves folders
 * that `recoverDeployment` sorts out (run by the next build and every server start): when `out`
 * is missing it puts the newest complete deployment in place, and it removes every other folder of
 * a build that is no longer running.
 */
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { readdir, rename, symlink, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BODIES_PREFIX, MANIFEST_KEY } from '../core/deployment.ts';
import { removeFolder } from './remove-folder.ts';

export const buildingFolder = (outDir: string, pid: number) => `${outDir}.building-${pid}`;
/** Where the build of `pid` moves a real folder `out` aside: only where links cannot be made. */
const previousFolder = (outDir: string, pid: number) => `${outDir}.previous-${pid}`;
/** A deployment's lasting name: the pid says which build made it, the stamp tells two of its builds apart. */
const deploymentFolder = (outDir: string, pid: number) =>
  `${outDir}.deployment-${pid}-${Date.now().toString(36)}${(stamps++).toString(36)}`;
const linkBeside = (outDir: string, pid: number) => `${outDir}.link-${pid}`;
let stamps = 0;

/** Whether a deployment folder is complete: the build writes the manifest last. */
export const isComplete = (folder: string) => existsSync(join(folder, BODIES_PREFIX) + MANIFEST_KEY);

/** The name of the deployment folder beside it that `outDir` links to; undefined when it links to none. */
function linkTarget(outDir: string): string | undefined {
  try {
    if (!lstatSync(outDir).isSymbolicLink()) return undefined;
    const target = readlinkSync(outDir);
    return target === basename(target) && target.startsWith(`${basename(outDir)}.deployment-`)
      ? target
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the deployment folder `fresh` (complete) in place at `outDir`; resolves to the folder of
 * the deployment it replaced, for the caller to remove, if there was one. `reached` is called
 * after each step (the tests kill the build there).
 */
export async function swapIn(
  fresh: string,
  outDir: string,
  reached: (step: 'named' | 'moved-aside') => void,
): Promise<string | undefined> {
  const deployment = deploymentFolder(outDir, process.pid);
  await rename(fresh, deployment);
  const link = linkBeside(outDir, process.pid);
  await unlink(link).catch(() => {});
  try {
    // Relative, so the folder holding them can be moved or copied (a container image) as a whole.
    await symlink(basename(deployment), link, 'dir');
  } catch (error) {
    if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return swapByRenames(deployment, outDir, reached);
  }
  reached('named');
  const linked = linkTarget(outDir);
  let replaced = linked && join(dirname(outDir), linked);
  if (isRealFolder(outDir)) {
    replaced = deploymentFolder(outDir, process.pid);
    await rename(outDir, replaced);
    reached('moved-aside');
  }
  await rename(link, outDir);
  return replaced;
}

/** The codes of a file system without symbolic links (FAT, exFAT, some network shares, Windows without the right). */
const NO_LINKS = new Set(['EPERM', 'EINVAL', 'ENOSYS', 'EOPNOTSUPP', 'ENOTSUP']);

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Where no link can be made: the old folder aside, the new one in; `out` is missing in between. */
async function swapByRenames(
  deployment: string,
  outDir: string,
  reached: (step: 'moved-aside') => void,
): Promise<string | undefined> {
  const previous = previousFolder(outDir, process.pid);
  const hadPrevious = await rename(outDir, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  reached('moved-aside');
  try {
    await rename(deployment, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    throw error;
  }
  return hadPrevious ? previous : undefined;
}

/**
 * A deployment this process made (or an earlier process with the same pid, as in a container)
 * is no longer needed once `out` names another: this process builds one deployment at a time.
 */
const isOwnDeployment = ({ kind, pid }: Leftover) => kind === 'deployment' && pid === process.pid;

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Kind = 'building' | 'previous' | 'link' | 'deployment';
interface Leftover {
  kind: Kind;
  pid: number;
  path: string;
}

/** The folders (and links) beside `outDir` that builds no longer running left, oldest first. */
async function leftovers(outDir: string): Promise<Leftover[]> {
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${name}\\.(building|previous|link|deployment)-(\\d+)(-[0-9a-z]+)?$`);
  const found: Leftover[] = [];
  for (const entry of await readdir(dirname(outDir)).catch(ignoreMissing)) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const folder = { kind: match[1] as Kind, pid: Number(match[2]), path: join(dirname(outDir), entry) };
    if (!isRunning(folder.pid) || isOwnDeployment(folder)) found.push(folder);
  }
  // A pid is reused; within one kind, names of one pid sort by their stamp.
  return found.sort((a, b) => a.pid - b.pid || (a.path < b.path ? -1 : 1));
}

function ignoreMissing(error: NodeJS.ErrnoException): string[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/**
 * Puts back what a killed build left: when `outDir` is missing (a build died while it moved a
 * real folder aside), the newest complete deployment; then removes every other leftover of a
 * build that is no longer running, and every deployment `outDir` no longer names. Called after a
 * build's swap too, to remove the deployment it replaced.
 */
export async function recoverDeployment(outDir: string): Promise<void> {
  const found = await leftovers(outDir);
  const complete = (kind: Kind) =>
    found.filter((folder) => folder.kind === kind && isComplete(folder.path)).at(-1);
  if (!existsSync(outDir)) {
    // A link made beside `out` names the newest deployment; a real folder is renamed in as it is.
    const restored =
      complete('link') ?? complete('deployment') ?? complete('building') ?? complete('previous');
    if (restored) await putInPlace(restored, outDir);
  }
  const target = linkTarget(outDir);
  for (const folder of found) {
    if (basename(folder.path) === target || !lstatSafe(folder.path)) continue;
    if (folder.kind === 'link') await unlink(folder.path).catch(() => {});
    else await removeFolder(folder.path);
  }
}

async function putInPlace(restored: Leftover, outDir: string): Promise<void> {
  if (restored.kind !== 'deployment') return rename(restored.path, outDir);
  const link = linkBeside(outDir, process.pid);
  await unlink(link).catch(() => {});
  await symlink(basename(restored.path), link, 'dir');
  await rename(link, outDir);
}

function lstatSafe(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
