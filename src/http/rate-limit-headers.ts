/** The RateLimit headers (draft-ietf-httpapi-ratelimit-headers, with its earlier aliases) and Retry-After. */
import type { RateState } from './limiter.ts';

export const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
];

/** `RateLimit-Policy` for a quota per window. */
export function ratePolicy(quota: number, windowSeconds: number): string {
  return `"default";q=${quota};w=${windowSeconds}`;
}

/** Writes the quota state of this request into `headers`; Retry-After only when it was refused. */
export function writeRateHeaders(headers: Record<string, string>, state: RateState, policy: string): void {
  headers['ratelimit-policy'] = policy;
  headers.ratelimit = `"default";r=${state.remaining};t=${state.reset}`;
  headers['ratelimit-limit'] = String(state.limit);
  headers['ratelimit-remaining'] = String(state.remaining);
  headers['ratelimit-reset'] = String(state.reset);
  if (!state.allowed) headers['retry-after'] = String(state.reset);
}
