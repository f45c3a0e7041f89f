/**
 * A language's index files as the run time reads them (src/core/search-index.ts says what they
 * hold): the head, parsed once; the term shards a query's words fall in; the stored chunks of the
 * posts a page of results shows.
 */

import {
  firstCodePoints,
  type PackedLengths,
  type SearchHead,
  type ShardEntry,
  type StoredPost,
} from '../core/search-index.ts';
import type { Statistics, TermPostings, TermSource } from './search-score.ts';

export interface Head extends Statistics {
  shards: readonly string[];
  shardOf: ReadonlyMap<string, number>;
  postsPerChunk: number;
}

/** A shard's terms and their postings, in rank order. */
export type Shard = ReadonlyMap<string, TermPostings>;

const decoder = new TextDecoder();
const parsed = <T>(bytes: Uint8Array) => JSON.parse(decoder.decode(bytes)) as T;

export function parseHead(bytes: Uint8Array): Head {
  const head = parsed<SearchHead>(bytes);
  return {
    documentCount: head.documentCount,
    averageFieldLength: head.averageFieldLength,
    fieldLength: head.fieldLength.map(unpacked),
    shards: head.shards,
    shardOf: new Map(head.shards.map((key, i) => [key, i])),
    postsPerChunk: head.postsPerChunk,
  };
}

function unpacked({ width, base64 }: PackedLengths): (post: number) => number {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  if (width === 1) return (post) => bytes[post] as number;
  if (width === 2) return (post) => view.getUint16(post * 2, true);
  return (post) => view.getUint32(post * 4, true);
}

/** A shard with its postings as typed arrays of post numbers and frequencies (a fraction of JSON's). */
export function parseShard(bytes: Uint8Array): Shard {
  const shard = new Map<string, TermPostings>();
  for (const [term, rank, ...fields] of parsed<ShardEntry[]>(bytes))
    shard.set(term, { rank, fields: fields.map((postings) => (postings === 0 ? null : absolute(postings))) });
  return shard;
}

function absolute(gapsAndFrequencies: number[]): Uint32Array {
  const postings = Uint32Array.from(gapsAndFrequencies);
  for (let i = 2; i < postings.length; i += 2)
    postings[i] = (postings[i] as number) + (postings[i - 2] as number);
  return postings;
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
