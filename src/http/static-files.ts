/**
 * How the site's static files (its `public/` folder and the files posts put beside them) are
 * answered: a media type by extension, whether compressing pays, and how long caches keep them.
 */
import { CACHE_PUBLIC } from './api-headers.ts';
import type { HeaderMap } from './cors.ts';

interface StaticType {
  type: string;
  /** Text formats shrink when compressed; images, audio, video, fonts and archives already are. */
  compressible: boolean;
}

const text = (type: string): StaticType => ({ type: `${type}; charset=utf-8`, compressible: true });
const packed = (type: string): StaticType => ({ type, compressible: false });

const TYPES: Readonly<Record<string, StaticType>> = {
  apng: packed('image/apng'),
  avif: packed('image/avif'),
  gif: packed('image/gif'),
  ico: { type: 'image/x-icon', compressible: true },
  jpeg: packed('image/jpeg'),
  jpg: packed('image/jpeg'),
  png: packed('image/png'),
  svg: { type: 'image/svg+xml', compressible: true },
  webp: packed('image/webp'),
  mp3: packed('audio/mpeg'),
  ogg: packed('audio/ogg'),
  wav: packed('audio/wav'),
  mp4: packed('video/mp4'),
  webm: packed('video/webm'),
  woff: packed('font/woff'),
  woff2: packed('font/woff2'),
  ttf: { type: 'font/ttf', compressible: true },
  otf: { type: 'font/otf', compressible: true },
  pdf: packed('application/pdf'),
  zip: packed('application/zip'),
  gz: packed('application/gzip'),
  css: text('text/css'),
  csv: text('text/csv'),
  html: text('text/html'),
  htm: text('text/html'),
  js: text('text/javascript'),
  mjs: text('text/javascript'),
  json: text('application/json'),
  webmanifest: text('application/manifest+json'),
  txt: text('text/plain'),
  xml: text('application/xml'),
  ics: text('text/calendar'),
  vtt: text('text/vtt'),
};

const UNKNOWN: StaticType = packed('application/octet-stream');

/** The extension of a path's last segment, lower-cased; empty when it has none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export const staticTypeOf = (path: string): StaticType => TYPES[extensionOf(path)] ?? UNKNOWN;

/**
 * A name with a content hash before its extension, as bundlers write them (`app.3f9a1c2b.css`,
 * `index-BjG3vz8C.js`): eight or more letters and digits, with at least one of each.
 */
const HASHED_NAME = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/;

export function isContentHashed(path: string): boolean {
  const token = HASHED_NAME.exec(path)?.[1];
  return token !== undefined && /[0-9]/.test(token) && /[A-Za-z]/.test(token);
}

/** A name that changes with its content never goes stale; any other may be replaced by a rebuild. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The headers of a static file beside the site's own (CORS, validators). A file that browsers run
 * (SVG, HTML) gets a sandbox, so a script in it cannot act as the site.
 */
export function staticHeaders(path: string): HeaderMap {
  const { type } = staticTypeOf(path);
  const headers: HeaderMap = {
    'content-type': type,
    'cache-control': isContentHashed(path) ? CACHE_IMMUTABLE : CACHE_PUBLIC,
    'x-content-type-options': 'nosniff',
  };
  if (type.startsWith('image/svg') || type.startsWith('text/html') || type.includes('xml'))
    headers['content-security-policy'] =
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";
  return headers;
}
