/**
 * Indexes the posts for MCP search on a worker thread, while the build's own thread makes and
 * writes the pages: on a large blog the index costs as much as the pages do.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type SearchDocuments, serializeSearchIndexes } from '../src/build/search-index.ts';
import { tsWorker } from './ts-worker.ts';

const ROLE = 'folio-search-indexer';

export function indexSearchInWorker(documents: SearchDocuments): Promise<Record<string, string>> {
  return new Promise((done, fail) => {
    const worker = tsWorker(import.meta.url, { role: ROLE, documents });
    worker.once('message', (indexes: Record<string, string>) => {
      done(indexes);
      void worker.terminate();
    });
    worker.once('error', fail);
  });
}

const job = workerData as { role?: string; documents: SearchDocuments } | undefined;
if (!isMainThread && job?.role === ROLE) parentPort?.postMessage(serializeSearchIndexes(job.documents));
