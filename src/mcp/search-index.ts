/**
 * The full-text index of the posts as MiniSearch sees it: built at build time (src/build/search-index.ts)
 * and parsed by the run time on the first search. Build and load must use the same options, so both
 * read them from here.
 */
import MiniSearch, { type SearchResult as Match, type Options } from 'minisearch';
import type { SearchResult } from './schemas.ts';

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
  url: string;
}

/** What a search result carries, stored in the index so a search reads nothing else. */
export const STORED_FIELDS = ['slug', 'title', 'description', 'pubDate', 'tagList', 'url'] as const;
export type StoredPost = Pick<IndexedPost, (typeof STORED_FIELDS)[number]>;

/** Splits on anything that is not a letter, a combining mark or a digit (so `Cache-Control` is two words). */
const WORD_SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

/** Case- and accent-insensitive terms: `CANCIÓN`, `canción` and `cancion` are the same term. */
export function foldTerm(term: string): string | null {
  const folded = term.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
  return folded === '' ? null : folded;
}

function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATORS).filter((word) => word !== '');
}

export const SEARCH_OPTIONS: Options<IndexedPost> = {
  fields: ['title', 'tags', 'description', 'body'],
  storeFields: [...STORED_FIELDS],
  tokenize,
  processTerm: foldTerm,
  searchOptions: {
    boost: { title: 4, tags: 3, description: 2, body: 1 },
    // Only the last word is matched as a prefix: it is the one still being typed.
    prefix: (_term, index, terms) => index === terms.length - 1,
  },
};

export function loadSearchIndex(json: string): MiniSearch<IndexedPost> {
  return MiniSearch.loadJSON(json, SEARCH_OPTIONS);
}

/** A match as search_blog_posts returns it: the fields stored in the index and the score to three decimals. */
export function searchResultOf(match: Match): SearchResult {
  const post = match as unknown as StoredPost;
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    pubDate: post.pubDate,
    tags: post.tagList,
    url: post.url,
    score: Math.round(match.score * 1000) / 1000,
  };
}
