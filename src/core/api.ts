/** The API's version and the prefixes it is served under (`/api/` and `/api/v1/`). */
export const API_VERSION = '1.0.0';
/** Every API path is served under each of these prefixes with an identical response. */
export const API_PREFIXES = ['/api/', '/api/v1/'] as const;
/** The versioned prefix, as an alias of the canonical one. */
export const canonicalApiPath = (path: string) =>
  path.startsWith('/api/v1/') ? `/api/${path.slice(8)}` : path;

/** How long a public answer stays fresh (Cache-Control); MCP results built from the same data say the same. */
export const CACHE_MAX_AGE_SECONDS = 3600;

/** A response's headers by lower-case name. */
export type HeaderMap = Record<string, string>;

/** The rate-limit headers of every /api/ and /mcp answer (draft-ietf-httpapi-ratelimit-headers, with its earlier aliases) and Retry-After. */
export const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
];
