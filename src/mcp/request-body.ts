/** Reads a request body without holding more than a cap in memory, whatever Content-Length claims. */

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * What reading a body gave: its bytes, or too many of them, or a stream that failed before its end
 * (the client hung up or sent a broken body; either way it is no server error).
 */
export type BodyRead = { kind: 'read'; bytes: Uint8Array } | { kind: 'too-large' } | { kind: 'incomplete' };

const TOO_LARGE: BodyRead = { kind: 'too-large' };
const INCOMPLETE: BodyRead = { kind: 'incomplete' };

export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  // A declared length over the cap is refused unread (the runtime discards the body, so the client still
  // gets the 413); a missing or false length is caught while reading.
  if (Number(request.headers.get('content-length')) > maxBytes) return TOO_LARGE;
  if (!request.body) return { kind: 'read', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch {
      return INCOMPLETE;
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return TOO_LARGE;
    }
    chunks.push(chunk.value);
  }
  return { kind: 'read', bytes: concat(chunks, size) };
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
