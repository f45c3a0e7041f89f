/**
 * Relevance-ranked search over the build-time index of each language: the index is loaded once per
 * process on the first search of its language, and repeated queries are answered from a bounded
 * cache of finished results, without a promise once the index is in memory.
 */
import type MiniSearch from 'minisearch';
import { searchIndexKey } from '../core/deployment.ts';
import { after, loadOnce } from '../http/after.ts';
import type { BodyCache } from '../http/body-cache.ts';
import { BoundedCache } from '../http/memo.ts';
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
  const indexes = new Map<
    string,
    () => MiniSearch<IndexedPost> | null | Promise<MiniSearch<IndexedPost> | null>
  >();
  const answers = new BoundedCache<string, SearchResults>(KEPT_QUERIES);

  function indexOf(lang: string) {
    let index = indexes.get(lang);
    if (!index) {
      index = loadOnce(() =>
        after(
          bodies.get(searchIndexKey(lang)),
          (body) => body && loadSearchIndex(decoder.decode(body.bytes)),
        ),
      );
      indexes.set(lang, index);
    }
    return index();
  }

  /** Posts with every word first; when none has them all, posts with any of them. */
  function matches(index: MiniSearch<IndexedPost>, query: string) {
    const all = index.search(query, { combineWith: 'AND' });
    return all.length > 0 ? all : index.search(query, { combineWith: 'OR' });
  }

  return function search({ query, lang, limit }: SearchQuery): SearchResults | Promise<SearchResults> {
    const key = `${lang}\u0000${limit}\u0000${query}`;
    const known = answers.get(key);
    if (known) return known;
    return after(indexOf(lang), (index) => {
      const found = index ? matches(index, query) : [];
      const results = found.slice(0, limit).map(searchResultOf);
      return answers.set(key, { query, lang: lang as SearchResults['lang'], total: found.length, results });
    });
  };
}
