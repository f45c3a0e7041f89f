/**
 * The prerendered bodies as the run time sees them: read once from the platform's `BodySource`,
 * then kept in memory up to a byte budget with their validator and, where the runtime can
 * compress, their compressed variants. A cached body is answered without a promise.
 */
import { etagOf } from './etag.ts';

/** How a runtime reads the deployment's bodies: the key is a body key (src/core/deployment.ts). */
export interface BodySource {
  read(key: string): Promise<Uint8Array | null>;
}

export type Encoding = 'br' | 'gzip';
export type Compress = (bytes: Uint8Array, encoding: Encoding) => Uint8Array;

/** One representation's bytes and its strong validator. */
export interface Variant {
  bytes: Uint8Array;
  etag: string;
}

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

/** A body made at run time from bytes (a list prefix, an MCP result): no variants yet. */
export function bodyOf(bytes: Uint8Array): Body {
  return { bytes, etag: etagOf(bytes), encoded: {}, derived: new Map() };
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

export function createBodyCache(source: BodySource, budget = DEFAULT_CACHE_BYTES, compress?: Compress) {
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

  /** The body at `key`, null when there is none; a Promise only when it is not in memory yet. */
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

  /** The variant to send for the encodings the client accepts (compressed once, then kept). */
  function encodedFor(body: Body, accepted: Encoding | null): Variant {
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

  return { get, encodedFor, compresses: compress !== undefined };
}

export type BodyCache = ReturnType<typeof createBodyCache>;
