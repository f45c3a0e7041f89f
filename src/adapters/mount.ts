/**
 * Folio mounted in another app on Node or Bun (Hono, an Astro endpoint or middleware, a Next.js
 * route handler): the handler over a deployment folder, answering standard Responses whose large
 * bodies are web streams, with its quota in memory unless `options` give a store. It serves the
 * deployment it opened: open it again after a rebuild.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createHandler, type Handler, type HandlerOptions } from '../handler.ts';
import { compress } from './compress.ts';
import { type FileStreaming, fileDeployment, isMissing } from './file-source.ts';

/** Each part of a large body read as a web stream, for servers that write a Response's body themselves. */
const webFileStreaming: FileStreaming = (root) => ({
  async stream(key) {
    const found = await stat(root + key).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return found && (Readable.toWeb(createReadStream(root + key)) as ReadableStream<Uint8Array>);
  },
});

/** The handler of the deployment in `outDir`; rejects with one line when the folder holds none. */
export async function deploymentHandler(outDir: string, options: HandlerOptions = {}): Promise<Handler> {
  const { manifest, source } = await fileDeployment(outDir, webFileStreaming);
  return createHandler({ manifest, source }, { compress, ...options });
}
