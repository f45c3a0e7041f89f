/**
 * Writes files on a worker thread, so the thread that makes the bodies goes on while the file
 * system works: on a large blog the writes cost as much CPU (in the kernel) as making the bodies.
 * Files go in batches: each body is encoded into the batch's one buffer as it comes, and the
 * buffer is handed to the worker (transferred, not copied). So a page's string dies young instead
 * of living, with thousands of others, until its batch is sent: held strings would be moved to the
 * old generation and pile up there as garbage, hundreds of megabytes on a large blog, before a full
 * collection takes them. A body larger than a batch (a streamed body's part, given in pieces) is
 * copied into as many batches as it takes, the file created by the first and appended to by the
 * others, so no buffer is ever the size of a part. When too many batches are waiting, `write`
 * returns a promise that settles once the worker has caught up, so memory stays bounded. A failed
 * write fails the next `write` or `close` with the file system's error (its code and path). A small
 * blog's files are written from the calling thread instead (directFileWriter), where a failed
 * write fails that `write`.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Pieces } from '../../core/bytes.ts';
import { tsWorker } from '../threads/ts-worker.ts';

/**
 * Files, in order: their paths, where each one's bytes end in `bytes`, and whether each goes on
 * with a file an earlier batch began (appended to, not created).
 */
interface Batch {
  paths: string[];
  ends: number[];
  continued: boolean[];
  bytes: ArrayBuffer;
}
/** A batch written gives its buffer back, to be filled again. */
type Reply =
  | { written: number; bytes: ArrayBuffer }
  | { error: { message: string; code?: string; path?: string; syscall?: string } };

const ROLE = 'folio-file-writer';
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCHES_IN_FLIGHT = 4;
/**
 * Written buffers kept for the next batches: enough for those in flight at once (`write` waits
 * past BATCHES_IN_FLIGHT); any more are let go.
 */
const SPARE_BATCHES = BATCHES_IN_FLIGHT + 1;
const encoder = new TextEncoder();

/** Told each file's size once all its bytes are handed to the writer. */
export type FileSizes = (path: string, bytes: number) => void;
const UNTOLD: FileSizes = () => {};

export interface FileWriter {
  write(path: string, body: Uint8Array | string | Pieces): void | Promise<void>;
  /** Waits for every file to be written, then stops the worker. */
  close(): Promise<void>;
}

export function fileWriter(sized: FileSizes = UNTOLD): FileWriter {
  const worker = tsWorker(import.meta.url, ROLE);
  /** Buffers written and given back: a batch's buffer is used again, not allocated anew. */
  const spare: ArrayBuffer[] = [];
  const emptyBatch = (size = BATCH_BYTES): Batch => ({
    paths: [],
    ends: [],
    continued: [],
    bytes: (size === BATCH_BYTES && spare.pop()) || new ArrayBuffer(size),
  });
  let batch = emptyBatch();
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
    else if (reply.bytes.byteLength === BATCH_BYTES && spare.length < SPARE_BATCHES) spare.push(reply.bytes);
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
    if (batch.paths.length === 0) return;
    worker.postMessage(batch, [batch.bytes]);
    inFlight++;
    batch = emptyBatch();
  }

  async function drain(limit: number) {
    while (inFlight > limit && !failure) await settled();
    throwIfFailed();
  }

  /** Sends the batch, and waits when too many are waiting. */
  function flushed(): void | Promise<void> {
    flush();
    if (inFlight > BATCHES_IN_FLIGHT) return drain(BATCHES_IN_FLIGHT);
  }

  /** Bytes larger than the batch's room, copied into it and the batches after it. */
  async function writeSpread(path: string, pieces: Pieces, size: number) {
    let begun = false;
    for (const piece of pieces)
      for (let offset = 0; offset < piece.byteLength; ) {
        if (room(batch) === 0) await flushed();
        const length = Math.min(room(batch), piece.byteLength - offset);
        appendBytes(batch, path, [piece.subarray(offset, offset + length)], begun);
        begun = true;
        offset += length;
      }
    sized(path, size);
    if (filled(batch) >= BATCH_BYTES) await flushed();
  }

  function writeText(path: string, text: string) {
    const size = sizeWithin(text, batch);
    if (!fits(batch, size)) {
      flush();
      if (size > BATCH_BYTES) batch = emptyBatch(size);
    }
    sized(path, appendText(batch, path, text));
    if (filled(batch) >= BATCH_BYTES) return flushed();
  }

  function writeBytes(path: string, pieces: Pieces) {
    const size = pieces.reduce((total, piece) => total + piece.byteLength, 0);
    // A body that fits in a batch is never split: it goes whole into the next one.
    if (!fits(batch, size) && size <= BATCH_BYTES) flush();
    if (!fits(batch, size)) return writeSpread(path, pieces, size);
    appendBytes(batch, path, pieces, false);
    sized(path, size);
    if (filled(batch) >= BATCH_BYTES) return flushed();
  }

  return {
    write(path, body) {
      throwIfFailed();
      if (typeof body === 'string') return writeText(path, body);
      return writeBytes(path, body instanceof Uint8Array ? [body] : body);
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

/** How many bytes of the batch's buffer its files take. */
const filled = (batch: Batch) => batch.ends.at(-1) ?? 0;

/**
 * A text's size in bytes, or an upper bound (3 bytes a UTF-16 unit) when that bound already fits
 * in the batch: most pages are measured without reading them twice.
 */
function sizeWithin(text: string, batch: Batch): number {
  const bound = text.length * 3;
  return fits(batch, bound) ? bound : Buffer.byteLength(text);
}

function fits(batch: Batch, bytes: number): boolean {
  return bytes <= room(batch);
}

const room = (batch: Batch) => batch.bytes.byteLength - filled(batch);

/** Adds a page's text to a batch with room for it, encoded in place; returns its bytes. */
function appendText(batch: Batch, path: string, text: string): number {
  const start = filled(batch);
  const { written } = encoder.encodeInto(text, new Uint8Array(batch.bytes, start));
  batch.paths.push(path);
  batch.ends.push(start + written);
  batch.continued.push(false);
  return written;
}

/**
 * Adds bytes to a batch with room for them: a file of their own, or more of one `begun` before
 * (in this batch, where its end moves on, or in an earlier one).
 */
function appendBytes(batch: Batch, path: string, pieces: Pieces, begun: boolean) {
  let end = filled(batch);
  for (const piece of pieces) {
    new Uint8Array(batch.bytes, end, piece.byteLength).set(piece);
    end += piece.byteLength;
  }
  if (begun && batch.paths.at(-1) === path) {
    batch.ends[batch.ends.length - 1] = end;
    return;
  }
  batch.paths.push(path);
  batch.ends.push(end);
  batch.continued.push(begun);
}

/**
 * Files written one after another from the calling thread, which goes on with other work while
 * each is written: for a blog too small to pay for starting the worker, whose TypeScript is loaded
 * again (a few tenths of a second of CPU).
 */
export function directFileWriter(sized: FileSizes = UNTOLD): FileWriter {
  const made = new Set<string>();
  return {
    async write(path, body) {
      try {
        const folder = folderToMake(made, path);
        if (folder) await mkdir(folder, { recursive: true });
        await writeFile(path, body);
      } catch (error) {
        throw namingItsFile(error, path);
      }
      sized(path, byteLengthOf(body));
    },
    async close() {},
  };
}

function byteLengthOf(body: Uint8Array | string | Pieces): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return body.reduce((total, piece) => total + piece.byteLength, 0);
}

/** The folder of `path` when it is not in `made` yet; it is then counted as made. */
function folderToMake(made: Set<string>, path: string): string | undefined {
  const folder = dirname(path);
  if (made.has(folder)) return undefined;
  made.add(folder);
  return folder;
}

/** A failed write(2) (ENOSPC, EIO) names no path: the file being written is where it failed. */
function namingItsFile(error: unknown, path: string): NodeJS.ErrnoException & { path: string } {
  const failure = error as NodeJS.ErrnoException;
  failure.path ??= path;
  return failure as NodeJS.ErrnoException & { path: string };
}

/** The worker's side: write each batch in order, creating folders as needed, and say how it went. */
function serveWrites() {
  const made = new Set<string>();
  parentPort?.on('message', ({ paths, ends, continued, bytes }: Batch) => {
    let writing = '';
    try {
      let start = 0;
      for (const [i, path] of paths.entries()) {
        writing = path;
        const end = ends[i] as number;
        const data = new Uint8Array(bytes, start, end - start);
        if (continued[i]) appendFileSync(path, data);
        else {
          const folder = folderToMake(made, path);
          if (folder) mkdirSync(folder, { recursive: true });
          writeFileSync(path, data);
        }
        start = end;
      }
      parentPort?.postMessage({ written: paths.length, bytes } satisfies Reply, [bytes]);
    } catch (error) {
      const { message, code, syscall, path } = namingItsFile(error, writing);
      parentPort?.postMessage({
        error: { message, path, ...(code ? { code } : {}), ...(syscall ? { syscall } : {}) },
      } satisfies Reply);
    }
  });
}

if (!isMainThread && workerData === ROLE) serveWrites();
