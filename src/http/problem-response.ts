/** The answers every rate-limited area (the API and MCP) gives alike: problems and CORS preflights. */
import { PROBLEM_TYPE } from './body.ts';
import { apiHeaders, CACHE_NONE, CACHE_PUBLIC, type HeaderMap, preflightHeaders } from './headers.ts';
import type { RateState } from './limiter.ts';
import { ERROR_KINDS, type ErrorCode, problem } from './problem.ts';
import { type ResponseConstructor, respond } from './respond.ts';

export interface AnswerContext {
  Response: ResponseConstructor;
  baseUrl: string;
  policyHeader: string;
}

const encoder = new TextEncoder();

/** A problem+json answer with the API headers; 429 and 500 are not to be cached. */
export function problemResponse(
  context: AnswerContext,
  request: Request,
  rate: RateState,
  code: ErrorCode,
  detail: string,
  instance: string,
  extra?: HeaderMap,
): Response {
  const { status } = ERROR_KINDS[code];
  const cache = status === 429 || status >= 500 ? CACHE_NONE : CACHE_PUBLIC;
  const headers = Object.assign(apiHeaders(rate, context.policyHeader, PROBLEM_TYPE, cache), extra);
  const body = encoder.encode(JSON.stringify(problem(context.baseUrl, code, detail, instance)));
  return respond(context.Response, request, status, headers, body);
}

/** How a rate-limited area answers methods: what it allows and how its answers may be cached. */
export interface AreaPolicy {
  allow: string;
  cacheControl: string;
}

/** A CORS preflight answer: 204 with the API headers and the methods the area allows. */
export function preflightResponse(
  context: AnswerContext,
  request: Request,
  rate: RateState,
  area: AreaPolicy,
): Response {
  const headers = Object.assign(
    apiHeaders(rate, context.policyHeader, PROBLEM_TYPE, area.cacheControl),
    preflightHeaders(request, area.allow),
  );
  delete headers['content-type'];
  return respond(context.Response, request, 204, headers, null);
}

export function rateLimitedDetail(rate: RateState, windowSeconds: number): string {
  return `Too many requests: the quota is ${rate.limit} requests per ${windowSeconds} seconds; retry in ${rate.reset} seconds.`;
}
