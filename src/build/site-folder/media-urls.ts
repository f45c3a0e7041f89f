/**
 * Where the build publishes each file kept beside an entry: under /_media/ with a hash of its bytes
 * in its name (`/_media/blog/en/cover.3f9a1c2b5d7e.png`), so a file that changes gets a new URL
 * and every published one may be cached for good. Only the files entries refer to are read, each
 * once per build, in chunks.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { type MediaUrlOf, mediaUrl } from '../content/media.ts';

/** Hex digits of the SHA-256 of a file's bytes kept in its URL: 48 bits, against a collision of two versions of one path. */
const HASH_DIGITS = 12;
const CHUNK_BYTES = 1024 * 1024;

export interface MediaUrls {
  /** The URL of a file by its path in the content folder; a file that is not there keeps a URL without a hash. */
  urlOf: MediaUrlOf;
  /** The path in the content folder of a decoded URL `urlOf` gave. */
  pathOf(url: string): string | undefined;
}

function fileHash(file: string): string {
  const hash = createHash('sha256');
  const chunk = new Uint8Array(CHUNK_BYTES);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk))
      hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex').slice(0, HASH_DIGITS);
}

/** The URLs of the files `media` (paths in the content folder `contentDir`) for one build. */
export function mediaUrls(contentDir: string, media: ReadonlySet<string>): MediaUrls {
  const urls = new Map<string, string>();
  const paths = new Map<string, string>();
  return {
    urlOf(path) {
      if (!media.has(path)) return mediaUrl(path);
      let url = urls.get(path);
      if (url === undefined) {
        url = mediaUrl(path, fileHash(join(contentDir, path)));
        urls.set(path, url);
        paths.set(decodeURI(url), path);
      }
      return url;
    },
    pathOf: (url) => paths.get(url),
  };
}
