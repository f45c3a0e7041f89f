/** Node and Bun: bodies compressed once for clients that accept br or gzip (the edge CDNs do it there). */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compress } from '../http/body-cache.ts';

/** Brotli quality 5: most of quality 11's gain at a small fraction of its time, for a one-off cost per body. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

export const compress: Compress = (bytes, encoding) =>
  encoding === 'br' ? brotliCompressSync(bytes, BROTLI) : gzipSync(bytes, { level: 6 });
