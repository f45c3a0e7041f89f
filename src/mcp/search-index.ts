/**
 * The full-text index of the posts, one per language, built at build time with MiniSearch and kept
 * in the prerendered data as MiniSearch's JSON serialization, parsed on the first search. Build and
 * load must use the same options, so both read them from here.
 */
import MiniSearch, { type Options } from 'minisearch';
import type { PostRecord } from '../data/types.ts';

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

/** Link targets and bare URLs are addresses, not words of the post. */
function bodyText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
}

function toIndexedPost(post: PostRecord<string>, baseUrl: string): IndexedPost {
  return {
    id: post.id,
    title: post.title,
    tags: post.allTags.join(' '),
    description: post.description,
    body: bodyText(post.body),
    slug: post.slug,
    pubDate: post.pubDate,
    tagList: post.allTags,
    url: baseUrl + post.path,
  };
}

/** Posts repeat their words, so the build folds each distinct word once. */
function memoized(fold: typeof foldTerm): typeof foldTerm {
  const folded = new Map<string, string | null>();
  return (term) => {
    let result = folded.get(term);
    if (result === undefined) {
      result = fold(term);
      folded.set(term, result);
    }
    return result;
  };
}

/** One index for each of `languages` (the content's languages), each holding that language's posts. */
export function buildSearchIndex<L extends string>(
  posts: readonly PostRecord<L>[],
  languages: readonly L[],
  baseUrl: string,
): Record<L, string> {
  const indexFor = (lang: L) => {
    const index = new MiniSearch<IndexedPost>({ ...SEARCH_OPTIONS, processTerm: memoized(foldTerm) });
    index.addAll(posts.filter((post) => post.lang === lang).map((post) => toIndexedPost(post, baseUrl)));
    return JSON.stringify(index);
  };
  return Object.fromEntries(languages.map((lang) => [lang, indexFor(lang)])) as Record<L, string>;
}

export function loadSearchIndex(json: string): MiniSearch<IndexedPost> {
  return MiniSearch.loadJSON(json, SEARCH_OPTIONS);
}
