/**
 * How the site's static files (its `public/` folder and the files posts put beside them) are
 * answered: their headers, and how long caches keep them (their media types are in core).
 */

import type { HeaderMap } from '../core/api.ts';
import { MEDIA_PREFIX } from '../core/paths.ts';
import { staticTypeOf } from '../core/static-types.ts';
import { CACHE_PUBLIC } from './api-headers.ts';

/**
 * A name with a content hash before its extension, as bundlers write them (`app.3f9a1c2b.css`,
 * `index-BjG3vz8C.js`): eight or more letters and digits, with at least one of each.
 */
const HASHED_NAME = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/;

export function isContentHashed(path: string): boolean {
  const token = HASHED_NAME.exec(path)?.[1];
  return token !== undefined && /[0-9]/.test(token) && /[A-Za-z]/.test(token);
}

/** A URL that changes with its content never goes stale; any other may be replaced by a rebuild. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long caches keep a static file: a year for a URL that names its content (every file under
 * /_media/, whose name holds a hash of its bytes, and a public file with a content-hashed name);
 * otherwise an hour, as pages, revalidated with its ETag, since a rebuild may replace it.
 */
export const cacheControlOf = (path: string): string =>
  path.startsWith(MEDIA_PREFIX) || isContentHashed(path) ? CACHE_IMMUTABLE : CACHE_PUBLIC;

/**
 * The headers of a static file beside the site's own (CORS, validators). A file that browsers run
 * (SVG, HTML) gets a sandbox, so a script in it cannot act as the site.
 */
export function staticHeaders(path: string): HeaderMap {
  const { type } = staticTypeOf(path);
  const headers: HeaderMap = {
    'content-type': type,
    'cache-control': cacheControlOf(path),
    'x-content-type-options': 'nosniff',
  };
  if (type.startsWith('image/svg') || type.startsWith('text/html') || type.includes('xml'))
    headers['content-security-policy'] =
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";
  return headers;
}
