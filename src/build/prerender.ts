/** Response bodies serialized once and kept as bytes, with their validator. */
import { etagOf } from '../http/etag.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface Prerendered {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
}

/** A JSON array whose first N elements can be served without serializing again. */
export interface PrerenderedList extends Prerendered {
  /** `ends[i]` is the byte offset just past element i. */
  ends: Uint32Array;
  /** Bodies of the first N elements already served, by N. */
  prefixes: Map<number, Prerendered>;
}

/** Clients ask for a few distinct `limit` values; keeping that many bounds the memory per list. */
const KEPT_PREFIXES = 32;

const encoder = new TextEncoder();

export function prerender(text: string, contentType: string): Prerendered {
  const bytes = encoder.encode(text);
  return { bytes, etag: etagOf(bytes), contentType };
}

export function prerenderJson(value: unknown): Prerendered {
  return prerender(JSON.stringify(value), JSON_TYPE);
}

export function prerenderList(items: readonly unknown[]): PrerenderedList {
  const parts = items.map((item) => JSON.stringify(item));
  const ends = new Uint32Array(parts.length);
  let offset = 1;
  parts.forEach((part, i) => {
    offset += utf8Length(part);
    ends[i] = offset;
    offset += 1;
  });
  return { ...prerender(`[${parts.join(',')}]`, JSON_TYPE), ends, prefixes: new Map() };
}

/** The first `count` elements as a JSON array: a copy of their bytes and a closing bracket. */
export function listPrefix(list: PrerenderedList, count: number): Prerendered {
  if (count >= list.ends.length) return list;
  const kept = list.prefixes.get(count);
  if (kept) return kept;
  const end = count === 0 ? 1 : list.ends[count - 1]!;
  const bytes = new Uint8Array(end + 1);
  bytes.set(list.bytes.subarray(0, end));
  bytes[end] = 0x5d;
  const prefix = { bytes, etag: `${list.etag.slice(0, -1)}-${count}"`, contentType: list.contentType };
  if (list.prefixes.size < KEPT_PREFIXES) list.prefixes.set(count, prefix);
  return prefix;
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

/** A value computed on first use, then kept. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
