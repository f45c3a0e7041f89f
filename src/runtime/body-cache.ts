/**
 * The prerendered bodies as the run time sees them: read once from the platform's `BodySource`,
 * then kept in memory up to a byte budget with their validator and, where the runtime can
 * compress, their compressed variants. A cached body, and a key the platform knows it lacks, are
 * answered without a promise. A body over STREAM_BYTES is never held: it is answered from its
 * manifest facts, its bytes streamed per GET.
 */

import { ByteLru, type KeptEntry, stringBytes } from '../core/byte-lru.ts';
import { type Coding, type Encoding, encodedKey, type PartedFacts } from '../core/deployment.ts';
import { etagOf } from '../core/etag.ts';
import type { BodySource } from './body-source.ts';
import { joiningParts, partKeys, partsStream, type StreamedBodies } from './parted-source.ts';

export type { Encoding } from '../core/deployment.ts';
export type Compress = (bytes: Uint8Array, encoding: Encoding) => Uint8Array;

/** One representation's bytes and its strong validator. */
export interface Variant {
  bytes: Uint8Array;
  etag: string;
  /** The content coding it is in; none for the body as it is. */
  encoding?: Encoding;
}

/** A body too large to hold: its length and validator as the build wrote them, its bytes opened per GET. */
export interface StreamedBody {
  etag: string;
  length: number;
  /** Its length as text (UTF-16 code units). */
  textLength: number;
  open(): ReadableStream<Uint8Array>;
  /** The content coding it is in; none for the body as it is. */
  encoding?: Encoding;
  /** The variants the build compressed, streamed the same way with their own validators. */
  encoded: Partial<Record<Encoding, StreamedBody>>;
}

export const isStreamed = (body: Variant | StreamedBody): body is StreamedBody => 'open' in body;

/**
 * Counts bytes kept with a body against the cache entry it lives in; false, counting nothing, when
 * the entry has no room for them (or the body is no longer kept): they are then not kept.
 */
type Charge = (bytes: number) => boolean;

export interface Body extends Variant {
  /** Compressed variants made on first request; distinct validators per encoding. */
  encoded: Partial<Record<Encoding, Variant>>;
  /** Values derived from the body (its text, list prefixes, MCP results), by name, oldest first. */
  derived: Map<string, Derived>;
  /** Whether this body is itself derived (a list prefix): sent gzipped or as it is, never brotli'd. */
  isDerived: boolean;
  charge: Charge;
}

/** A derived value and what it costs; `kept` turns false when it is dropped to make room. */
interface Derived {
  value: unknown;
  cost: number;
  kept: boolean;
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** What holding a body or a derived value costs beyond its bytes: its objects and its key. */
const HELD_BYTES = 256;
/**
 * The most values derived from one body. Past it the oldest is dropped: clients choose the names
 * (each `limit` is one), so a body's derivations are bounded in count as well as in bytes.
 */
export const MAX_DERIVED = 32;
/** What the cache keeps of paths that have no body: their keys, and no more than this. */
const MISSING_BYTES = 1024 * 1024;
const MISSING_ENTRIES = 4096;
/**
 * About what a value parsed from JSON holds in memory per byte of its JSON (objects, arrays and
 * strings of a JavaScript engine): what a parsed body is counted at.
 */
export const PARSED_BYTES_PER_BYTE = 4;
const UNCHARGED: Charge = () => true;

/**
 * A body held as bytes (one read from the deployment, a list prefix): no variants yet, its
 * validator hashed when first asked for. Some bodies never need one (a list's head file only has
 * prefixes sliced from it), and hashing a few kilobytes in a server's first request, before the hash
 * function is compiled, costs milliseconds of its cold start.
 */
export function bodyOf(bytes: Uint8Array, charge: Charge = UNCHARGED, isDerived = false): Body {
  let etag: string | undefined;
  return {
    bytes,
    get etag() {
      etag ??= etagOf(bytes);
      return etag;
    },
    encoded: {},
    derived: new Map(),
    isDerived,
    charge,
  };
}

/** Where each kept derived value that is an object is kept: the body and its name there. */
const keptAt = new WeakMap<object, { body: Body; name: string }>();

/**
 * Keeps `value` with `body` at `cost` when the body's entry has room for it (undefined when not:
 * the value is then made again when next asked for), dropping the body's oldest derivation when it
 * has MAX_DERIVED.
 */
function keepDerived(body: Body, name: string, value: unknown, cost: number): Derived | undefined {
  const derived: Derived = { value, cost: HELD_BYTES + cost, kept: true };
  if (!body.charge(derived.cost)) return undefined;
  if (body.derived.size >= MAX_DERIVED) {
    const [oldest, dropped] = body.derived.entries().next().value as [string, Derived];
    body.derived.delete(oldest);
    dropped.kept = false;
    body.charge(-dropped.cost);
  }
  body.derived.set(name, derived);
  if (typeof value === 'object' && value !== null) keptAt.set(value, { body, name });
  return derived;
}

/**
 * A value derived from a body once and kept with it, counted at `cost(value)` bytes against the
 * cache's budget, for as long as the body is cached and its entry and derivations leave room for it.
 */
export function derive<T>(body: Body, name: string, make: () => T, cost: (value: T) => number): T {
  const kept = body.derived.get(name);
  if (kept !== undefined) return kept.value as T;
  const value = make();
  keepDerived(body, name, value, cost(value));
  return value;
}

/**
 * A value derived from another one (the first of `sources` that is a value kept with a body), kept
 * with the same body and counted against its entry, named after it; made afresh each time when no
 * source is kept with a body.
 */
export function deriveFrom<T>(
  sources: readonly object[],
  name: string,
  make: () => T,
  cost: (value: T) => number,
): T {
  for (const source of sources) {
    const at = keptAt.get(source);
    if (at !== undefined && at.body.derived.get(at.name)?.value === source)
      return derive(at.body, `${at.name}>${name}`, make, cost);
  }
  return make();
}

/**
 * A body derived from another (a list prefix) and kept with it: what it later holds (its variants,
 * its own derivations) is counted against its owner's entry for as long as it is kept, and only
 * kept when the owner's entry has room for it.
 */
export function deriveBody(owner: Body, name: string, make: () => Uint8Array): Body {
  const kept = owner.derived.get(name);
  if (kept !== undefined) return kept.value as Body;
  let derived: Derived | undefined;
  const body = bodyOf(
    make(),
    (bytes) => {
      if (!derived?.kept || !owner.charge(bytes)) return false;
      derived.cost += bytes;
      return true;
    },
    true,
  );
  derived = keepDerived(owner, name, body, body.bytes.byteLength);
  return body;
}

const decoder = new TextDecoder();

/** A body's bytes as UTF-8 text, decoded once (counted at two bytes a character). */
export const bodyText = (body: Body): string =>
  derive(
    body,
    'text',
    () => decoder.decode(body.bytes),
    (text) => 2 * text.length,
  );

/** A body's JSON parsed once, counted at PARSED_BYTES_PER_BYTE bytes per byte of JSON. */
export const parsedBody = <T>(body: Body, name: string, parse: (bytes: Uint8Array) => T): T =>
  derive(
    body,
    name,
    () => parse(body.bytes),
    () => PARSED_BYTES_PER_BYTE * body.bytes.byteLength,
  );

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
  // One budget for every byte kept per body: an entry counts the body, its compressed variants and
  // what is derived from it, and they all go together. No entry takes more than a quarter of it.
  const kept = new ByteLru<string, Body>({ maxBytes: budget, maxEntryBytes: budget / 4 });
  // Paths without a body, kept apart so a flood of them never pushes a body out.
  const missing = new ByteLru<string, true>({ maxBytes: MISSING_BYTES, maxEntries: MISSING_ENTRIES });
  const pending = new Map<string, Promise<Body | null>>();
  /** A key the platform knows it lacks; a streamed body's key names no file of its own. */
  const isLacking = (key: string) => platform.lacks?.(key) === true && streamed[key] === undefined;

  function keep(key: string, bytes: Uint8Array | null): Body | null {
    if (bytes === null) {
      missing.set(key, true, stringBytes(key));
      return null;
    }
    let entry: KeptEntry | null = null;
    const body = bodyOf(bytes, (more) => entry?.grow(more) ?? false);
    entry = kept.set(key, body, HELD_BYTES + stringBytes(key) + bytes.byteLength);
    return body;
  }

  async function load(key: string, reading: Promise<Uint8Array | null>): Promise<Body | null> {
    try {
      return keep(key, await reading);
    } finally {
      pending.delete(key);
    }
  }

  /**
   * The body at `key` whole, null when there is none; a Promise only when it is not in memory yet
   * and the source reads in the background.
   */
  function get(key: string): Body | null | Promise<Body | null> {
    const body = kept.get(key);
    if (body !== undefined) return body;
    if (isLacking(key) || missing.get(key)) return null;
    let loading = pending.get(key);
    if (!loading) {
      const reading = source.read(key);
      if (!(reading instanceof Promise)) return keep(key, reading);
      loading = load(key, reading);
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
        encoded[encoding] = {
          ...streamedBody(encodedKey(key, encoding), parted, facts.textLength, {}),
          encoding,
        };
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

  /** `body` in `coding` (one of its offers), compressed once and kept with it. */
  function variantIn(body: Body | StreamedBody, coding: Coding): Variant | StreamedBody {
    if (!compress || coding === 'identity') return body;
    if (isStreamed(body)) return body.encoded[coding] as StreamedBody;
    let made = body.encoded[coding];
    if (!made) {
      const bytes = compress(body.bytes, coding);
      made = { bytes, etag: `${body.etag.slice(0, -1)}-${coding}"`, encoding: coding };
      // Kept when the body's entry has room: a variant that does not fit is made per request,
      // rather than pushing out the body it comes from.
      if (body.charge(HELD_BYTES + bytes.byteLength)) body.encoded[coding] = made;
    }
    return made;
  }

  /** The bytes the kept bodies and everything kept with them count. */
  const keptBytes = () => kept.bytes;

  return { get, answer, variantIn, compresses: compress !== undefined, keptBytes };
}

export type BodyCache = ReturnType<typeof createBodyCache>;
