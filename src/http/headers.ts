import { API_VERSION } from '../api/endpoints.ts';
import type { RateState } from './limiter.ts';

export type HeaderMap = Record<string, string>;

export const CACHE_PUBLIC = 'public, max-age=3600';
export const CACHE_NONE = 'no-store';

/** The rate-limit headers (draft-ietf-httpapi-ratelimit-headers and its earlier aliases) and Retry-After. */
export const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
];

const EXPOSED = [
  'X-API-Version',
  ...RATE_LIMIT_HEADERS,
  'X-Total-Count',
  'ETag',
  'Deprecation',
  'Sunset',
  'Link',
].join(', ');

/** `RateLimit-Policy` for a quota per window (draft-ietf-httpapi-ratelimit-headers). */
export function ratePolicy(quota: number, windowSeconds: number): string {
  return `"default";q=${quota};w=${windowSeconds}`;
}

/** The headers every /api/ and /mcp response carries, errors and 429 included. */
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
    'ratelimit-policy': policy,
    ratelimit: `"default";r=${state.remaining};t=${state.reset}`,
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.reset),
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED,
  };
  if (!state.allowed) headers['retry-after'] = String(state.reset);
  return headers;
}

/** Headers of a CORS preflight answer for the given methods. */
export function preflightHeaders(request: Request, methods: string): HeaderMap {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': methods,
    'access-control-allow-headers':
      request.headers.get('access-control-request-headers') ??
      'Accept, Content-Type, If-None-Match, MCP-Protocol-Version',
    'access-control-max-age': '86400',
  };
}

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}
