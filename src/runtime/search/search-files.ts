/**
 * A language's index files as the run time reads them (src/core/search-index.ts says what they
 * hold): the head, parsed once; the term shards a query's words fall in; the stored chunks of the
 * posts a page of results shows.
 */

import { unframed, VarintReader } from '../../core/search-codec.ts';
import {
  FIELDS,
  type FilterKind,
  firstCodePoints,
  type LengthWidth,
  type SearchHead,
  type ShardTerm,
  type StoredPost,
} from '../../core/search-index.ts';
import type { FieldLengths, Statistics, TermPostings, TermSource } from './search-score.ts';

export interface Head extends Statistics {
  shards: readonly string[];
  shardOf: ReadonlyMap<string, number>;
  postsPerChunk: number;
  /** The number of each tag's and series' filter file. */
  filterOf: Readonly<Record<FilterKind, ReadonlyMap<string, number>>>;
}

/** A shard's terms, in rank order, and where each one's postings lie in the file. */
export type Shard = ReadonlyMap<string, TermPostings>;

const decoder = new TextDecoder();
const parsed = <T>(bytes: Uint8Array) => JSON.parse(decoder.decode(bytes)) as T;

/** The head's statistics, each field's lengths in an array of their own. */
export function parseHead(bytes: Uint8Array): Head {
  const { json: head, payload } = unframed<SearchHead>(bytes);
  const widths = head.fieldLengthWidth;
  const lengthBytes = widths.reduce((total, width) => total + width * head.documentCount, 0);
  if (widths.length !== FIELDS.length || lengthBytes > payload.byteLength)
    throw new Error('the search index head is cut short; build it again');
  let start = 0;
  const fieldLength = widths.map((width) => {
    const lengths = lengthsAt(payload, start, width, head.documentCount);
    start += width * head.documentCount;
    return lengths;
  });
  return {
    documentCount: head.documentCount,
    averageFieldLength: head.averageFieldLength,
    fieldLength,
    shards: head.shards,
    shardOf: new Map(head.shards.map((key, i) => [key, i])),
    postsPerChunk: head.postsPerChunk,
    filterOf: {
      tag: new Map(head.filters.tag.map((name, i) => [name, i])),
      series: new Map(head.filters.series.map((name, i) => [name, i])),
    },
  };
}

/** A filter file as the scorer reads it: a flag per post of the language, 1 for the posts it lists. */
export function parseFilter(documentCount: number) {
  return (bytes: Uint8Array): Uint8Array => {
    const allowed = new Uint8Array(documentCount);
    const reader = new VarintReader(bytes);
    let post = 0;
    while (reader.at < bytes.length) {
      post += reader.next();
      if (post >= documentCount)
        throw new Error('a search filter file names a post past the head; build it again');
      allowed[post] = 1;
    }
    return allowed;
  };
}

/**
 * A copy of one field's lengths as an array of their width. The file's numbers are little-endian,
 * as every machine Folio runs on is (x86-64 and Arm64 servers, the edge's isolates), so the copied
 * bytes are the numbers. A typed array, unlike a function per field, keeps the scorer's loop
 * optimized whatever head it reads.
 */
function lengthsAt(payload: Uint8Array, start: number, width: LengthWidth, count: number): FieldLengths {
  const copy = payload.slice(start, start + width * count);
  if (width === 1) return copy;
  return width === 2 ? new Uint16Array(copy.buffer) : new Uint32Array(copy.buffer);
}

/** Where each term's postings lie in the payload (views of the file's bytes, not copies). */
export function parseShard(bytes: Uint8Array): Shard {
  const { json: listed, payload } = unframed<ShardTerm[]>(bytes);
  const shard = new Map<string, TermPostings>();
  let offset = 0;
  for (const [term, rank, size, ...counts] of listed) {
    shard.set(term, { rank, counts, bytes: payload.subarray(offset, offset + size) });
    offset += size;
  }
  if (offset > payload.byteLength) throw new Error('a search index shard is cut short; build it again');
  return shard;
}

export const parseStored = (bytes: Uint8Array) => parsed<StoredPost[]>(bytes);

/** The shard a term would be in: the one whose key is the longest that begins it. */
export function shardOfTerm(head: Head, term: string): number | undefined {
  for (let count = [...term].length; count > 0; count--) {
    const shard = head.shardOf.get(firstCodePoints(term, count));
    if (shard !== undefined) return shard;
  }
  return undefined;
}

/** The shards a term beginning with `prefix` may be in: the prefix's own and every longer key's. */
export function shardsOfPrefix(head: Head, prefix: string): number[] {
  const shards = new Set<number>();
  const own = shardOfTerm(head, prefix);
  if (own !== undefined) shards.add(own);
  for (let i = firstKeyFrom(head.shards, prefix); head.shards[i]?.startsWith(prefix); i++) shards.add(i);
  return [...shards];
}

/** The index of the first key not before `text` in the sorted keys. */
function firstKeyFrom(keys: readonly string[], text: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as string) < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The terms of the loaded shards, as the scorer asks for them. */
export function termSource(head: Head, shards: ReadonlyMap<number, Shard>): TermSource {
  const shardOf = (term: string) => {
    const id = shardOfTerm(head, term);
    return id === undefined ? undefined : shards.get(id);
  };
  return {
    exact: (term) => shardOf(term)?.get(term),
    extensions(prefix) {
      const longer: [string, TermPostings][] = [];
      for (const id of shardsOfPrefix(head, prefix))
        for (const entry of shards.get(id) ?? [])
          if (entry[0] !== prefix && entry[0].startsWith(prefix)) longer.push(entry);
      return longer.sort(([, a], [, b]) => a.rank - b.rank);
    },
  };
}
