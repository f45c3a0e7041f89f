/**
 * The binary framing of the search index's head and term shards: a little-endian 32-bit length,
 * that many bytes of UTF-8 JSON (what the file says of itself), then a payload of numbers the
 * JSON locates. Postings in the payload are unsigned LEB128 varints, read as they are scored: a
 * file is read without parsing its numbers, and a query reads only the postings of its own terms.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A file: its JSON part, then its payload. */
export function framed(json: unknown, payload: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const text = encoder.encode(JSON.stringify(json));
  const size = payload.reduce((total, part) => total + part.byteLength, 4 + text.byteLength);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, text.byteLength, true);
  bytes.set(text, 4);
  let at = 4 + text.byteLength;
  for (const part of payload) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

/**
 * A file's JSON part, parsed, and its payload: a plain Uint8Array view, not a copy, whatever kind
 * of bytes the file came as (Node reads Buffers), so the scorer's loops meet one kind only and stay
 * optimized.
 */
export function unframed<T>(bytes: Uint8Array): { json: T; payload: Uint8Array } {
  if (bytes.byteLength < 4) throw new Error('a search index file is cut short; build it again');
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const end = 4 + length;
  if (end > bytes.byteLength) throw new Error('a search index file is cut short; build it again');
  const payload = new Uint8Array(bytes.buffer, bytes.byteOffset + end, bytes.byteLength - end);
  return { json: JSON.parse(decoder.decode(bytes.subarray(4, end))) as T, payload };
}

/** Unsigned integers as LEB128 varints, in a buffer that doubles as it fills. */
export class VarintWriter {
  #bytes: Uint8Array;
  #length = 0;

  constructor(capacity = 64) {
    this.#bytes = new Uint8Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  write(value: number): void {
    this.#reserve(5);
    let rest = value >>> 0;
    while (rest >= 0x80) {
      this.#bytes[this.#length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.#bytes[this.#length++] = rest;
  }

  /** What another writer wrote, after what this one did. */
  append(other: VarintWriter): void {
    this.#reserve(other.#length);
    this.#bytes.set(other.#bytes.subarray(0, other.#length), this.#length);
    this.#length += other.#length;
  }

  /** What was written, in a buffer of its own size. */
  bytes(): Uint8Array<ArrayBuffer> {
    return this.#bytes.slice(0, this.#length);
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#bytes.length) return;
    let capacity = this.#bytes.length * 2;
    while (capacity < this.#length + bytes) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

/** Unsigned LEB128 varints read one after another from `at`. */
export class VarintReader {
  readonly #bytes: Uint8Array;
  #at: number;

  constructor(bytes: Uint8Array, at = 0) {
    this.#bytes = bytes;
    this.#at = at;
  }

  /** Where the next varint starts. */
  get at(): number {
    return this.#at;
  }

  next(): number {
    const bytes = this.#bytes;
    let byte = bytes[this.#at++] as number;
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[this.#at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
    }
    return value;
  }
}
