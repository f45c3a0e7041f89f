import type { Variant } from './body-cache.ts';
import { matchesIfNoneMatch, notModifiedHeaders } from './conditional.ts';
import type { HeaderMap } from './cors.ts';
import type { RateState } from './limiter.ts';
import { writeRateState } from './rate-limit-headers.ts';

/**
 * The Response constructor to build answers with: adapters may supply their runtime's fastest one
 * (on Node, the one @whatwg-node/server exports).
 */
export type ResponseConstructor = typeof Response;

/**
 * A response with `Content-Length` set from the body; HEAD keeps every header but sends no body,
 * so it reports the length a GET would send; 204 sends neither. (304s come from `respondPrepared`.)
 */
export function respond(
  Response: ResponseConstructor,
  request: Request,
  status: number,
  headers: HeaderMap,
  body: Uint8Array | null,
): Response {
  if (status === 204) return new Response(null, { status, headers });
  headers['content-length'] = String(body?.byteLength ?? 0);
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit | null), { status, headers });
}

/**
 * An answer worked out once and sent many times: its status, bytes and header set (Content-Length
 * included) and, for a 200 with a validator, its ETag and the header set of the 304 for it.
 */
export interface Prepared {
  status: number;
  bytes: Uint8Array;
  headers: HeaderMap;
  conditional: { etag: string; headers: HeaderMap } | null;
}

export function prepare(status: number, bytes: Uint8Array, headers: HeaderMap, etag?: string): Prepared {
  const length = String(bytes.byteLength);
  if (etag === undefined)
    return { status, bytes, headers: headerSet(headers, { 'content-length': length }), conditional: null };
  const full = headerSet(headers, { etag, 'content-length': length });
  return {
    status,
    bytes,
    headers: full,
    conditional: { etag, headers: headerSet(notModifiedHeaders(full)) },
  };
}

/**
 * A header set built by Object.assign, which V8 keeps in fast mode: one built name by name turns
 * into a dictionary past a dozen or so names, and copying a dictionary per request costs a hundred
 * times as much.
 */
const headerSet = (...parts: HeaderMap[]): HeaderMap => Object.assign({}, ...parts);

/** The 200 of a body variant: its bytes under its validator. */
export const prepareVariant = (variant: Variant, headers: HeaderMap): Prepared =>
  prepare(200, variant.bytes, headers, variant.etag);

/**
 * The prepared answer to this request, by the rules of `respond`: 304 when If-None-Match matches,
 * no body for HEAD. Where the area counts requests, `rate` goes into a copy of the header set.
 */
export function respondPrepared(
  Response: ResponseConstructor,
  request: Request,
  prepared: Prepared,
  rate: RateState | null,
): Response {
  const { conditional } = prepared;
  const notModified =
    conditional !== null && matchesIfNoneMatch(request.headers.get('if-none-match'), conditional.etag);
  let headers = notModified ? conditional.headers : prepared.headers;
  if (rate) {
    headers = { ...headers };
    writeRateState(headers, rate);
  }
  if (notModified) return new Response(null, { status: 304, headers });
  const body = request.method === 'HEAD' ? null : (prepared.bytes as BodyInit);
  return new Response(body, { status: prepared.status, headers });
}
