/**
 * The /api/ area at run time: each endpoint reads its prerendered body, post lists slice `limit`
 * prefixes from their head file, and every answer gets the API headers. No body is assembled here.
 */
import { canonicalApiPath } from '../core/api.ts';
import { bodyKey, LIST_HEAD_SUFFIX, type ListFacts, type Manifest } from '../core/deployment.ts';
import type { ErrorCode } from '../core/errors.ts';
import { apiHeaders, CACHE_PUBLIC } from '../http/api-headers.ts';
import { type Body, type BodyCache, bodyOf, derive, type Encoding } from '../http/body-cache.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import type { HeaderMap } from '../http/cors.ts';
import type { RateState } from '../http/limiter.ts';
import { type AnswerContext, problemResponse } from '../http/problem-response.ts';
import type { Target } from '../http/request-target.ts';
import { respond } from '../http/respond.ts';
import { parseLimit } from './limit.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const API_ALLOW = 'GET, HEAD';

/** What the API needs to know about one request beyond the Request itself. */
export interface ApiRequest {
  target: Target;
  rate: RateState;
  /** The encoding the client accepts and the runtime can send, if any. */
  encoding: Encoding | null;
}

export interface ApiOptions extends AnswerContext {
  manifest: Manifest;
  bodies: BodyCache;
}

const CLOSING_BRACKET = 0x5d;

export function createApi(options: ApiOptions) {
  const { manifest, bodies, policyHeader, Response } = options;
  const gone = new Set(manifest.gone);
  const vary = bodies.compresses ? 'Accept-Encoding' : null;

  function fail(request: Request, api: ApiRequest, code: ErrorCode, detail: string, extra?: HeaderMap) {
    const { path, search } = api.target;
    const instance = code === 'invalid_request' ? path + search : path;
    return problemResponse(options, request, api.rate, code, detail, instance, extra);
  }

  const notFound = (request: Request, api: ApiRequest) =>
    fail(request, api, 'resource_not_found', `No resource at ${api.target.path}.`);

  function send(request: Request, api: ApiRequest, body: Body, extra: HeaderMap) {
    const chosen = bodies.encodedFor(body, api.encoding);
    const headers = apiHeaders(api.rate, policyHeader, JSON_TYPE, CACHE_PUBLIC);
    headers.etag = chosen.etag;
    if (vary) headers.vary = vary;
    if (chosen !== body) headers['content-encoding'] = api.encoding as Encoding;
    Object.assign(headers, extra);
    const status = matchesIfNoneMatch(request.headers.get('if-none-match'), chosen.etag) ? 304 : 200;
    return respond(Response, request, status, headers, chosen.bytes);
  }

  /** Refusals every endpoint shares: a method other than GET/HEAD, a path removed for good. */
  function refusal(request: Request, api: ApiRequest): Response | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const detail = `The method ${request.method} is not allowed on ${api.target.path}; the API is read-only.`;
      return fail(request, api, 'method_not_allowed', detail, { allow: API_ALLOW });
    }
    if (gone.has(canonicalApiPath(api.target.path)))
      return fail(request, api, 'gone', `The resource at ${api.target.path} was removed for good.`);
    return null;
  }

  /** A document endpoint: its body as built, or 404. */
  function document(request: Request, api: ApiRequest, deprecation: HeaderMap = {}) {
    const refused = refusal(request, api);
    if (refused) return refused;
    const key = bodyKey(canonicalApiPath(api.target.path));
    const found = key === null ? null : bodies.get(key);
    const answer = (body: Body | null) =>
      body ? send(request, api, body, deprecation) : notFound(request, api);
    return found instanceof Promise ? found.then(answer) : answer(found);
  }

  /** A post list: whole, or its newest `limit` posts sliced from the head file. */
  function postList(request: Request, api: ApiRequest, deprecation: HeaderMap = {}) {
    const refused = refusal(request, api);
    if (refused) return refused;
    const path = canonicalApiPath(api.target.path);
    const facts = manifest.lists[path];
    if (!facts) return notFound(request, api);
    const limit = parseLimit(api.target.search);
    if (!limit.ok) return fail(request, api, 'invalid_request', limit.detail, deprecation);
    const extra = { 'x-total-count': String(facts.total), ...deprecation };
    const whole = limit.value === null || limit.value >= facts.total;
    const found = bodies.get(`${bodyKey(path)}${whole ? '' : LIST_HEAD_SUFFIX}`);
    const answer = (body: Body | null) => {
      if (!body) return notFound(request, api);
      return send(request, api, whole ? body : listPrefix(body, facts, limit.value as number), extra);
    };
    return found instanceof Promise ? found.then(answer) : answer(found);
  }

  /** Any other path under /api/: the shared refusals, else 404. */
  function fallback(request: Request, api: ApiRequest) {
    return refusal(request, api) ?? notFound(request, api);
  }

  return { document, postList, fallback };
}

/** The first `count` elements of a list's head as a JSON array, kept with the head once made. */
function listPrefix(head: Body, facts: ListFacts, count: number): Body {
  return derive(head, `prefix:${count}`, () => {
    const end = count === 0 ? 1 : (facts.ends[count - 1] as number);
    const bytes = new Uint8Array(end + 1);
    bytes.set(head.bytes.subarray(0, end));
    bytes[end] = CLOSING_BRACKET;
    return bodyOf(bytes);
  });
}

export type Api = ReturnType<typeof createApi>;
