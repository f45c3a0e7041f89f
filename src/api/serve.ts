/** Serves the /api/ tree: method and gone checks, the endpoint routes, `limit`, validators. */
import { type IRequest, IttyRouter } from 'itty-router';
import type { SiteData } from '../data/types.ts';
import { listPrefix, type Prerendered } from '../http/body.ts';
import { matchesIfNoneMatch } from '../http/etag.ts';
import { apiHeaders, CACHE_PUBLIC, type HeaderMap } from '../http/headers.ts';
import type { RateState } from '../http/limiter.ts';
import type { ErrorCode } from '../http/problem.ts';
import { type AreaPolicy, problemResponse } from '../http/problem-response.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';
import { deprecationHeaders } from './deprecation.ts';
import { API_PREFIXES, ENDPOINTS, type EndpointSpec, type Params } from './endpoints.ts';
import type { RateLimitPolicy } from './index-document.ts';
import { parseLimit } from './limit.ts';
import { type ApiResources, createApiResources } from './resources.ts';

export interface ApiRequestContext {
  url: URL;
  rate: RateState;
}

export interface ApiOptions {
  baseUrl: string;
  policy: RateLimitPolicy;
  policyHeader: string;
  Response: ResponseConstructor;
}

export const API_AREA: AreaPolicy = { allow: 'GET, HEAD', cacheControl: CACHE_PUBLIC };
const CANONICAL_PREFIX = API_PREFIXES[0];
const VERSIONED_PREFIX = /^\/api\/v1\//;

export function createApi(data: SiteData, options: ApiOptions) {
  const { baseUrl, policyHeader, Response } = options;
  const resources: ApiResources = createApiResources(data, baseUrl, options.policy);
  const gone = new Set(data.gone);
  const deprecations = deprecationHeaders(data.deprecations, baseUrl);

  function send(request: Request, rate: RateState, body: Prerendered, extra: HeaderMap) {
    const headers = Object.assign(apiHeaders(rate, policyHeader, body.contentType, CACHE_PUBLIC), extra);
    return respond(Response, request, 200, headers, body.bytes);
  }

  /** A problem+json answer; `instance` is the path, plus the query string for a 400. */
  function fail(
    request: Request,
    context: ApiRequestContext,
    code: ErrorCode,
    detail: string,
    extra?: HeaderMap,
  ) {
    const { url, rate } = context;
    const instance = code === 'invalid_request' ? url.pathname + url.search : url.pathname;
    return problemResponse(options, request, rate, code, detail, instance, extra);
  }

  /**
   * The body, or a 304 when the client holds it already. A 304 keeps the validators, caching, API
   * and deprecation headers but none that describe a body (RFC 9110 section 15.4.5): no
   * Content-Type, no Content-Length and none of `bodyHeaders`.
   */
  function serveBody(
    request: Request,
    context: ApiRequestContext,
    body: Prerendered,
    deprecated: HeaderMap,
    bodyHeaders: HeaderMap = {},
  ) {
    const headers = { etag: body.etag, ...deprecated };
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), body.etag)) {
      const notModified = apiHeaders(context.rate, policyHeader, body.contentType, CACHE_PUBLIC);
      delete notModified['content-type'];
      return respond(Response, request, 304, Object.assign(notModified, headers), null);
    }
    return send(request, context.rate, body, { ...headers, ...bodyHeaders });
  }

  function serveEndpoint(endpoint: EndpointSpec, request: IRequest, context: ApiRequestContext): Response {
    const found = resources.find(endpoint.operationId as never, decodeParams(request.params));
    const deprecated = deprecations.get(endpoint.operationId) ?? {};
    if (!found) return notFound(request, context);
    if (found.kind === 'document') return serveBody(request, context, found.resource.body(), deprecated);
    const limit = parseLimit(context.url.searchParams);
    if (!limit.ok) return fail(request, context, 'invalid_request', limit.detail, deprecated);
    const list = found.resource.body();
    const body = limit.value === null ? list : listPrefix(list, limit.value);
    return serveBody(request, context, body, deprecated, { 'x-total-count': String(list.ends.length) });
  }

  function notFound(request: Request, context: ApiRequestContext) {
    return fail(request, context, 'resource_not_found', `No resource at ${context.url.pathname}.`);
  }

  const router = IttyRouter<IRequest, [ApiRequestContext]>();
  for (const prefix of API_PREFIXES) {
    for (const endpoint of ENDPOINTS) {
      const route =
        prefix + endpoint.pathTemplate.slice(CANONICAL_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');
      router.all(route, (request, context) => serveEndpoint(endpoint, request, context));
    }
  }
  router.all('*', notFound);

  async function handle(request: Request, context: ApiRequestContext): Promise<Response> {
    const { url } = context;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return fail(
        request,
        context,
        'method_not_allowed',
        `The method ${request.method} is not allowed on ${url.pathname}; the API is read-only.`,
        { allow: API_AREA.allow },
      );
    }
    if (gone.has(url.pathname.replace(VERSIONED_PREFIX, CANONICAL_PREFIX))) {
      return fail(request, context, 'gone', `The resource at ${url.pathname} was removed for good.`);
    }
    // Every API path ends in .json; the router alone would also accept a trailing slash.
    if (!url.pathname.endsWith('.json')) return notFound(request, context);
    return (await router.fetch(request, context)) as Response;
  }

  return { handle, resources };
}

function decodeParams(params: Record<string, string>): Params {
  const decoded: Params = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name as keyof Params] = decodeURIComponent(value);
    } catch {
      decoded[name as keyof Params] = value;
    }
  }
  return decoded;
}
