/**
 * The prerendered bodies as the run time sees them: read once from the platform's `BodySource`,
 * then kept in memory up to a byte budget with their validator and, where the runtime can
 * compress, their compressed variants. A cached body is answered without a promise. A body over
 * STREAM_BYTES is never held: it is answered from its manifest facts, its bytes streamed per GET.
 */
import { type Encoding, encodedKey, type PartedFacts } from '../core/deployment.ts';
import { etagOf } from '../core/etag.ts';
import type { BodySource } from './body-source.ts';
import { joiningParts, partKeys, partsStream, type StreamedBodies } from './parted-source.ts';

export type { Encoding } from '../core/deployment.ts';
export type Compress = (bytes: Uint8Array, encoding: Encoding) => Uint8Array;

/** One representation's bytes and its strong validator. */
export interface Variant {
  bytes: Uint8Array;
  etag: string;
}

/** A body too large to hold: its length and validator as the build wrote them, its bytes opened per GET. */
export interface StreamedBody {
  etag: string;
  length: number;
  /** Its length as text (UTF-16 code units). */
  textLength: number;
  open(): ReadableStream<Uint8Array>;
  /** The variants the build compressed, streamed the same way with their own validators. */
  encoded: Partial<Record<Encoding, StreamedBody>>;
}

export const isStreamed = (body: Variant | StreamedBody): body is StreamedBody => 'open' in body;

export interface Body extends Variant {
  /** Compressed variants made on first request; distinct validators per encoding. */
  encoded: Partial<Record<Encoding, Variant>>;
  /** Derived values kept with the body (list prefixes, MCP results), by name. */
  derived: Map<string, unknown>;
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** Bodies smaller than this are not worth compressing. */
const MIN_COMPRESSED = 1024;
/** What a remembered miss counts against the budget. */
const MISS_COST = 64;

/**
 * A body held as bytes (one read from the deployment, a list prefix, an MCP result): no variants
 * yet, its validator hashed when first asked for. Some bodies never need one (a list's head file
 * only has prefixes sliced from it), and hashing a few kilobytes in a server's first request, before
 * the hash function is compiled, costs milliseconds of its cold start.
 */
export function bodyOf(bytes: Uint8Array): Body {
  let etag: string | undefined;
  return {
    bytes,
    get etag() {
      etag ??= etagOf(bytes);
      return etag;
    },
    encoded: {},
    derived: new Map(),
  };
}

/** A value derived from a body once and kept with it for as long as the body is cached. */
export function derive<T>(body: Body, name: string, make: () => T): T {
  if (body.derived.has(name)) return body.derived.get(name) as T;
  const value = make();
  body.derived.set(name, value);
  return value;
}

const decoder = new TextDecoder();

/** A body's bytes as UTF-8 text, decoded once. */
export const bodyText = (body: Body): string => derive(body, 'text', () => decoder.decode(body.bytes));

/**
 * A stream of a known length as the runtime must be handed it to send Content-Length (workerd
 * sends any other stream chunked).
 */
export type FixedLength = (stream: ReadableStream<Uint8Array>, length: number) => ReadableStream<Uint8Array>;

export interface BodyCacheOptions {
  /** Bytes of bodies kept in memory. */
  budget?: number | undefined;
  compress?: Compress | undefined;
  /** The streamed bodies of the deployment (its manifest's). */
  streamed?: StreamedBodies;
  fixedLength?: FixedLength | undefined;
}

export function createBodyCache(platform: BodySource, options: BodyCacheOptions = {}) {
  const { budget = DEFAULT_CACHE_BYTES, compress, streamed = {}, fixedLength } = options;
  const source = joiningParts(platform, streamed);
  const streams = new Map<string, StreamedBody>();
  const kept = new Map<string, { body: Body | null; cost: number }>();
  const pending = new Map<string, Promise<Body | null>>();
  let used = 0;

  function keep(key: string, body: Body | null) {
    const cost = body ? body.bytes.byteLength : MISS_COST;
    if (cost > budget / 4) return;
    kept.set(key, { body, cost });
    used += cost;
    for (const [oldest, entry] of kept) {
      if (used <= budget) break;
      kept.delete(oldest);
      used -= entry.cost;
    }
  }

  async function load(key: string): Promise<Body | null> {
    try {
      const bytes = await source.read(key);
      const body = bytes && bodyOf(bytes);
      keep(key, body);
      return body;
    } finally {
      pending.delete(key);
    }
  }

  /** The body at `key` whole, null when there is none; a Promise only when it is not in memory yet. */
  function get(key: string): Body | null | Promise<Body | null> {
    const entry = kept.get(key);
    if (entry) return entry.body;
    let loading = pending.get(key);
    if (!loading) {
      loading = load(key);
      pending.set(key, loading);
    }
    return loading;
  }

  /** The body to answer a request for `key` with: a streamed one as its facts say, unread. */
  function answer(key: string): Body | StreamedBody | null | Promise<Body | null> {
    const facts = streamed[key];
    if (facts === undefined) return get(key);
    let body = streams.get(key);
    if (!body) {
      const encoded: StreamedBody['encoded'] = {};
      for (const [encoding, parted] of Object.entries(facts.encoded) as [Encoding, PartedFacts][])
        encoded[encoding] = streamedBody(encodedKey(key, encoding), parted, facts.textLength, {});
      body = streamedBody(key, facts, facts.textLength, encoded);
      streams.set(key, body);
    }
    return body;
  }

  function streamedBody(
    key: string,
    { etag, bytes, parts }: PartedFacts,
    textLength: number,
    encoded: StreamedBody['encoded'],
  ): StreamedBody {
    return { etag, length: bytes, textLength, open: opener(key, parts, bytes), encoded };
  }

  /** How a streamed body is opened per GET: by the platform's own sender when it has one. */
  function opener(key: string, parts: number, length: number): () => ReadableStream<Uint8Array> {
    const { sendParts } = platform;
    if (sendParts) {
      const keys = partKeys(key, parts);
      return () => sendParts(keys);
    }
    return fixedLength
      ? () => fixedLength(partsStream(platform, key, parts), length)
      : () => partsStream(platform, key, parts);
  }

  /**
   * The variant to send for the encodings the client accepts (compressed once, then kept). A
   * streamed body goes in the variant the build compressed, if any: compressing it here would cost
   * its whole size per request.
   */
  function encodedFor(body: Body | StreamedBody, accepted: Encoding | null): Variant | StreamedBody {
    if (isStreamed(body)) return (compress && accepted && body.encoded[accepted]) || body;
    if (!compress || !accepted || body.bytes.byteLength < MIN_COMPRESSED) return body;
    let made = body.encoded[accepted];
    if (!made) {
      const bytes = compress(body.bytes, accepted);
      made = { bytes, etag: `${body.etag.slice(0, -1)}-${accepted}"` };
      body.encoded[accepted] = made;
      used += bytes.byteLength;
    }
    return made;
  }

  return { get, answer, encodedFor, compresses: compress !== undefined };
}

export type BodyCache = ReturnType<typeof createBodyCache>;
