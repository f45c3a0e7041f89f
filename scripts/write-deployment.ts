/**
 * Writes a deployment folder atomically: every body goes into a fresh temporary folder beside the
 * target, which replaces the previous output only once complete. A failed build leaves the
 * previous output as it was.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SiteData } from '../src/build/data/types.ts';
import { type EmitOptions, emitDeployment } from '../src/build/emit.ts';
import { BODIES_PREFIX, type Manifest } from '../src/core/deployment.ts';
import { type Progress, SILENT } from './progress.ts';

export async function writeDeployment(
  data: SiteData,
  options: EmitOptions,
  outDir: string,
  progress: Progress = SILENT,
): Promise<Manifest> {
  const fresh = `${outDir}.building-${process.pid}`;
  const previous = `${outDir}.previous-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  const made = new Set<string>();
  progress.step('write', 'bodies');
  try {
    const manifest = await emitDeployment(data, options, async (key, body) => {
      const file = join(fresh, BODIES_PREFIX, key);
      const folder = dirname(file);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(file, body);
      progress.advance();
    });
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
