/**
 * The site's static files on disk: its public folder (Astro's `<site>/public` for a content folder
 * at `<site>/src/content`, else `public/` inside the content folder), published at the same paths,
 * and the files beside the content's Markdown that entries refer to, published under /_media/.
 * Each is read in chunks as it is written, so a large folder never sits in memory.
 */
import {
  closeSync,
  createReadStream,
  existsSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { IMAGE_HEAD_BYTES, type ImageSize, imageSize } from '../src/build/content/image-size.ts';
import type { StaticFile } from '../src/build/emit.ts';
import { MEDIA_PREFIX } from '../src/core/paths.ts';
import type { MediaUrls } from './media-urls.ts';

/** The Markdown and YAML the content compiler reads; every other file may be an entry's image. */
const CONTENT_FILE = /\.(mdx?|ya?ml)$/;
const PUBLIC = 'public';

/** Astro's `<site>/src` for a content folder at `<site>/src/content`. */
function astroSourceOf(contentDir: string): string | undefined {
  const parent = dirname(resolve(contentDir));
  return basename(resolve(contentDir)) === 'content' && basename(parent) === 'src' ? parent : undefined;
}

/** The site's public folder, when there is one. */
export function publicFolderOf(contentDir: string): string | undefined {
  const source = astroSourceOf(contentDir);
  const astro = source && join(dirname(source), PUBLIC);
  for (const folder of [astro, join(contentDir, PUBLIC)])
    if (folder && existsSync(folder) && statSync(folder).isDirectory()) return folder;
  return undefined;
}

/** Every file below `dir` by its `/`-separated relative path, names starting with a dot left out. */
function filesBelow(dir: string, skip: (path: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const visited = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    const real = realpathSync(folder);
    if (visited.has(real)) return;
    visited.add(real);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = `${prefix}${entry.name}`;
      const full = join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? statSync(full, { throwIfNoEntry: false }) : entry;
      if (kind?.isDirectory() && !skip(`${path}/`)) walk(full, `${path}/`);
      else if (kind?.isFile() && !skip(path)) found.push(path);
    }
  };
  walk(dir, '');
  return found.sort();
}

/** What the content folder and the public folder hold besides the content's Markdown and YAML. */
export interface SiteFiles {
  /**
   * Files of the content folder (outside its public folder) by their path in it, and in Astro's
   * layout the other files of `<site>/src` (its `assets/`), as `../assets/a.png`.
   */
  media: ReadonlySet<string>;
  /** The public folder's files by URL path (`/images/a.png`); undefined when there is none. */
  publicPaths: ReadonlySet<string> | undefined;
  publicFolder: string | undefined;
}

export function siteFiles(contentDir: string): SiteFiles {
  const publicFolder = publicFolderOf(contentDir);
  const inside = publicFolder && resolve(publicFolder) === resolve(contentDir, PUBLIC);
  const media = filesBelow(
    contentDir,
    (path) => (inside && path === `${PUBLIC}/`) || CONTENT_FILE.test(path),
  );
  const source = astroSourceOf(contentDir);
  const besideContent = source
    ? filesBelow(source, (path) => path === 'content/').map((path) => `../${path}`)
    : [];
  return {
    media: new Set([...media, ...besideContent]),
    publicPaths: publicFolder ? new Set(filesBelow(publicFolder).map((path) => `/${path}`)) : undefined,
    publicFolder,
  };
}

const fileOnDisk = (path: string, file: string): StaticFile => ({
  path,
  chunks: () => createReadStream(file),
});

/**
 * The files to publish: the public folder's at their own paths (those under /_media/ are left to
 * the entries' files), then each referred-to file beside an entry, at its URL.
 */
export function staticFilesOf(
  contentDir: string,
  files: SiteFiles,
  media: readonly string[],
  urls: MediaUrls,
): StaticFile[] {
  const { publicFolder, publicPaths } = files;
  const published = [...(publicPaths ?? [])]
    .filter((path) => !path.startsWith(MEDIA_PREFIX))
    .map((path) => fileOnDisk(encodedPath(path), join(publicFolder as string, path)));
  return [...published, ...media.map((path) => fileOnDisk(urls.urlOf(path), join(contentDir, path)))];
}

const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The pixel size of a published image, by its decoded URL path: a file beside an entry under
 * /_media/, else one of the public folder. Only the head of the file is read.
 */
export function imageSizer(
  contentDir: string,
  files: SiteFiles,
  urls: MediaUrls,
): (path: string) => ImageSize | undefined {
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
