/** Node and Bun: the deployment's bodies read from the output folder on disk. */
import { type FileHandle, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BODIES_PREFIX, MANIFEST_FORMAT, MANIFEST_KEY, type Manifest } from '../core/deployment.ts';
import type { BodySource } from '../http/body-source.ts';

/** The output folder `npm run build` writes; FOLIO_OUT overrides it. */
export const DEFAULT_OUT = 'dist/public';

/**
 * Bytes read at a time from a streamed body's file. Each chunk is garbage once sent, and Node
 * collects it in batches: sending 34 MiB held 30 MiB more RSS with 256 KiB chunks, 18 MiB with
 * 64 KiB, 10 MiB with 32 KiB, which sends as fast; 16 KiB took two to four times as long.
 */
const CHUNK_BYTES = 32 * 1024;

export function fileSource(outDir: string): BodySource {
  const root = join(outDir, BODIES_PREFIX);
  return {
    read: (key) => unlessMissing(readFile(root + key)),
    stream: async (key) => {
      const handle = await unlessMissing(open(root + key));
      return handle && fileStream(handle);
    },
  };
}

/** The file's result, or null when there is no such file. */
async function unlessMissing<T>(reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG') return null;
    throw error;
  }
}

/** An open file as a stream of chunks; the file is closed at its end, on an error, or when cancelled. */
function fileStream(handle: FileHandle): ReadableStream<Uint8Array> {
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= handle.close());
  return new ReadableStream({
    async pull(controller) {
      try {
        const { bytesRead, buffer } = await handle.read(new Uint8Array(CHUNK_BYTES), 0, CHUNK_BYTES, null);
        if (closing) return;
        if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
        await close();
        controller.close();
      } catch (error) {
        await close();
        throw error;
      }
    },
    cancel: close,
  });
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
