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
