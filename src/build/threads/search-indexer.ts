/**
 * Indexes the posts for MCP search on a worker thread, while the build's own thread makes and
 * writes the pages: on a large blog the index costs as much as the pages do. Each language's
 * documents are made as the worker takes them, in chunks, a few ahead of it, so no more than a few
 * thousand are held at a time (at 100,000 posts a language's are 135 MB). The build uses a worker
 * once; the dev server keeps one for every rebuild, since starting one costs about a second.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { IndexedPost } from '../../core/search-index.ts';
import {
  languageIndex,
  type SearchDocuments,
  type SearchFile,
  type SearchIndexer,
  type SearchIndexes,
} from '../search-index.ts';
import { tsWorker } from './ts-worker.ts';

const ROLE = 'folio-search-indexer';
/** Documents per message: a few hundred kilobytes of text. */
const CHUNK = 256;
/** Chunks sent ahead of the one being indexed, so the worker does not wait for this thread. */
const CHUNKS_AHEAD = 4;

/** Part of a language's documents, in order; the last part asks for its files. */
interface Chunk {
  lang: string;
  posts: IndexedPost[];
  last: boolean;
}

/** A chunk indexed, or the language's files after its last. */
type Reply = { taken: true } | { files: SearchFile[] };

export interface SearchIndexWorker {
  /** The indexes of `documents`, each language's promised apart; languages are indexed one at a time, in the order given. */
  index(documents: SearchDocuments): SearchIndexes;
  close(): Promise<void>;
}

interface Language {
  sendNext(): void;
  done(files: SearchFile[]): void;
  fail(error: unknown): void;
}

export function searchIndexWorker(): SearchIndexWorker {
  const worker = tsWorker(import.meta.url, { role: ROLE });
  let current: Language | undefined;
  // The worker keeps the process alive only while it has work.
  worker.unref();
  worker.on('message', (reply: Reply) => {
    if ('taken' in reply) return current?.sendNext();
    const language = current;
    current = undefined;
    worker.unref();
    language?.done(reply.files);
  });
  const fail = (error: unknown) => {
    const language = current;
    current = undefined;
    language?.fail(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the search index worker stopped (exit code ${code})`)));

  function indexLanguage(lang: string, posts: Iterable<IndexedPost>): Promise<SearchFile[]> {
    const documents = posts[Symbol.iterator]();
    let ended = false;
    const sendNext = () => {
      if (ended) return;
      const chunk: IndexedPost[] = [];
      for (let next = documents.next(); !next.done; next = documents.next())
        if (chunk.push(next.value) === CHUNK) break;
      ended = chunk.length < CHUNK;
      worker.postMessage({ lang, posts: chunk, last: ended } satisfies Chunk);
    };
    return new Promise((done, fail) => {
      current = { sendNext, done, fail };
      worker.ref();
      for (let sent = 0; sent < CHUNKS_AHEAD; sent++) sendNext();
    });
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    index(documents) {
      const indexes: Record<string, Promise<SearchFile[]>> = {};
      for (const [lang, posts] of Object.entries(documents)) {
        const files = queue.then(() => indexLanguage(lang, posts));
        queue = files.catch(() => {});
        indexes[lang] = files;
      }
      return indexes;
    },
    async close() {
      await worker.terminate();
    },
  };
}

export const indexSearchInWorker: SearchIndexer = (documents) => {
  const worker = searchIndexWorker();
  const indexes = worker.index(documents);
  void Promise.allSettled(Object.values(indexes)).then(() => worker.close());
  return indexes;
};

/** The worker's side: each language's documents added as they come, its files sent back after the last. */
function serveIndexing() {
  let open: ReturnType<typeof languageIndex> | undefined;
  parentPort?.on('message', ({ lang, posts, last }: Chunk) => {
    open ??= languageIndex(lang);
    for (const post of posts) open.add(post);
    if (!last) return parentPort?.postMessage({ taken: true } satisfies Reply);
    const files = open.files();
    open = undefined;
    parentPort?.postMessage(
      { files } satisfies Reply,
      files.map(([, bytes]) => bytes.buffer),
    );
  });
}

const job = workerData as { role?: string } | undefined;
if (!isMainThread && job?.role === ROLE) serveIndexing();
