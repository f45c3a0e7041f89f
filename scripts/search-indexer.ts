/**
 * Indexes the posts for MCP search on a worker thread, while the build's own thread makes and
 * writes the pages: on a large blog the index costs as much as the pages do. Each language's
 * documents are made and sent in chunks, indexed as they come, and the next language's are sent
 * once its files are back, so no more than one language's documents are held at a time. The build
 * uses a worker once; the dev server keeps one for every rebuild, since starting one costs about a
 * second.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  languageIndex,
  type SearchDocuments,
  type SearchFile,
  type SearchIndexer,
} from '../src/build/search-index.ts';
import type { IndexedPost } from '../src/core/search-index.ts';
import { tsWorker } from './ts-worker.ts';

const ROLE = 'folio-search-indexer';
/** Documents per message: a few hundred kilobytes of text. */
const CHUNK = 256;

type Indexes = Record<string, SearchFile[]>;

/** Part of a language's documents, in order; the last part asks for its files. */
interface Chunk {
  lang: string;
  posts: IndexedPost[];
  last: boolean;
}

export interface SearchIndexWorker {
  /** The indexes of `documents`; jobs are done one at a time, in the order given. */
  index(documents: SearchDocuments): Promise<Indexes>;
  close(): Promise<void>;
}

export function searchIndexWorker(): SearchIndexWorker {
  const worker = tsWorker(import.meta.url, { role: ROLE });
  let waiting: { done: (files: SearchFile[]) => void; fail: (error: unknown) => void } | undefined;
  // The worker keeps the process alive only while it has work.
  worker.unref();
  worker.on('message', (files: SearchFile[]) => {
    const job = waiting;
    waiting = undefined;
    worker.unref();
    job?.done(files);
  });
  const fail = (error: unknown) => {
    const job = waiting;
    waiting = undefined;
    job?.fail(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the search index worker stopped (exit code ${code})`)));

  function indexLanguage(lang: string, posts: Iterable<IndexedPost>): Promise<SearchFile[]> {
    return new Promise((done, fail) => {
      waiting = { done, fail };
      worker.ref();
      let chunk: IndexedPost[] = [];
      for (const post of posts) {
        chunk.push(post);
        if (chunk.length < CHUNK) continue;
        worker.postMessage({ lang, posts: chunk, last: false } satisfies Chunk);
        chunk = [];
      }
      worker.postMessage({ lang, posts: chunk, last: true } satisfies Chunk);
    });
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    index(documents) {
      const job = queue.then(async () => {
        const indexes: Indexes = {};
        for (const [lang, posts] of Object.entries(documents)) indexes[lang] = await indexLanguage(lang, posts);
        return indexes;
      });
      queue = job.catch(() => {});
      return job;
    },
    async close() {
      await worker.terminate();
    },
  };
}

export const indexSearchInWorker: SearchIndexer = async (documents) => {
  const worker = searchIndexWorker();
  try {
    return await worker.index(documents);
  } finally {
    void worker.close();
  }
};

/** The worker's side: each language's documents added as they come, its files sent back after the last. */
function serveIndexing() {
  let open: ReturnType<typeof languageIndex> | undefined;
  parentPort?.on('message', ({ lang, posts, last }: Chunk) => {
    open ??= languageIndex(lang);
    for (const post of posts) open.add(post);
    if (!last) return;
    const files = open.files();
    open = undefined;
    parentPort?.postMessage(files);
  });
}

const job = workerData as { role?: string } | undefined;
if (!isMainThread && job?.role === ROLE) serveIndexing();
