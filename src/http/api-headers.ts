/** The headers every /api/ and /mcp answer carries, errors, 304 and 429 included. */

import type { HeaderMap } from '../core/api.ts';
import { API_VERSION, CACHE_MAX_AGE_SECONDS } from '../core/api.ts';
import type { RateState } from '../runtime/limiter.ts';
import { ALLOW_ANY_ORIGIN, EXPOSED_HEADERS } from './cors.ts';
import { writeRateState } from './rate-limit-headers.ts';

export const CACHE_PUBLIC = `public, max-age=${CACHE_MAX_AGE_SECONDS}`;
export const CACHE_NONE = 'no-store';

/**
 * The API headers with this request's quota state left blank: a set prepared once and completed
 * per request by `writeRateState`. The blanks are there so that a copy of the set only has its
 * values replaced, which keeps the copy cheap (adding names to a copied object is not).
 */
export function apiHeaderSet(policy: string, contentType: string, cacheControl: string): HeaderMap {
  return {
    'content-type': contentType,
    'cache-control': cacheControl,
    'x-api-version': API_VERSION,
    'access-control-allow-origin': ALLOW_ANY_ORIGIN,
    'access-control-expose-headers': EXPOSED_HEADERS,
    'ratelimit-policy': policy,
    ratelimit: '',
    'ratelimit-limit': '',
    'ratelimit-remaining': '',
    'ratelimit-reset': '',
  };
}

export function apiHeaders(
  state: RateState,
  policy: string,
  contentType: string,
  cacheControl: string,
): HeaderMap {
  const headers = apiHeaderSet(policy, contentType, cacheControl);
  writeRateState(headers, state);
  return headers;
}
