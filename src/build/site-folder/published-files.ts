/**
 * What the build publishes of the site's folder as it is: the public folder's files at their own
 * paths and the files beside entries at their URLs, each read in chunks as it is written, and the
 * pixel size of an image, from the head of its file.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_PREFIX } from '../../core/paths.ts';
import type { StaticFile } from '../body-sink.ts';
import { IMAGE_HEAD_BYTES, type ImageSize, imageSize } from '../content/image-size.ts';
import { isPublicSetting } from './public-settings.ts';
import type { SiteFolder } from './site-folder.ts';

export const fileOnDisk = (path: string, file: string): StaticFile => ({
  path,
  chunks: () => createReadStream(file),
});

/**
 * The files to publish: the public folder's at their own paths (those under /_media/ are left to
 * the entries' files, and its settings files are read, not published), then each referred-to file beside an entry, at its URL.
 */
export function staticFilesOf(
  { contentDir, others, urls }: SiteFolder,
  media: readonly string[],
): StaticFile[] {
  const { publicFolder, publicPaths } = others;
  const published = [...(publicPaths ?? [])]
    .filter((path) => !path.startsWith(MEDIA_PREFIX) && !isPublicSetting(path))
    .map((path) => fileOnDisk(encodedPath(path), join(publicFolder as string, path)));
  return [...published, ...media.map((path) => fileOnDisk(urls.urlOf(path), join(contentDir, path)))];
}

export const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The pixel size of a published image, by its decoded URL path: a file beside an entry under
 * /_media/, else one of the public folder. Only the head of the file is read.
 */
export function imageSizer({
  contentDir,
  others: files,
  urls,
}: SiteFolder): (path: string) => ImageSize | undefined {
  return (path) => {
    const media = path.startsWith(MEDIA_PREFIX) ? urls.pathOf(path) : undefined;
    const file =
      media !== undefined
        ? join(contentDir, media)
        : files.publicPaths?.has(path) && join(files.publicFolder as string, path);
    return file ? imageSize(headOf(file)) : undefined;
  };
}

function headOf(file: string): Uint8Array {
  const head = new Uint8Array(IMAGE_HEAD_BYTES);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}
