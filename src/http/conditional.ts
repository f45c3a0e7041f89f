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

/** RFC 9110 15.4.5: a 304 sends validators and caching headers, not representation metadata. */
const NOT_SENT_WITH_304 = new Set(['content-type', 'content-length', 'x-total-count', 'x-markdown-tokens']);

/** The headers of the 304 that stands for an answer with `headers`. */
export function notModifiedHeaders(headers: HeaderMap): HeaderMap {
  const kept: HeaderMap = {};
  for (const name in headers) if (!NOT_SENT_WITH_304.has(name)) kept[name] = headers[name] as string;
  return kept;
}
