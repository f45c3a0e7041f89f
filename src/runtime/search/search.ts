/**
 * Relevance-ranked search over the build-time index of each language. A query reads the language's
 * head, the term shards its words fall in and the stored chunks of the results it shows, each
 * parsed once and kept with its body in the body cache, whose budget bounds the memory whatever
 * the blog's size.
 * Repeated queries are answered from a bounded cache of finished results, without a promise.
 */

import { stringBytes } from '../../core/byte-lru.ts';
import { searchFilterKey, searchHeadKey, searchPostsKey, searchTermsKey } from '../../core/deployment.ts';
import type { SearchResult, SearchResults } from '../../core/schemas.ts';
import type { FilterKind, StoredPost } from '../../core/search-index.ts';
import { cursorAt, type SearchQuery } from '../../core/search-query.ts';
import { after } from '../after.ts';
import { type BodyCache, parsedBody } from '../body-cache.ts';
import { BoundedCache } from '../memo.ts';
import {
  type Head,
  parseFilter,
  parseHead,
  parseShard,
  parseStored,
  type Shard,
  shardOfTerm,
  shardsOfPrefix,
  termSource,
} from './search-files.ts';
import { queryTerms, type Ranked, rank } from './search-score.ts';

/** Distinct queries whose results are kept; agents repeat themselves, the cache stays small. */
const KEPT_QUERIES = 512;

/** What a kept answer costs: its key and its results, at about two bytes a character of their JSON. */
const resultsBytes = (key: string, results: SearchResults) =>
  stringBytes(key) + 2 * JSON.stringify(results.results).length;

/** Every search answered afresh from the index files: what createSearch caches. */
export function searchIndex(bodies: BodyCache) {
  /** A language's head, parsed once for as long as the body cache keeps it; null when it has none. */
  function headOf(lang: string): Head | null | Promise<Head | null> {
    return after(bodies.get(searchHeadKey(lang)), (body) => body && parsedBody(body, 'search', parseHead));
  }

  /** A file of the index, parsed once for as long as the body cache keeps it. */
  function indexFile<T>(key: string, parse: (bytes: Uint8Array) => T): T | Promise<T> {
    return after(bodies.get(key), (body) => {
      if (!body) throw new Error(`the deployment has no search index file ${key}; build it again`);
      return parsedBody(body, 'search', parse);
    });
  }

  function shardsFor(lang: string, head: Head, terms: ReturnType<typeof queryTerms>) {
    const ids = new Set<number>();
    for (const { term, prefix } of terms) {
      if (prefix) for (const id of shardsOfPrefix(head, term)) ids.add(id);
      else {
        const id = shardOfTerm(head, term);
        if (id !== undefined) ids.add(id);
      }
    }
    const loaded = [...ids].map((id) =>
      after(indexFile(searchTermsKey(lang, id), parseShard), (shard): [number, Shard] => [id, shard]),
    );
    return after(allOf(loaded), (shards) => new Map(shards));
  }

  function shown(lang: string, head: Head, best: Ranked[]): SearchResult[] | Promise<SearchResult[]> {
    const chunkOf = ({ post }: Ranked) => Math.floor(post / head.postsPerChunk);
    const chunks = [...new Set(best.map(chunkOf))];
    const loaded = chunks.map((chunk) => indexFile(searchPostsKey(lang, chunk), parseStored));
    return after(allOf(loaded), (stored) => {
      const byChunk = new Map(chunks.map((chunk, i) => [chunk, stored[i] as StoredPost[]]));
      return best.map((ranked) => {
        const post = byChunk.get(chunkOf(ranked))?.[ranked.post % head.postsPerChunk];
        if (!post) throw new Error(`the search index of ${lang} has no post ${ranked.post}; build it again`);
        return resultOf(post, ranked.score);
      });
    });
  }

  /** The posts of one tag or series, as flags; null when no post of the language has it. */
  function filterOf(lang: string, head: Head, kind: FilterKind, name: string) {
    const n = head.filterOf[kind].get(name);
    return n === undefined
      ? null
      : indexFile(searchFilterKey(lang, kind, n), parseFilter(head.documentCount));
  }

  /** The posts a query may return: every post (null), those of its filters, or none (an empty array). */
  function allowedBy(lang: string, head: Head, { tag, series }: SearchQuery) {
    const wanted: [FilterKind, string][] = [];
    if (tag !== null) wanted.push(['tag', tag]);
    if (series !== null) wanted.push(['series', series]);
    if (wanted.length === 0) return null;
    const none = new Uint8Array(0);
    const flags = wanted.map(([kind, name]) => filterOf(lang, head, kind, name) ?? none);
    return after(allOf(flags), (lists) => lists.reduce(bothOf));
  }

  return function search(request: SearchQuery): SearchResults | Promise<SearchResults> {
    const { query, lang, limit, offset } = request;
    const answer = (total: number, results: SearchResult[]): SearchResults => {
      const shownUpTo = offset + results.length;
      return {
        query,
        lang: lang as SearchResults['lang'],
        total,
        results,
        ...(shownUpTo < total && results.length > 0 && { nextCursor: cursorAt(shownUpTo) }),
      };
    };
    return after(headOf(lang), (head) => {
      if (!head) return answer(0, []);
      const terms = queryTerms(query);
      return after(allowedBy(lang, head, request), (allowed) => {
        if (allowed !== null && allowed.length === 0) return answer(0, []);
        return after(shardsFor(lang, head, terms), (shards) => {
          const { total, best } = rank(head, terms, termSource(head, shards), offset + limit, allowed);
          return after(shown(lang, head, best.slice(offset)), (results) => answer(total, results));
        });
      });
    });
  };
}

/** The posts flagged in both (an empty array, no post, stays empty). */
function bothOf(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0 || b.length === 0) return new Uint8Array(0);
  return a.map((flag, post) => flag & (b[post] as number));
}

export function createSearch(bodies: BodyCache) {
  const search = searchIndex(bodies);
  const answers = new BoundedCache<SearchResults>(KEPT_QUERIES, resultsBytes);
  return (query: SearchQuery): SearchResults | Promise<SearchResults> => {
    const { lang, limit, offset, tag, series } = query;
    const key = JSON.stringify([lang, limit, offset, tag, series, query.query]);
    return answers.get(key) ?? after(search(query), (results) => answers.set(key, results));
  };
}

/** A result as search_blog_posts returns it: the stored fields and the score to three decimals. */
function resultOf([slug, title, description, pubDate, tags, url]: StoredPost, score: number): SearchResult {
  return { slug, title, description, pubDate, tags, url, score: Math.round(score * 1000) / 1000 };
}

/** All the values, at once when none is a promise. */
function allOf<T>(values: (T | Promise<T>)[]): T[] | Promise<T[]> {
  return values.some((value) => value instanceof Promise) ? Promise.all(values) : (values as T[]);
}
