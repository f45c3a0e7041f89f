/**
 * Writes a deployment folder atomically: every body goes into a fresh temporary folder beside the
 * target, which replaces the previous output only once complete. A failed build leaves the
 * previous output as it was.
 */
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteData } from '../src/build/data/types.ts';
import { type EmitOptions, emitDeployment } from '../src/build/emit.ts';
import { BODIES_PREFIX, type Manifest } from '../src/core/deployment.ts';
import { fileWriter } from './file-writer.ts';
import { type Progress, SILENT } from './progress.ts';
import { indexSearchInWorker } from './search-indexer.ts';

/** `accept` runs once every body is written and before the output is replaced; throwing keeps the previous output. */
export async function writeDeployment(
  data: SiteData,
  options: EmitOptions,
  outDir: string,
  progress: Progress = SILENT,
  accept: () => void = () => {},
): Promise<Manifest> {
  const fresh = `${outDir}.building-${process.pid}`;
  const previous = `${outDir}.previous-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  progress.step('write', 'bodies');
  const files = fileWriter();
  try {
    const manifest = await emitDeployment(
      data,
      { indexSearch: indexSearchInWorker, ...options },
      (key, body) => {
        progress.advance();
        return files.write(join(fresh, BODIES_PREFIX, key), body);
      },
    ).finally(files.close);
    accept();
    const hadPrevious = await rename(outDir, previous).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    try {
      await rename(fresh, outDir);
    } catch (error) {
      if (hadPrevious) await rename(previous, outDir);
      throw error;
    }
    await rm(previous, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}
