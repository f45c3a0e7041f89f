import type { HeaderMap } from '../core/api.ts';
import {
  type Body,
  type BodyCache,
  isStreamed,
  type StreamedBody,
  type Variant,
} from '../runtime/body-cache.ts';
import type { RateState } from '../runtime/limiter.ts';
import { offersFor } from './coding-offers.ts';
import { matchesIfNoneMatch, notModifiedHeaders } from './conditional.ts';
import { type AcceptedCodings, chooseOffered } from './negotiate.ts';
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
 * An answer worked out once and sent many times: its status, body (bytes, or a body streamed per
 * GET) and header set (Content-Length included unless compressed) and, for a 200 with a validator, its ETag and the
 * header set of the 304 for it.
 */
export interface Prepared {
  status: number;
  body: Uint8Array | StreamedBody;
  headers: HeaderMap;
  conditional: { etag: string; headers: HeaderMap } | null;
}

/**
 * A compressed representation is sent without Content-Length (chunked, as servers that compress on
 * the fly send it), and so is its HEAD: clients that decode the body (fetch does) take a HEAD's
 * Content-Length for the decoded length, and HEAD must say what GET says.
 */
const lengthOf = (body: Uint8Array | StreamedBody, headers: HeaderMap): HeaderMap =>
  headers['content-encoding'] === undefined
    ? { 'content-length': String(body instanceof Uint8Array ? body.byteLength : body.length) }
    : {};

export function prepare(
  status: number,
  body: Uint8Array | StreamedBody,
  headers: HeaderMap,
  etag?: string,
): Prepared {
  const length = lengthOf(body, headers);
  if (etag === undefined) return { status, body, headers: headerSet(headers, length), conditional: null };
  const full = headerSet(headers, { etag }, length);
  return {
    status,
    body,
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

/** The answers an area keeps for a path, one per variant of its body (identity, br, gzip). */
export type PreparedVariants = WeakMap<Variant | StreamedBody, Prepared>;

/**
 * The 200 of `body` in the coding the client accepts, made once per variant and kept: the area's
 * header set from `headersOf`, with the encoding's Vary and Content-Encoding added; null when the
 * client accepts none of the codings the body can be sent in (the area answers 406). GET and HEAD
 * get the same one, so HEAD reports the status, length and validator a GET would be sent.
 */
export function preparedVariant(
  bodies: BodyCache,
  answers: PreparedVariants,
  body: Body | StreamedBody,
  accepted: AcceptedCodings,
  headersOf: () => HeaderMap,
  compressible = true,
): Prepared | null {
  const variant = variantFor(bodies, body, accepted, compressible);
  if (variant === null) return null;
  let prepared = answers.get(variant);
  if (!prepared) {
    const headers = headersOf();
    if (bodies.compresses)
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    if (variant.encoding !== undefined) headers['content-encoding'] = variant.encoding;
    prepared = prepare(200, isStreamed(variant) ? variant : variant.bytes, headers, variant.etag);
    answers.set(variant, prepared);
  }
  return prepared;
}

/** `body` in the coding the client accepts among those it can be sent in; null when none (a 406). */
export function variantFor(
  bodies: BodyCache,
  body: Body | StreamedBody,
  accepted: AcceptedCodings,
  compressible = true,
): Variant | StreamedBody | null {
  const coding = chooseOffered(accepted, offersFor(bodies, body, compressible));
  return coding === null ? null : bodies.variantIn(body, coding);
}

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
  if (request.method === 'HEAD') return new Response(null, { status: prepared.status, headers });
  const { body } = prepared;
  return new Response(body instanceof Uint8Array ? (body as BodyInit) : body.open(), {
    status: prepared.status,
    headers,
  });
}
