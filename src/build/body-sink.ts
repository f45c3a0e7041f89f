/**
 * How the build's bodies reach their sink: a body over the streaming size goes in parts, each
 * compressed as it is written, and one that grows as it is made (llms-full.txt, the sitemaps, a
 * large static file) is never whole in memory; the key of every body is recorded for the key set,
 * and the event loop turns between bodies. What is written is src/build/emit.ts's.
 */
import { once } from 'node:events';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { concatBytes, type Pieces } from '../core/bytes.ts';
import {
  bodyKey,
  ENCODINGS,
  type Encoding,
  encodedKey,
  PART_BYTES,
  type PartedFacts,
  partKey,
  STREAM_BYTES,
  type StreamedFacts,
  staticFileKey,
} from '../core/deployment.ts';
import { etagHasher } from '../core/etag.ts';
import { keyHash, keySetBytes } from '../core/key-set.ts';
import { staticTypeOf } from '../core/static-types.ts';

/** Where the bodies go: a key (src/core/deployment.ts) and its bytes (a streamed body's part in pieces). */
export type Sink = (key: string, body: Uint8Array | string | Pieces) => void | Promise<void>;
/** A sink of whole bodies. */
export type WholeSink = (key: string, body: Uint8Array | string) => void | Promise<void>;

/** A file published as it is: its URL path and its bytes, read in chunks so a large one is never whole. */
export interface StaticFile {
  path: string;
  chunks(): AsyncIterable<Uint8Array>;
}

export interface BodySizes {
  stream: number;
  part: number;
}

const SIZES: BodySizes = { stream: STREAM_BYTES, part: PART_BYTES };

const encoder = new TextEncoder();

/**
 * The sink the bodies of one deployment are written through, over `output`: `write` takes a whole
 * body (streamed in parts when it is large), `growing` opens one written as it grows, `staticFile`
 * copies a file in chunks. `streamed` holds the facts of every body written in parts, `keySet` the
 * key set of every key written.
 */
export function bodySink(output: Sink, sizes: BodySizes = SIZES) {
  const keys = recordingKeys(output);
  const streamed: Record<string, StreamedFacts> = {};
  return {
    write: splitting(turning(keys.sink), streamed, sizes),
    growing: (key: string) => growingBody(keys.sink, streamed, key, sizes),
    staticFile: (file: StaticFile) =>
      copyFile(keys.sink, streamed, file, staticFileKey(bodyKey(file.path) as string), sizes),
    /** A file copied as it is to `key` (a built site's page or twin), compressed variants made if it is streamed. */
    fileAt: (key: string, file: StaticFile) => copyFile(keys.sink, streamed, file, key, sizes, ENCODINGS),
    streamed,
    keySet: keys.keySet,
  };
}

/** The sink with the key of every body written through it recorded, and the key set of those keys. */
function recordingKeys(sink: Sink): { sink: Sink; keySet: () => Uint8Array } {
  const hashes: number[] = [];
  return {
    sink(key, body) {
      hashes.push(keyHash(key));
      return sink(key, body);
    },
    keySet: () => keySetBytes(hashes),
  };
}

/**
 * A body written as it grows: kept whole while it fits in `sizes.stream`, else written in parts
 * (with its compressed variants) as it comes, so even llms-full.txt of a very large blog is never
 * whole in memory. `streamed` gets the facts of each body written in parts.
 */
function growingBody(
  sink: Sink,
  streamed: Record<string, StreamedFacts>,
  key: string,
  sizes: BodySizes,
  encodings: readonly Encoding[] = ENCODINGS,
) {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let textLength = 0;
  let parts: ReturnType<typeof streamedParts> | undefined;
  return {
    async add(text: Uint8Array | string) {
      const chunk = typeof text === 'string' ? encoder.encode(text) : text;
      textLength += typeof text === 'string' ? text.length : utf16Length(text);
      if (parts) return parts.add(chunk);
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (heldBytes <= sizes.stream) return;
      parts = streamedParts(sink, key, sizes.part, encodings);
      await parts.add(concatBytes(held));
      held = [];
    },
    async end() {
      if (!parts) return sink(key, concatBytes(held));
      streamed[key] = { ...(await parts.end()), textLength };
    },
  };
}

export type GrowingBody = ReturnType<typeof growingBody>;

/** Bodies that come in pieces, each body's one after another: each written as it grows. Resolves to their paths. */
export async function writePieces(
  pieces: Iterable<{ path: string; text: string }>,
  open: (path: string) => GrowingBody,
): Promise<string[]> {
  const paths: string[] = [];
  let body: GrowingBody | undefined;
  for (const { path, text } of pieces) {
    if (body === undefined || path !== paths.at(-1)) {
      await body?.end();
      body = open(path);
      paths.push(path);
    }
    await body.add(text);
  }
  await body?.end();
  return paths;
}

/** A streamed body's parts, and those of each of its encodings, compressed from each part as it is written. */
function streamedParts(sink: Sink, key: string, partBytes: number, encodings: readonly Encoding[]) {
  const variants = encodings.map(
    (encoding) =>
      [encoding, compressing(encoding, partWriter(sink, encodedKey(key, encoding), partBytes))] as const,
  );
  const identity = partWriter(sink, key, partBytes, async (part) => {
    for (const [, variant] of variants) for (const piece of part) await variant.write(piece);
  });
  return {
    add: identity.add,
    async end(): Promise<Omit<StreamedFacts, 'textLength'>> {
      const facts = await identity.end();
      const encoded: StreamedFacts['encoded'] = {};
      for (const [encoding, variant] of variants) encoded[encoding] = await variant.end();
      return { ...facts, encoded };
    },
  };
}

type PartWriter = ReturnType<typeof partWriter>;

/**
 * Bytes written in parts of `partBytes` as each fills, hashed on the way; `written` sees each part.
 * A part goes on in the pieces it came in, never joined into one buffer.
 */
function partWriter(
  sink: Sink,
  key: string,
  partBytes: number,
  written: (part: Pieces) => Promise<void> = async () => {},
) {
  const hasher = etagHasher();
  let pending: Uint8Array[] = [];
  let size = 0;
  let bytes = 0;
  let parts = 0;
  const writePart = async () => {
    const part = pending;
    pending = [];
    size = 0;
    await sink(partKey(key, parts++), part);
    await written(part);
  };
  return {
    async add(bytesIn: Uint8Array) {
      let chunk = bytesIn;
      bytes += chunk.byteLength;
      hasher.update(chunk);
      while (size + chunk.byteLength > partBytes) {
        const room = partBytes - size;
        pending.push(chunk.subarray(0, room));
        await writePart();
        chunk = chunk.subarray(room);
      }
      pending.push(chunk);
      size += chunk.byteLength;
    },
    async end(): Promise<PartedFacts> {
      if (size > 0) await writePart();
      return { parts, bytes, etag: hasher.etag() };
    },
  };
}

/**
 * Lower levels than the run time's (br 5, gzip 6), which compresses one small body once: the build
 * compresses every streamed body of the blog, where these levels give up about a percent of size
 * for close to half the CPU.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;
/** zlib's output chunks: four times its default, so a 20 MiB part is hashed and handed over in fewer steps. */
const CHUNK_BYTES = 64 * 1024;

const compressor = (encoding: Encoding) =>
  encoding === 'br'
    ? createBrotliCompress({
        chunkSize: CHUNK_BYTES,
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : createGzip({ chunkSize: CHUNK_BYTES, level: GZIP_LEVEL });

/**
 * A body compressed as a stream into `out`. zlib compresses on libuv's thread pool, so the bodies
 * are made meanwhile; at most one written part waits per encoding, so memory stays bounded.
 */
function compressing(encoding: Encoding, out: PartWriter) {
  const zip = compressor(encoding);
  const done = (async () => {
    for await (const chunk of zip) await out.add(chunk as Uint8Array);
    return out.end();
  })();
  // A failure is thrown by the next `write` or by `end`.
  done.catch(() => {});
  return {
    async write(part: Uint8Array) {
      if (zip.writableNeedDrain) await Promise.race([once(zip, 'drain'), done]);
      if (zip.destroyed) await done;
      zip.write(part);
    },
    end(): Promise<PartedFacts> {
      zip.end();
      return done;
    },
  };
}

/** Bodies between two turns of the event loop. */
const BODIES_PER_TURN = 256;

/**
 * A sink that lets the event loop turn every BODIES_PER_TURN bodies: a large blog's bodies take
 * minutes to make without waiting on anything, and the worker threads' replies (the search
 * index's, the file writer's) must be taken meanwhile.
 */
function turning(sink: Sink): Sink {
  let count = 0;
  return async (key, body) => {
    await sink(key, body);
    if (++count % BODIES_PER_TURN === 0) await new Promise((turned) => setImmediate(turned));
  };
}

/** A sink that streams each body over `sizes.stream`: written in parts, with its facts noted. */
function splitting(sink: Sink, streamed: Record<string, StreamedFacts>, sizes: BodySizes): WholeSink {
  return async (key, body) => {
    // A string of n UTF-16 units is at most 3n bytes of UTF-8.
    if (typeof body === 'string' ? body.length * 3 <= sizes.stream : body.byteLength <= sizes.stream)
      return sink(key, body);
    const bytes = typeof body === 'string' ? encoder.encode(body) : body;
    if (bytes.byteLength <= sizes.stream) return sink(key, body);
    const whole = growingBody(sink, streamed, key, sizes);
    await whole.add(bytes);
    await whole.end();
  };
}

/** A static file, streamed when large; compressed variants only for the formats compressing shrinks. */
async function copyFile(
  sink: Sink,
  streamed: Record<string, StreamedFacts>,
  file: StaticFile,
  key: string,
  sizes: BodySizes,
  encodings: readonly Encoding[] = staticTypeOf(file.path).compressible ? ENCODINGS : [],
) {
  const body = growingBody(sink, streamed, key, sizes, encodings);
  for await (const chunk of file.chunks()) await body.add(chunk);
  await body.end();
}

/** How many UTF-16 code units the UTF-8 `bytes` decode to: one per character, two past U+FFFF. */
function utf16Length(bytes: Uint8Array): number {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}
