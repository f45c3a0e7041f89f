/** Problem details answers (RFC 9457) with the API headers; 429 and 5xx are not to be cached. */

import { ERROR_KINDS, type ErrorCode } from '../core/errors.ts';
import { apiHeaders, CACHE_NONE, CACHE_PUBLIC } from './api-headers.ts';
import type { HeaderMap } from './cors.ts';
import type { RateState } from './limiter.ts';
import { problem } from './problem.ts';
import { type ResponseConstructor, respond } from './respond.ts';

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export interface AnswerContext {
  Response: ResponseConstructor;
  baseUrl: string;
  policyHeader: string;
}

const encoder = new TextEncoder();

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

export function rateLimitedDetail(rate: RateState, windowSeconds: number): string {
  return `Too many requests: the quota is ${rate.limit} requests per ${windowSeconds} seconds; retry in ${rate.reset} seconds.`;
}
