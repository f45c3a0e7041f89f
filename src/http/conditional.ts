import type { HeaderMap } from '../core/api.ts';
/** Conditional requests: If-None-Match against a strong ETag, and what a 304 keeps (RFC 9110). */

/** RFC 9110 13.1.2: If-None-Match uses the weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const tag of header.split(',')) {
    const trimmed = tag.trim();
    if ((trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque) return true;
  }
  return false;
}

/**
 * What a 304 sends: the headers RFC 9110 15.4.5 names (ETag, Cache-Control, Vary, Expires,
 * Content-Location, Date), and those the API sends on every answer (its version, the RateLimit
 * set, CORS) or on a deprecated endpoint (Deprecation, Sunset, Link). Never representation
 * metadata: Content-Type, Content-Length, Content-Encoding, X-Total-Count, X-Markdown-Tokens.
 */
const SENT_WITH_304 = new Set([
  'etag',
  'cache-control',
  'vary',
  'expires',
  'content-location',
  'date',
  'x-api-version',
  'ratelimit-policy',
  'ratelimit',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'deprecation',
  'sunset',
  'link',
]);
const sentWith304 = (name: string) => SENT_WITH_304.has(name) || name.startsWith('access-control-');

/** The headers of the 304 that stands for an answer with `headers`. */
export function notModifiedHeaders(headers: HeaderMap): HeaderMap {
  const kept: HeaderMap = {};
  for (const name in headers) if (sentWith304(name)) kept[name] = headers[name] as string;
  return kept;
}
