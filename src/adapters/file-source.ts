/** Node and Bun: the deployment's bodies read from the output folder on disk. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BODIES_PREFIX, MANIFEST_FORMAT, MANIFEST_KEY, type Manifest } from '../core/deployment.ts';
import type { BodySource } from '../http/body-cache.ts';

/** The output folder `npm run build` writes; FOLIO_OUT overrides it. */
export const DEFAULT_OUT = 'dist/public';

export function fileSource(outDir: string): BodySource {
  const root = join(outDir, BODIES_PREFIX);
  return {
    async read(key) {
      try {
        return await readFile(root + key);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG')
          return null;
        throw error;
      }
    },
  };
}

/** The manifest of the folder, or one line saying how to make it. */
export async function readManifest(outDir: string): Promise<Manifest> {
  const bytes = await fileSource(outDir).read(MANIFEST_KEY);
  if (!bytes) throw new Error(`folio: no build in ${outDir}; run npm run build first`);
  const manifest = JSON.parse(new TextDecoder().decode(bytes)) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(`folio: the build in ${outDir} was made by another version of Folio; run npm run build`);
  return manifest;
}
