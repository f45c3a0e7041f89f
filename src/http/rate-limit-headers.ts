/** The RateLimit headers (draft-ietf-httpapi-ratelimit-headers, with its earlier aliases) and Retry-After. */
import type { RateState } from '../runtime/limiter.ts';

/** `RateLimit-Policy` for a quota per window. */
export function ratePolicy(quota: number, windowSeconds: number): string {
  return `"default";q=${quota};w=${windowSeconds}`;
}

/** Writes the quota policy and this request's quota state into `headers`. */
export function writeRateHeaders(headers: Record<string, string>, state: RateState, policy: string): void {
  headers['ratelimit-policy'] = policy;
  writeRateState(headers, state);
}

/**
 * Writes this request's quota state into `headers` (a copy of a prepared set that carries the
 * policy already); Retry-After only when it was refused.
 */
export function writeRateState(headers: Record<string, string>, state: RateState): void {
  headers.ratelimit = `"default";r=${state.remaining};t=${state.reset}`;
  headers['ratelimit-limit'] = String(state.limit);
  headers['ratelimit-remaining'] = String(state.remaining);
  headers['ratelimit-reset'] = String(state.reset);
  if (!state.allowed) headers['retry-after'] = String(state.reset);
}
