/** Reads a request body without holding more than a cap in memory, whatever Content-Length claims. */
import { concatBytes } from '../core/bytes.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * What reading a body gave: its bytes, or too many of them, or a stream that failed before its end
 * (the client hung up or sent a broken body; either way it is no server error).
 */
export type BodyRead = { kind: 'read'; bytes: Uint8Array } | { kind: 'too-large' } | { kind: 'incomplete' };

const TOO_LARGE: BodyRead = { kind: 'too-large' };
const INCOMPLETE: BodyRead = { kind: 'incomplete' };

const DECIMAL = /^\d+$/;

export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  // A declared length over the cap is refused unread (the runtime discards the body, so the client still
  // gets the 413); a missing or false length is caught while reading.
  const declared = request.headers.get('content-length');
  if (Number(declared) > maxBytes) return TOO_LARGE;
  if (!request.body) return { kind: 'read', bytes: new Uint8Array(0) };
  // A declared length within the cap bounds the body (the runtime's HTTP parser ends it there), so it
  // is read whole, in one step.
  if (declared !== null && DECIMAL.test(declared)) {
    try {
      return { kind: 'read', bytes: await wholeBody(request) };
    } catch {
      return INCOMPLETE;
    }
  }
  return readCapped(request.body, maxBytes);
}

/** `bytes()` where the runtime has it (Bun, the Node adapter's requests), without a copy into an ArrayBuffer. */
function wholeBody(request: Request): Promise<Uint8Array> {
  if (typeof request.bytes === 'function') return request.bytes();
  return request.arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

/** A body of unknown length, read chunk by chunk and given up on past the cap. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<BodyRead> {
  const reader = body.getReader();
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
  return { kind: 'read', bytes: chunks.length === 1 ? chunks[0]! : concatBytes(chunks) };
}
