/** Build time: response bodies serialized to bytes, and post lists with the offsets `limit` slices at. */

import { concatBytes } from '../core/bytes.ts';

export interface Prerendered {
  bytes: Uint8Array<ArrayBuffer>;
}

/** A JSON array whose first N elements can be served without serializing again. */
export interface PrerenderedList extends Prerendered {
  /** `ends[i]` is the byte offset just past element i. */
  ends: Uint32Array;
}

const encoder = new TextEncoder();

export function prerender(text: string): Prerendered {
  return { bytes: encoder.encode(text) };
}

export function prerenderJson(value: unknown): Prerendered {
  return prerender(JSON.stringify(value));
}

/** Characters of a list's text encoded at a time: a large list is never one string. */
const LIST_CHUNK_CHARS = 64 * 1024;

/** The items, each serialized as it is reached: a large list's items are never all in memory at once. */
export function prerenderList(items: Iterable<unknown>): PrerenderedList {
  const chunks: Uint8Array[] = [];
  const ends: number[] = [];
  let text = '[';
  let offset = 1;
  for (const item of items) {
    const part = JSON.stringify(item);
    if (ends.length > 0) {
      text += ',';
      offset += 1;
    }
    text += part;
    offset += utf8Length(part);
    ends.push(offset);
    if (text.length >= LIST_CHUNK_CHARS) {
      chunks.push(encoder.encode(text));
      text = '';
    }
  }
  chunks.push(encoder.encode(`${text}]`));
  return { bytes: concatBytes(chunks), ends: Uint32Array.from(ends) };
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
