/** Node and Bun: bodies compressed once for clients that accept br or gzip (the edge CDNs do it there). */
import type { Compress } from '../runtime/body-cache.ts';

/** Loaded on the first body compressed: node:zlib costs about a fiftieth of a bare server's start. */
let zlib: typeof import('node:zlib') | undefined;
const zlibModule = () => (zlib ??= process.getBuiltinModule('node:zlib'));

/** Brotli quality 5: most of quality 11's gain at a small fraction of its time, for a one-off cost per body. */
const BROTLI_QUALITY = 5;

export const compress: Compress = (bytes, encoding) => {
  const { brotliCompressSync, constants, gzipSync } = zlibModule();
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(bytes, { level: 6 });
};
