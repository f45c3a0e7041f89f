/** Build time: response bodies serialized to bytes, and post lists with the offsets `limit` slices at. */

import { concatBytes } from '../core/bytes.ts';

export interface Prerendered {
  bytes: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

export function prerender(text: string): Prerendered {
  return { bytes: encoder.encode(text) };
}

export function prerenderJson(value: unknown): Prerendered {
  return prerender(JSON.stringify(value));
}

/** Characters of a list's text encoded at a time: a large list is never one string, nor one buffer. */
const LIST_CHUNK_CHARS = 64 * 1024;

/** `]` in UTF-8. */
const CLOSING_BRACKET = 0x5d;

/**
 * A JSON array of the items, each serialized as it is reached, in encoded chunks: a large list's
 * items and text are never all in memory at once. Once the chunks are all read, `total` is the
 * number of items, `ends[i]` the byte offset just past item i for the first `endsKept` items
 * (what every `limit` is sliced at), and `head()` those items as an array of their own, made from
 * the first chunks, the only ones kept.
 */
export class SerializedList {
  total = 0;
  readonly ends: number[] = [];
  readonly #items: Iterable<unknown>;
  readonly #endsKept: number;
  readonly #kept: Uint8Array[] = [];

  constructor(items: Iterable<unknown>, endsKept: number) {
    this.#items = items;
    this.#endsKept = endsKept;
  }

  *chunks(): Generator<Uint8Array<ArrayBuffer>> {
    let text = '[';
    let offset = 1;
    let keptBytes = 0;
    const chunk = (text: string) => {
      const bytes = encoder.encode(text);
      if (this.total <= this.#endsKept || keptBytes < (this.ends.at(-1) as number)) {
        this.#kept.push(bytes);
        keptBytes += bytes.byteLength;
      }
      return bytes;
    };
    for (const item of this.#items) {
      const part = JSON.stringify(item);
      if (this.total > 0) {
        text += ',';
        offset += 1;
      }
      text += part;
      offset += utf8Length(part);
      if (this.total++ < this.#endsKept) this.ends.push(offset);
      if (text.length >= LIST_CHUNK_CHARS) {
        yield chunk(text);
        text = '';
      }
    }
    yield chunk(`${text}]`);
  }

  /** The first `endsKept` items as a JSON array (the whole list when it has no more). */
  head(): Uint8Array {
    const kept = concatBytes(this.#kept);
    if (this.total <= this.#endsKept) return kept;
    const end = this.ends.at(-1) as number;
    const head = kept.slice(0, end + 1);
    head[end] = CLOSING_BRACKET;
    return head;
  }
}

export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}
