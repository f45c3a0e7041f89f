/**
 * Writes files on a worker thread, so the thread that makes the bodies goes on while the file
 * system works: on a large blog the writes cost as much CPU (in the kernel) as making the bodies.
 * Files go in batches; when too many batches are waiting, `write` returns a promise that settles
 * once the worker has caught up, so memory stays bounded. A failed write fails the next `write`
 * or `close` with the file system's error (its code and path).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { tsWorker } from '../threads/ts-worker.ts';

type Batch = [path: string, body: Uint8Array | string][];
type Reply =
  | { written: number }
  | { error: { message: string; code?: string; path?: string; syscall?: string } };

const ROLE = 'folio-file-writer';
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCHES_IN_FLIGHT = 4;

export interface FileWriter {
  write(path: string, body: Uint8Array | string): void | Promise<void>;
  /** Waits for every file to be written, then stops the worker. */
  close(): Promise<void>;
}

export function fileWriter(): FileWriter {
  const worker = tsWorker(import.meta.url, ROLE);
  let batch: Batch = [];
  let batchBytes = 0;
  let inFlight = 0;
  let failure: Error | undefined;
  /** Everyone waiting for a reply: the pages and a compressed body's parts can both be waiting. */
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const resume of waiting.splice(0)) resume();
  };

  worker.on('message', (reply: Reply) => {
    inFlight--;
    if ('error' in reply) failure ??= Object.assign(new Error(reply.error.message), reply.error);
    wake();
  });
  worker.on('error', (error) => {
    failure ??= error;
    wake();
  });

  const settled = () => new Promise<void>((resolve) => waiting.push(resolve));
  function throwIfFailed() {
    if (failure) throw failure;
  }

  function flush() {
    if (batch.length === 0) return;
    worker.postMessage(batch);
    inFlight++;
    batch = [];
    batchBytes = 0;
  }

  async function drain(limit: number) {
    while (inFlight > limit && !failure) await settled();
    throwIfFailed();
  }

  return {
    write(path, body) {
      throwIfFailed();
      batch.push([path, body]);
      batchBytes += body.length;
      if (batchBytes < BATCH_BYTES) return;
      flush();
      if (inFlight > BATCHES_IN_FLIGHT) return drain(BATCHES_IN_FLIGHT);
    },
    async close() {
      flush();
      try {
        await drain(0);
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** The worker's side: write each batch in order, creating folders as needed, and say how it went. */
function serveWrites() {
  const made = new Set<string>();
  parentPort?.on('message', (files: Batch) => {
    let writing = '';
    try {
      for (const [path, body] of files) {
        writing = path;
        const folder = dirname(path);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        writeFileSync(path, body);
      }
      parentPort?.postMessage({ written: files.length } satisfies Reply);
    } catch (error) {
      // A failed write(2) (ENOSPC, EIO) names no path; the file being written is where it failed.
      const { message, code, syscall, path = writing } = error as NodeJS.ErrnoException;
      parentPort?.postMessage({
        error: { message, path, ...(code ? { code } : {}), ...(syscall ? { syscall } : {}) },
      } satisfies Reply);
    }
  });
}

if (!isMainThread && workerData === ROLE) serveWrites();
