/** CORS: open to every origin, the custom headers exposed, and preflights answered (every area). */
import { type HeaderMap, RATE_LIMIT_HEADERS } from '../core/api.ts';

export const EXPOSED_HEADERS = [
  'X-API-Version',
  ...RATE_LIMIT_HEADERS,
  'X-Total-Count',
  'ETag',
  'Deprecation',
  'Sunset',
  'Link',
].join(', ');

export const ALLOW_ANY_ORIGIN = '*';

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}

/** Headers of a CORS preflight answer for the given methods. */
export function preflightHeaders(request: Request, methods: string): HeaderMap {
  return {
    'access-control-allow-origin': ALLOW_ANY_ORIGIN,
    'access-control-allow-methods': methods,
    'access-control-allow-headers':
      request.headers.get('access-control-request-headers') ??
      'Accept, Content-Type, If-None-Match, MCP-Protocol-Version',
    'access-control-max-age': '86400',
  };
}
