/**
 * The dev server's MCP search indexes, kept with the documents they index: a rebuild indexes again
 * only the languages whose posts changed, on a worker thread kept for the purpose.
 */

import type { IndexedPost } from '../../core/search-index.ts';
import type { SearchFile, SearchIndexer } from '../search-index.ts';
import { searchIndexWorker } from '../threads/search-indexer.ts';
import { BuildCache, sameData } from './build-cache.ts';

export function cachedSearchIndexer() {
  const worker = searchIndexWorker();
  const kept = new BuildCache<string, { documents: IndexedPost[]; files: SearchFile[] }>();
  const index: SearchIndexer = (given) => {
    const documents = Object.fromEntries(Object.entries(given).map(([lang, posts]) => [lang, [...posts]]));
    const changed = Object.fromEntries(
      Object.entries(documents).filter(([lang, posts]) => !sameData(kept.get(lang)?.documents, posts)),
    );
    const fresh = worker.index(changed);
    return Object.fromEntries(
      Object.entries(documents).map(([lang, posts]) => {
        const made = fresh[lang];
        if (made === undefined) return [lang, kept.get(lang)?.files as SearchFile[]];
        const keep = (files: SearchFile[]) => {
          kept.set(lang, { documents: posts, files });
          return files;
        };
        return [lang, Promise.resolve(made).then(keep)];
      }),
    );
  };
  return { index, next: () => kept.next(), close: () => worker.close() };
}
