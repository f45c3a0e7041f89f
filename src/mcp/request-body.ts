/** Reads a request body without holding more than a cap in memory, whatever Content-Length claims. */

export const MAX_BODY_BYTES = 64 * 1024;

/** The body's bytes, or null when it is longer than `maxBytes`. */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array | null> {
  // A declared length over the cap is refused unread (the runtime discards the body, so the client still
  // gets the 413); a missing or false length is caught while reading.
  if (Number(request.headers.get('content-length')) > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
