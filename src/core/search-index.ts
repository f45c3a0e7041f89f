/**
 * The full-text index of the posts: how text becomes terms, how matches are weighed and the files
 * the index is written in. The build indexes with MiniSearch (src/build/search-index.ts) and writes
 * the files; the run time reads only the files a query needs and scores as MiniSearch does
 * (src/runtime/search/search-score.ts), so both read the options from here.
 */
import type { Options } from 'minisearch';

/** The text of a post as the index sees it, and the fields a search result shows. */
export interface IndexedPost {
  id: string;
  title: string;
  tags: string;
  description: string;
  body: string;
  slug: string;
  pubDate: string;
  tagList: string[];
  /** The series the post is a chapter of, if any: a search may be narrowed to it. */
  series: string | null;
  url: string;
}

/** The searched fields in MiniSearch's order (its field ids) and how much a match in each weighs. */
export const FIELDS = ['title', 'tags', 'description', 'body'] as const;
export const BOOSTS: Record<(typeof FIELDS)[number], number> = { title: 4, tags: 3, description: 2, body: 1 };

/** Splits on anything that is not a letter, a combining mark or a digit (so `Cache-Control` is two words). */
const WORD_SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

/** Case- and accent-insensitive terms: `CANCIÓN`, `canción` and `cancion` are the same term. */
export function foldTerm(term: string): string | null {
  const folded = term.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
  return folded === '' ? null : folded;
}

export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATORS).filter((word) => word !== '');
}

/** The first `count` code points of a term: the key of the shard it is in may be any of them. */
export function firstCodePoints(term: string, count: number): string {
  let end = 0;
  for (let seen = 0; seen < count && end < term.length; seen++)
    end += (term.codePointAt(end) as number) > 0xffff ? 2 : 1;
  return term.slice(0, end);
}

/** Only the last word is matched as a prefix: it is the one still being typed. */
export const matchesAsPrefix = (_term: string, index: number, terms: readonly string[]) =>
  index === terms.length - 1;

/** The index's options for MiniSearch: the build indexes with them, the tests compare against them. */
export const SEARCH_OPTIONS: Options<IndexedPost> = {
  fields: [...FIELDS],
  tokenize,
  processTerm: foldTerm,
  searchOptions: {
    boost: BOOSTS,
    prefix: matchesAsPrefix,
  },
};

// ---------------------------------------------------------------- the files of one language

/**
 * What every query of a language needs: small, whatever the number of posts. The head file is this
 * as the JSON part of a framed file (src/core/search-codec.ts) whose payload is each field's
 * length in every post: field after field (FIELDS order), `documentCount` little-endian unsigned
 * integers each, of the field's width.
 */
export interface SearchHead {
  documentCount: number;
  /** The mean length of each field, in FIELDS order, as MiniSearch worked it out while indexing. */
  averageFieldLength: number[];
  /** The bytes of each field's lengths in the payload, in FIELDS order: as few as its longest needs. */
  fieldLengthWidth: LengthWidth[];
  /**
   * The term shards' keys, sorted: a term is in the shard of the longest key that begins it (by
   * code points), so a word or a prefix maps to a known few shards. Shard `i` is at searchTermsKey.
   */
  shards: string[];
  /** How many posts each stored chunk holds: post `n` is in chunk `n / postsPerChunk`. */
  postsPerChunk: number;
  /**
   * The tags and the series of the language's posts, each list sorted: the posts of the `n`th are
   * in the file at searchFilterKey(lang, kind, n), their numbers ascending as varints, each the gap
   * from the one before (the first from 0).
   */
  filters: Record<FilterKind, string[]>;
}

/** What a search may be narrowed to: the posts with a tag, the chapters of a series. */
export type FilterKind = 'tag' | 'series';
export const FILTER_KINDS: readonly FilterKind[] = ['tag', 'series'];

export type LengthWidth = 1 | 2 | 4;

/**
 * One term of a shard, as the shard's JSON part lists it: its rank in MiniSearch's term order (the
 * order its prefix matches come in), the bytes its postings take in the payload, and per field
 * (FIELDS order) how many postings it has there (0 where no post has it in that field). A shard
 * lists its terms by rank; their postings follow one another in the payload in the same order,
 * each field's as varints (src/core/search-codec.ts): a post's number as the gap from the one
 * before, then the term's frequency in it.
 */
export type ShardTerm = [term: string, rank: number, bytes: number, ...counts: number[]];

/** A post as a result shows it, stored in chunks of consecutive post numbers. */
export type StoredPost = [
  slug: string,
  title: string,
  description: string,
  pubDate: string,
  tags: string[],
  url: string,
];
