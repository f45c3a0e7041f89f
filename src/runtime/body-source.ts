/** How a runtime reads the deployment's bodies: the key is a body key (src/core/deployment.ts). */
export interface BodySource {
  /**
   * The body at `key`, null when there is none. A source that reads at once (Bun's, from the
   * local disk) gives the bytes themselves, so the answer is made without a promise.
   */
  read(key: string): Uint8Array | null | Promise<Uint8Array | null>;
  /**
   * Whether the deployment surely has no body at `key`, known without reading (a source that holds
   * the deployment's key set): such a key is missing at once, without a promise.
   */
  lacks?(key: string): boolean;
  /**
   * The body at `key` as a stream of chunks, null when there is none. A source without it has a
   * streamed body read one whole part at a time.
   */
  stream?(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * A streamed body's parts (`keys`, in order) as one body, made the way this runtime sends files
   * fastest: it needs no promise hop per chunk, and fails while being sent when a part is missing.
   * A source without it has the parts streamed one after another (parted-source.ts).
   */
  sendParts?(keys: readonly string[]): ReadableStream<Uint8Array>;
}

/**
 * What a source throws when the deployment it reads was replaced (a new build moved in): a body
 * read now could belong to either. The server then loads the new deployment whole and answers
 * from it, so no answer mixes the two.
 */
export class DeploymentReplaced extends Error {
  constructor(where: string) {
    super(`folio: the deployment in ${where} was replaced`);
  }
}
