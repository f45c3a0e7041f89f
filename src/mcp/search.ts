/** Relevance-ranked search over the build-time index, loaded on the first search of each language. */
import type MiniSearch from 'minisearch';
import type { Lang, PostRecord, SiteData } from '../data/types.ts';
import { once } from '../http/body.ts';
import type { SearchResult, SearchResults } from './schemas.ts';
import { type IndexedPost, loadSearchIndex } from './search-index.ts';

export interface SearchQuery {
  query: string;
  lang: Lang;
  limit: number;
}

export function createSearch(data: SiteData, baseUrl: string) {
  const posts = new Map(data.posts.map((post) => [post.id, post]));
  const indexes: Record<Lang, () => MiniSearch<IndexedPost>> = {
    en: once(() => loadSearchIndex(data.searchIndex.en)),
    es: once(() => loadSearchIndex(data.searchIndex.es)),
  };

  /** Posts with every word first; when none has them all, posts with any of them. */
  function matches(index: MiniSearch<IndexedPost>, query: string) {
    const all = index.search(query, { combineWith: 'AND' });
    return all.length > 0 ? all : index.search(query, { combineWith: 'OR' });
  }

  return function search({ query, lang, limit }: SearchQuery): SearchResults {
    const found = matches(indexes[lang](), query);
    const results = found.slice(0, limit).flatMap((match) => {
      const post = posts.get(match.id as string);
      return post ? [toResult(post, match.score, baseUrl)] : [];
    });
    return { query, lang, total: found.length, results };
  };
}

function toResult(post: PostRecord, score: number, baseUrl: string): SearchResult {
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    pubDate: post.pubDate,
    tags: post.allTags,
    url: baseUrl + post.path,
    score: Math.round(score * 1000) / 1000,
  };
}
