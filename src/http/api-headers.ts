/** The headers every /api/ and /mcp answer carries, errors, 304 and 429 included (decisions.md 3). */
import { API_VERSION } from '../core/api.ts';
import { ALLOW_ANY_ORIGIN, EXPOSED_HEADERS, type HeaderMap } from './cors.ts';
import type { RateState } from './limiter.ts';
import { writeRateHeaders } from './rate-limit-headers.ts';

export const CACHE_PUBLIC = 'public, max-age=3600';
export const CACHE_NONE = 'no-store';

export function apiHeaders(
  state: RateState,
  policy: string,
  contentType: string,
  cacheControl: string,
): HeaderMap {
  const headers: HeaderMap = {
    'content-type': contentType,
    'cache-control': cacheControl,
    'x-api-version': API_VERSION,
    'access-control-allow-origin': ALLOW_ANY_ORIGIN,
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
  writeRateHeaders(headers, state, policy);
  return headers;
}
