/**
 * Problem details (RFC 9457): the body as the API documents it (its codes in core/errors.ts), and the
 * answers that carry it with the API headers; 406, 429 and 5xx are not to be cached (a 406 answers
 * a rare Accept-Encoding, which caches that normalise the header would serve to everyone).
 */

import type { HeaderMap } from '../core/api.ts';
import { ERROR_KINDS, type ErrorCode, PROBLEM_TYPE, problem } from '../core/errors.ts';
import type { RateState } from '../runtime/limiter.ts';
import { slotTemplate } from '../runtime/slot-template.ts';
import { apiHeaderSet, CACHE_NONE, CACHE_PUBLIC } from './api-headers.ts';
import { writeRateState } from './rate-limit-headers.ts';
import { type Prepared, prepare, type ResponseConstructor, respond } from './respond.ts';

export interface AnswerContext {
  Response: ResponseConstructor;
  baseUrl: string;
  policyHeader: string;
}

/** Where a problem's detail and instance go in its JSON text (no request produces these). */
const SLOTS = ['\u0000detail\u0000', '\u0000instance\u0000'];
const JSON_SLOTS = SLOTS.map((slot) => JSON.stringify(slot).slice(1, -1));
const jsonString = (text: string) => JSON.stringify(text).slice(1, -1);
const encoder = new TextEncoder();

/**
 * The problem answers of one service: each code's JSON text is made once with slots for the
 * detail and the instance, and filled per answer.
 */
export function problemAnswers(context: AnswerContext) {
  const fillers = new Map<ErrorCode, (values: readonly string[]) => string>();

  function bodyOf(code: ErrorCode, detail: string, instance: string): Uint8Array {
    let fill = fillers.get(code);
    if (!fill) {
      const [detailSlot, instanceSlot] = SLOTS as [string, string];
      fill = slotTemplate(
        JSON.stringify(problem(context.baseUrl, code, detailSlot, instanceSlot)),
        JSON_SLOTS,
      );
      fillers.set(code, fill);
    }
    return encoder.encode(fill([jsonString(detail), jsonString(instance)]));
  }

  function headersOf(code: ErrorCode, extra: HeaderMap | undefined): HeaderMap {
    const { status } = ERROR_KINDS[code];
    const cache = status === 406 || status === 429 || status >= 500 ? CACHE_NONE : CACHE_PUBLIC;
    const headers = apiHeaderSet(context.policyHeader, PROBLEM_TYPE, cache);
    return extra ? Object.assign(headers, extra) : headers;
  }

  return {
    /** The problem answer to this request. */
    respond(
      request: Request,
      rate: RateState,
      code: ErrorCode,
      detail: string,
      instance: string,
      extra?: HeaderMap,
    ): Response {
      const headers = headersOf(code, extra);
      writeRateState(headers, rate);
      const body = bodyOf(code, detail, instance);
      return respond(context.Response, request, ERROR_KINDS[code].status, headers, body);
    },

    /** A problem answer prepared once, for one that repeats (the 404 of a path); its quota state is written per request. */
    prepare(code: ErrorCode, detail: string, instance: string): Prepared {
      return prepare(ERROR_KINDS[code].status, bodyOf(code, detail, instance), headersOf(code, undefined));
    },
  };
}

export type ProblemAnswers = ReturnType<typeof problemAnswers>;

export function rateLimitedDetail(rate: RateState, windowSeconds: number): string {
  return `Too many requests: the quota is ${rate.limit} requests per ${windowSeconds} seconds; retry in ${rate.reset} seconds.`;
}
