/**
 * The media type of a static file by its extension, and whether compressing it pays: what the build
 * (which makes compressed variants) and the run time (which answers the file) both read.
 */

export interface StaticType {
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
