/**
 * Relevance-ranked search over the build-time index of each language: the index is loaded once per
 * process on the first search of its language, and repeated queries are answered from a bounded
 * cache of finished results.
 */
import type MiniSearch from 'minisearch';
import { searchIndexKey } from '../core/deployment.ts';
import type { BodyCache } from '../http/body-cache.ts';
import type { SearchResults } from './schemas.ts';
import { type IndexedPost, loadSearchIndex, searchResultOf } from './search-index.ts';

export interface SearchQuery {
  query: string;
  lang: string;
  limit: number;
}

/** Distinct queries whose results are kept; agents repeat themselves, the cache stays small. */
const KEPT_QUERIES = 512;
const decoder = new TextDecoder();

export function createSearch(bodies: BodyCache) {
  const indexes = new Map<string, Promise<MiniSearch<IndexedPost> | null>>();
  const answers = new Map<string, SearchResults>();

  function indexOf(lang: string) {
    let index = indexes.get(lang);
    if (!index) {
      index = Promise.resolve(bodies.get(searchIndexKey(lang))).then(
        (body) => body && loadSearchIndex(decoder.decode(body.bytes)),
      );
      indexes.set(lang, index);
    }
    return index;
  }

  /** Posts with every word first; when none has them all, posts with any of them. */
  function matches(index: MiniSearch<IndexedPost>, query: string) {
    const all = index.search(query, { combineWith: 'AND' });
    return all.length > 0 ? all : index.search(query, { combineWith: 'OR' });
  }

  function remember(key: string, results: SearchResults): SearchResults {
    if (answers.size >= KEPT_QUERIES) answers.delete(answers.keys().next().value as string);
    answers.set(key, results);
    return results;
  }

  return async function search({ query, lang, limit }: SearchQuery): Promise<SearchResults> {
    const key = `${lang}\u0000${limit}\u0000${query}`;
    const known = answers.get(key);
    if (known) return known;
    const index = await indexOf(lang);
    const found = index ? matches(index, query) : [];
    const results = found.slice(0, limit).map(searchResultOf);
    return remember(key, { query, lang: lang as SearchResults['lang'], total: found.length, results });
  };
}
