/** Build time: one MiniSearch index per language, serialized as JSON for the deployment. */
import MiniSearch from 'minisearch';
import { foldTerm, type IndexedPost, SEARCH_OPTIONS } from '../mcp/search-index.ts';
import type { PostRecord } from './data/types.ts';

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

/** What the index holds of each post, by language: plain data, so another thread can index it. */
export type SearchDocuments = Record<string, IndexedPost[]>;

export function searchDocuments<L extends string>(
  posts: readonly PostRecord<L>[],
  languages: readonly L[],
  baseUrl: string,
): SearchDocuments {
  return Object.fromEntries(
    languages.map((lang) => [
      lang,
      posts.filter((post) => post.lang === lang).map((post) => toIndexedPost(post, baseUrl)),
    ]),
  );
}

/** One serialized index per language, each holding that language's posts. */
export function serializeSearchIndexes(documents: SearchDocuments): Record<string, string> {
  const indexOf = (posts: IndexedPost[]) => {
    const index = new MiniSearch<IndexedPost>({ ...SEARCH_OPTIONS, processTerm: memoized(foldTerm) });
    index.addAll(posts);
    return JSON.stringify(index);
  };
  return Object.fromEntries(Object.entries(documents).map(([lang, posts]) => [lang, indexOf(posts)]));
}

/** How the build turns the documents into indexes: here, or on another thread. */
export type SearchIndexer = (
  documents: SearchDocuments,
) => Record<string, string> | Promise<Record<string, string>>;
