/** How a runtime reads the deployment's bodies: the key is a body key (src/core/deployment.ts). */
export interface BodySource {
  read(key: string): Promise<Uint8Array | null>;
  /**
   * The body at `key` as a stream of chunks, null when there is none. A source without it has a
   * streamed body read one whole part at a time.
   */
  stream?(key: string): Promise<ReadableStream<Uint8Array> | null>;
}
