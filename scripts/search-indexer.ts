/**
 * Indexes the posts for MCP search on a worker thread, while the build's own thread makes and
 * writes the pages: on a large blog the index costs as much as the pages do. The build uses a
 * worker once; the dev server keeps one for every rebuild, since starting one costs about a second.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type SearchDocuments, type SearchFile, searchIndexFiles } from '../src/build/search-index.ts';
import { tsWorker } from './ts-worker.ts';

const ROLE = 'folio-search-indexer';

type Indexes = Record<string, SearchFile[]>;

export interface SearchIndexWorker {
  /** The indexes of `documents`; jobs are done one at a time, in the order given. */
  index(documents: SearchDocuments): Promise<Indexes>;
  close(): Promise<void>;
}

export function searchIndexWorker(): SearchIndexWorker {
  const worker = tsWorker(import.meta.url, { role: ROLE });
  const waiting: { done: (indexes: Indexes) => void; fail: (error: unknown) => void }[] = [];
  // The worker keeps the process alive only while it has work.
  const idle = () => waiting.length === 0 && worker.unref();
  idle();
  worker.on('message', (indexes: Indexes) => {
    waiting.shift()?.done(indexes);
    idle();
  });
  const failAll = (error: unknown) => {
    for (const job of waiting.splice(0)) job.fail(error);
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the search index worker stopped (exit code ${code})`)));
  return {
    index(documents) {
      return new Promise((done, fail) => {
        waiting.push({ done, fail });
        worker.ref();
        worker.postMessage(documents);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

export async function indexSearchInWorker(documents: SearchDocuments): Promise<Indexes> {
  const worker = searchIndexWorker();
  try {
    return await worker.index(documents);
  } finally {
    void worker.close();
  }
}

const job = workerData as { role?: string } | undefined;
if (!isMainThread && job?.role === ROLE)
  parentPort?.on('message', (documents: SearchDocuments) =>
    parentPort?.postMessage(searchIndexFiles(documents)),
  );
