/**
 * Request bodies on Node, read the ways the handler reads them: whole (`bytes()`, one promise
 * for the chunks node:http parses), or by its one reader (`getReader()`), which takes the chunks in
 * order, with no web stream set up: Node 20's native ReadableStream costs about five times as much
 * to set up (makeTransferable). Any other use of the body (pipeTo, tee, iterating it...) makes
 * Node's web stream over the message once. The Node server loads this module on its first request
 * with a body.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { concatBytes } from '../core/bytes.ts';
import { delegate } from './delegate.ts';
import type { WholeBody } from './node-request.ts';

type Read = ReadableStreamReadResult<Uint8Array>;

const DONE: Read = { done: true, value: undefined };
const cutShort = () => new Error('the request body ended before it was complete');
const fullStream = Symbol('fullStream');

/**
 * The message's chunks handed to reads as they come; a chunk that comes before its read is kept
 * and the message paused until it is taken. Cancelling discards the rest, as node:http does with
 * a body the server did not read, so the answer still goes out on the connection.
 */
class MessageReader {
  private readonly kept: Uint8Array[] = [];
  private waiting: { resolve: (read: Read) => void; reject: (error: Error) => void } | null = null;
  /** Open while chunks may come; then 'done', or the error that cut the body short. */
  private end: 'open' | 'done' | Error = 'open';
  /** `closed`, made when asked for: the handler's reads never ask. */
  private whenClosed: { promise: Promise<undefined>; settle: (end: 'done' | Error) => void } | undefined;

  constructor(private readonly message: IncomingMessage) {
    // `on`, not `once`: finish() acts once, and these go with the message.
    message.on('data', this.take);
    message.on('end', () => this.finish('done'));
    message.on('error', (error) => this.finish(error));
    message.on('close', () => {
      if (this.end === 'open') this.finish(cutShort());
    });
  }

  get closed(): Promise<undefined> {
    if (!this.whenClosed) {
      let settle!: (end: 'done' | Error) => void;
      const promise = new Promise<undefined>((resolve, reject) => {
        settle = (end) => (end === 'done' ? resolve(undefined) : reject(end));
      });
      promise.catch(() => {});
      this.whenClosed = { promise, settle };
      if (this.end !== 'open') settle(this.end);
    }
    return this.whenClosed.promise;
  }

  read(): Promise<Read> {
    const chunk = this.kept.shift();
    if (chunk) {
      if (this.kept.length === 0 && this.end === 'open') this.message.resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.end === 'done') return Promise.resolve(DONE);
    if (this.end instanceof Error) return Promise.reject(this.end);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  cancel(): Promise<void> {
    this.kept.length = 0;
    this.message.off('data', this.take);
    this.finish('done');
    this.message.resume();
    return Promise.resolve();
  }

  releaseLock() {}

  private readonly take = (chunk: Uint8Array) => {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = null;
      waiting.resolve({ done: false, value: chunk });
    } else {
      this.kept.push(chunk);
      this.message.pause();
    }
  };

  private finish(end: 'done' | Error) {
    if (this.end !== 'open') return;
    this.end = end;
    this.whenClosed?.settle(end);
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    if (end === 'done') waiting.resolve(DONE);
    else waiting.reject(end);
  }
}

const LOCKED = 'The request body is locked to a reader already';

class MessageBody {
  /** The one reader, or 'whole' once the body was read in one go. */
  private reader: MessageReader | 'whole' | undefined;
  private [fullStream]: ReadableStream<Uint8Array> | undefined;

  constructor(private readonly message: IncomingMessage) {}

  get locked(): boolean {
    return this.reader !== undefined || (this[fullStream]?.locked ?? false);
  }

  getReader(options?: { mode?: 'byob' }): MessageReader | ReadableStreamReader<Uint8Array> {
    if (options?.mode === 'byob' || this[fullStream]) return this.full().getReader(options as never);
    if (this.reader) throw new TypeError(LOCKED);
    this.reader = new MessageReader(this.message);
    return this.reader;
  }

  /** The whole body: the chunks node:http parses, gathered in one promise (one chunk is not copied). */
  bytes(): Promise<Uint8Array> {
    if (this.locked) return Promise.reject(new TypeError(LOCKED));
    this.reader = 'whole';
    const message = this.message;
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let ended = false;
      message.on('data', (chunk: Uint8Array) => chunks.push(chunk));
      message.on('end', () => {
        ended = true;
        resolve(chunks.length === 1 ? chunks[0]! : concatBytes(chunks));
      });
      message.on('error', reject);
      // Every message closes, most after their end: an error (and its stack) only for those cut short.
      message.on('close', () => {
        if (!ended) reject(cutShort());
      });
    });
  }

  full(): ReadableStream<Uint8Array> {
    if (this.reader) throw new TypeError(LOCKED);
    this[fullStream] ??= Readable.toWeb(this.message) as unknown as ReadableStream<Uint8Array>;
    return this[fullStream];
  }
}

delegate(MessageBody.prototype, (body: MessageBody) => body.full(), {
  methods: ['cancel', 'pipeThrough', 'pipeTo', 'tee', 'values', Symbol.asyncIterator],
});

export function bodyStream(message: IncomingMessage): WholeBody {
  return new MessageBody(message) as unknown as WholeBody;
}
