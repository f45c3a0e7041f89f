/** Node and Bun: the deployment's bodies read from the output folder on disk. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BODIES_PREFIX, MANIFEST_FORMAT, MANIFEST_KEY, type Manifest } from '../core/deployment.ts';
import type { BodySource } from '../http/body-source.ts';

/** How this runtime streams the large bodies from the files under `root` (the bodies' folder). */
export type FileStreaming = (root: string) => Pick<BodySource, 'stream' | 'sendParts'>;

export function fileSource(outDir: string, streaming: FileStreaming): BodySource {
  const root = join(outDir, BODIES_PREFIX);
  return { read: (key) => unlessMissing(readFile(root + key)), ...streaming(root) };
}

/** Whether a file system error says there is no such file. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG';
}

/** The file's result, or null when there is no such file. */
async function unlessMissing<T>(reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The manifest of the folder, or one line saying how to make it. */
export async function readManifest(outDir: string): Promise<Manifest> {
  const bytes = await unlessMissing(readFile(join(outDir, BODIES_PREFIX) + MANIFEST_KEY));
  if (!bytes) throw new Error(`folio: no build in ${outDir}; run npm run build first`);
  const manifest = JSON.parse(new TextDecoder().decode(bytes)) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(`folio: the build in ${outDir} was made by another version of Folio; run npm run build`);
  return manifest;
}
