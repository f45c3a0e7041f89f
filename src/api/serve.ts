/**
 * The /api/ area at run time: each endpoint reads its prerendered body, post lists slice `limit`
 * prefixes from their head file, and every answer gets the API headers. No body is assembled here:
 * what a path means (its body key, whether it is gone, its list) is worked out once per path, and
 * the header set of each representation once, so a request only adds its RateLimit values.
 */

import type { HeaderMap } from '../core/api.ts';
import { canonicalApiPath } from '../core/api.ts';
import { bodyKey, LIST_HEAD_SUFFIX, type ListFacts, type Manifest } from '../core/deployment.ts';
import type { ErrorCode } from '../core/errors.ts';
import { JSON_TYPE } from '../core/media-types.ts';
import type { SearchResults } from '../core/schemas.ts';
import { apiHeaderSet, CACHE_PUBLIC } from '../http/api-headers.ts';
import { type AcceptedCodings, notAcceptableDetail } from '../http/negotiate.ts';
import { type ProblemAnswers, problemInstance } from '../http/problem.ts';
import type { Target } from '../http/request-target.ts';
import {
  type Prepared,
  type PreparedVariants,
  preparedVariant,
  type ResponseConstructor,
  respondPrepared,
} from '../http/respond.ts';
import { after, loadOnce } from '../runtime/after.ts';
import { type Body, type BodyCache, bodyOf, deriveBody, type StreamedBody } from '../runtime/body-cache.ts';
import type { RateState } from '../runtime/limiter.ts';
import { memo, planCache } from '../runtime/memo.ts';
import { parseLimit } from './limit.ts';
import { parseSearchParameters } from './search-parameters.ts';

export const API_ALLOW = 'GET, HEAD';

/** What the API needs to know about one request beyond the Request itself. */
export interface ApiRequest {
  target: Target;
  rate: RateState;
  /** The codings the client accepts. */
  accepted: AcceptedCodings;
}

export interface ApiOptions {
  manifest: Manifest;
  bodies: BodyCache;
  problems: ProblemAnswers;
  Response: ResponseConstructor;
  policyHeader: string;
}

/** What a path under /api/ stands for, worked out on its first request. */
interface Plan {
  gone: boolean;
  /** The body key of the canonical path; null when the path is not valid percent-encoding. */
  key: string | null;
  /** The post list at this path, if it is one, and the key of its head file. */
  list: { facts: ListFacts; headKey: string } | null;
  /** Headers of this endpoint beyond the API's own (X-Total-Count, deprecation). */
  extra: HeaderMap;
  /** The prepared answer of each representation served at this path. */
  answers: PreparedVariants;
  /** The 404 of this path, prepared on its first one. */
  missing: Prepared | null;
}

const CLOSING_BRACKET = 0x5d;
/** Distinct paths and query strings whose meaning is kept. */
const KEPT_PATHS = 4096;
const KEPT_QUERIES = 256;
const NO_HEADERS: HeaderMap = {};

export function createApi(options: ApiOptions) {
  const { manifest, bodies, policyHeader, Response, problems } = options;
  const gone = new Set(manifest.gone);
  const usage = { 'content-usage': manifest.contentUsage };
  const plans = planCache<Plan>(KEPT_PATHS);
  const limitOf = memo(KEPT_QUERIES, parseLimit);
  const searchOf = memo(KEPT_QUERIES, (search: string) => parseSearchParameters(search, manifest.languages));
  // The search engine is the MCP tool's, loaded on the first search: a server never asked for one
  // never compiles it.
  const engine = loadOnce(() =>
    import('../runtime/search/search.ts').then(({ createSearch }) => createSearch(bodies)),
  );
  /** Each kept search answer's body, encoded (and compressed) once. */
  const searchBodies = new WeakMap<SearchResults, Body>();

  function planOf(path: string, deprecation: HeaderMap): Plan {
    let plan = plans.get(path);
    if (!plan) {
      const canonical = canonicalApiPath(path);
      const facts = manifest.lists[canonical];
      const key = bodyKey(canonical);
      const list = facts && key !== null ? { facts, headKey: key + LIST_HEAD_SUFFIX } : null;
      const extra = facts ? { 'x-total-count': String(facts.total), ...deprecation } : deprecation;
      plan = plans.set(path, {
        gone: gone.has(canonical),
        key,
        list,
        extra,
        answers: new WeakMap(),
        missing: null,
      });
    }
    return plan;
  }

  function fail(request: Request, api: ApiRequest, code: ErrorCode, detail: string, extra?: HeaderMap) {
    return problems.respond(request, api.rate, code, detail, problemInstance(code, api.target), extra);
  }

  function notFound(request: Request, api: ApiRequest, plan: Plan) {
    const { path } = api.target;
    plan.missing ??= problems.prepare('resource_not_found', `No resource at ${path}.`, path);
    return respondPrepared(Response, request, plan.missing, api.rate);
  }

  function send(request: Request, api: ApiRequest, plan: Plan, body: Body | StreamedBody) {
    const prepared = preparedVariant(bodies, plan.answers, body, api.accepted, () =>
      Object.assign(apiHeaderSet(policyHeader, JSON_TYPE, CACHE_PUBLIC), usage, plan.extra),
    );
    if (prepared === null) {
      const detail = notAcceptableDetail(api.target.path);
      return fail(request, api, 'not_acceptable', detail, { vary: 'Accept-Encoding' });
    }
    return respondPrepared(Response, request, prepared, api.rate);
  }

  /** Refusals every endpoint shares: a method other than GET/HEAD, a path removed for good. */
  function refusal(request: Request, api: ApiRequest, plan: Plan): Response | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const detail = `The method ${request.method} is not allowed on ${api.target.path}; the API is read-only.`;
      return fail(request, api, 'method_not_allowed', detail, { allow: API_ALLOW });
    }
    if (plan.gone)
      return fail(request, api, 'gone', `The resource at ${api.target.path} was removed for good.`);
    return null;
  }

  /** A document endpoint: its body as built, or 404. */
  function document(request: Request, api: ApiRequest, deprecation = NO_HEADERS) {
    const plan = planOf(api.target.path, deprecation);
    const refused = refusal(request, api, plan);
    if (refused) return refused;
    if (plan.key === null) return notFound(request, api, plan);
    return after(bodies.answer(plan.key), (body) =>
      body ? send(request, api, plan, body) : notFound(request, api, plan),
    );
  }

  /** A post list: whole, or its newest `limit` posts sliced from the head file. */
  function postList(request: Request, api: ApiRequest, deprecation = NO_HEADERS) {
    const plan = planOf(api.target.path, deprecation);
    const refused = refusal(request, api, plan);
    if (refused) return refused;
    const { list, key } = plan;
    if (list === null || key === null) return notFound(request, api, plan);
    const limit = limitOf(api.target.search);
    if (!limit.ok) return fail(request, api, 'invalid_request', limit.detail, deprecation);
    const count = limit.value === null || limit.value >= list.facts.total ? null : limit.value;
    if (count === null)
      return after(bodies.answer(key), (body) =>
        body ? send(request, api, plan, body) : notFound(request, api, plan),
      );
    return after(bodies.get(list.headKey), (head) =>
      head ? send(request, api, plan, listPrefix(head, list.facts, count)) : notFound(request, api, plan),
    );
  }

  /** The search: its parameters checked, then ranked as search_blog_posts ranks them. */
  function search(request: Request, api: ApiRequest, deprecation = NO_HEADERS) {
    const plan = planOf(api.target.path, deprecation);
    const refused = refusal(request, api, plan);
    if (refused) return refused;
    const parameters = searchOf(api.target.search);
    if (!parameters.ok) return fail(request, api, 'invalid_request', parameters.detail, deprecation);
    return after(engine(), (run) =>
      after(run(parameters.value), (results) => send(request, api, plan, searchBody(results))),
    );
  }

  function searchBody(results: SearchResults): Body {
    let body = searchBodies.get(results);
    if (body === undefined) {
      body = bodyOf(new TextEncoder().encode(JSON.stringify(results)), undefined, true);
      searchBodies.set(results, body);
    }
    return body;
  }

  /** Any other path under /api/: the shared refusals, else 404. */
  function fallback(request: Request, api: ApiRequest) {
    const plan = planOf(api.target.path, NO_HEADERS);
    return refusal(request, api, plan) ?? notFound(request, api, plan);
  }

  return { document, postList, search, fallback };
}

/** The first `count` elements of a list's head as a JSON array, kept with the head once made. */
function listPrefix(head: Body, facts: ListFacts, count: number): Body {
  return deriveBody(head, `prefix:${count}`, () => {
    const end = count === 0 ? 1 : (facts.ends[count - 1] as number);
    const bytes = new Uint8Array(end + 1);
    bytes.set(head.bytes.subarray(0, end));
    bytes[end] = CLOSING_BRACKET;
    return bytes;
  });
}

export type Api = ReturnType<typeof createApi>;
