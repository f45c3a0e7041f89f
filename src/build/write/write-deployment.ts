/**
 * Writes a deployment folder atomically: every body goes into a fresh temporary folder beside the
 * target, which replaces the previous output only once complete, by one rename of a link. A
 * failed build leaves the previous output as it was; a killed one leaves folders that the next
 * build (or server start) sorts out (src/folders/deployment-folders.ts).
 */
import { join, relative } from 'node:path';
import { BODIES_PREFIX, type Manifest } from '../../core/deployment.ts';
import { buildingFolder, recoverDeployment, swapIn } from '../../folders/deployment-folders.ts';
import { removeFolder } from '../../folders/remove-folder.ts';
import { type DeploymentStats, DeploymentTally } from '../bundle/deployment-limits.ts';
import type { SiteData } from '../data/types.ts';
import { type EmitOptions, emitDeployment } from '../emit.ts';
import { type Progress, SILENT } from '../progress.ts';
import { indexSearchInWorker } from '../threads/search-indexer.ts';
import { directFileWriter, type FileSizes, type FileWriter, fileWriter } from './file-writer.ts';

/**
 * The points of a build where a kill leaves the folders in a different state, in order: bodies
 * being written, all written, the deployment named and linked beside `out`, a real folder `out`
 * moved aside (only the first build over an older Folio's folder, or without links), the link in.
 */
export const BUILD_STEPS = ['writing', 'written', 'named', 'moved-aside', 'swapped'] as const;
export type BuildStep = (typeof BUILD_STEPS)[number];

/**
 * FOLIO_BUILD_KILL_AT=<step> kills the build (SIGKILL, as a crash or `kill -9` would) at that
 * step: how the tests show that a kill at any step leaves one complete deployment.
 */
function reached(step: BuildStep): void {
  if (process.env.FOLIO_BUILD_KILL_AT === step) process.kill(process.pid, 'SIGKILL');
}

/**
 * From how many posts the files are written, and the search index made, on worker threads beside
 * the one that makes the pages: starting a worker loads its TypeScript again, a few tenths of a
 * second of CPU, more than a smaller blog's writes or index take.
 */
const WORKERS_FROM = 1000;

/** How a deployment is written, beyond what goes in it. */
export interface WriteSteps {
  progress?: Progress;
  /** Runs once every body is written and before the output is replaced; throwing keeps the previous output. */
  accept?: () => void;
  /** Opens the writer of the files (the file system's, on a worker thread for a large blog). */
  files?: (sized: FileSizes) => FileWriter;
}

/** The deployment written: its manifest, and what its folder holds, added up as it was written. */
export interface WrittenDeployment {
  manifest: Manifest;
  stats: DeploymentStats;
}

export async function writeDeployment(
  data: SiteData,
  options: EmitOptions,
  outDir: string,
  steps: WriteSteps = {},
): Promise<WrittenDeployment> {
  const large = data.posts.length >= WORKERS_FROM;
  const {
    progress = SILENT,
    accept = () => {},
    files: openWriter = large ? fileWriter : directFileWriter,
  } = steps;
  await recoverDeployment(outDir);
  const fresh = buildingFolder(outDir, process.pid);
  await removeFolder(fresh);
  progress.step('write', 'bodies');
  const tally = new DeploymentTally();
  const files = openWriter((path, bytes) => tally.add(relative(fresh, path), bytes));
  let written = 0;
  try {
    const manifest = await emitDeployment(
      data,
      { ...(large && { indexSearch: indexSearchInWorker }), ...options },
      (key, body) => {
        progress.advance();
        if (++written === 100) reached('writing');
        return files.write(join(fresh, BODIES_PREFIX, key), body);
      },
    ).finally(files.close);
    accept();
    reached('written');
    const replaced = await swapIn(fresh, outDir, reached);
    reached('swapped');
    if (replaced) await removeFolder(replaced);
    // Whatever else a build that is no longer running left.
    await recoverDeployment(outDir);
    return { manifest, stats: tally.stats() };
  } catch (error) {
    await removeFolder(fresh);
    throw error;
  }
}
