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
import type { Target } from './request-target.ts';
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

/** What a URI's query cannot hold as it is (RFC 3986 3.4): a `%` that starts no escape, any character but these. */
const NOT_URI_QUERY = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu;
const REPLACEMENT_CHARACTER = '%EF%BF%BD';

/**
 * A problem's `instance`, a URI reference (RFC 9457 3.1.5): the request's path, and for a 400 its
 * query too, with every character a URI's query cannot hold as it is (a backslash, a control or
 * non-ASCII character, a `%` that starts no escape) percent-encoded as UTF-8. So the query names
 * exactly what was sent, whatever bytes it held, and JSON carries it without escapes of its own.
 */
export function problemInstance(code: ErrorCode, target: Target): string {
  if (code !== 'invalid_request' || target.search === '') return target.path;
  return target.path + target.search.replace(NOT_URI_QUERY, escaped);
}

function escaped(char: string): string {
  try {
    return char === '%' ? '%25' : encodeURIComponent(char);
  } catch {
    return REPLACEMENT_CHARACTER; // a lone surrogate, which UTF-8 cannot encode
  }
}

/**
 * The problem answers of one service: each code's JSON text (with its hint) is made once with
 * slots for the detail and the instance, and filled per answer.
 */
export function problemAnswers(context: AnswerContext) {
  const fillers = new Map<string, (values: readonly string[]) => string>();

  function bodyOf(code: ErrorCode, detail: string, instance: string, hint?: string): Uint8Array {
    const key = hint === undefined ? code : `${code} ${hint}`;
    let fill = fillers.get(key);
    if (!fill) {
      const [detailSlot, instanceSlot] = SLOTS as [string, string];
      fill = slotTemplate(
        JSON.stringify(problem(context.baseUrl, code, detailSlot, instanceSlot, hint)),
        JSON_SLOTS,
      );
      fillers.set(key, fill);
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
      hint?: string,
    ): Response {
      const headers = headersOf(code, extra);
      writeRateState(headers, rate);
      const body = bodyOf(code, detail, instance, hint);
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
