/**
 * The site's static files on disk: its public folder (Astro's `<site>/public` for a content folder
 * at `<site>/src/content`, else `public/` inside the content folder), published at the same paths,
 * and the files beside the content's Markdown that entries refer to, published under /_media/.
 * What is published of them is published-files.ts's, each read in chunks. A symbolic link
 * is followed only when it stays inside the folder it is in; one that leads out stops the build.
 */
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ContentFiles } from '../content/files.ts';
import { linkOutOf } from './content-folder.ts';

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

/** What a folder of the site holds, as the build may publish it. */
export interface Listing {
  /** Every file below the folder by its `/`-separated relative path. */
  files: string[];
  /** The symbolic links that lead out of the folder, by relative path, with the real path they lead to. */
  linksOut: Map<string, string>;
}

/** The one hidden folder a site publishes: `.well-known/` at the root of its public folder (RFC 8615). */
export const notWellKnown = (path: string) => path !== '.well-known';

/**
 * The files below `dir` (names starting with a dot left out unless `hidden` says otherwise), following symbolic links that stay inside `within` (the folder itself
 * unless it is inside another that the build reads); a link that leads out of it (to a file or a
 * folder) is listed apart and never followed, so nothing outside is ever published.
 */
export function filesBelow(
  dir: string,
  skip: (path: string) => boolean = () => false,
  within = dir,
  hidden: (path: string) => boolean = () => true,
): Listing {
  const listing: Listing = { files: [], linksOut: new Map() };
  const root = realpathSync(within);
  const visited = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    const real = realpathSync(folder);
    if (visited.has(real)) return;
    visited.add(real);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = `${prefix}${entry.name}`;
      if (entry.name.startsWith('.') && hidden(path)) continue;
      const full = join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? statSync(full, { throwIfNoEntry: false }) : entry;
      if (!kind || skip(kind.isDirectory() ? `${path}/` : path)) continue;
      const target = entry.isSymbolicLink() ? linkOutOf(root, full) : undefined;
      if (target !== undefined) listing.linksOut.set(path, target);
      else if (kind.isDirectory()) walk(full, `${path}/`);
      else if (kind.isFile()) listing.files.push(path);
    }
  };
  walk(dir, '');
  listing.files.sort();
  return listing;
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
  /**
   * The symbolic links that lead out of the folder they are in (the content folder, the public
   * folder, Astro's `<site>/src`), by path relative to the content folder, with where they lead.
   */
  linksOut: ReadonlyMap<string, string>;
}

export function siteFiles(contentDir: string): SiteFiles {
  const publicFolder = publicFolderOf(contentDir);
  const inside = publicFolder && resolve(publicFolder) === resolve(contentDir, PUBLIC);
  const content = filesBelow(
    contentDir,
    (path) => (inside && path === `${PUBLIC}/`) || CONTENT_FILE.test(path),
  );
  const source = astroSourceOf(contentDir);
  const besideContent = source ? filesBelow(source, (path) => path === 'content/') : undefined;
  // A public folder inside the content folder may link to the rest of it, as the content may.
  const published = publicFolder
    ? filesBelow(publicFolder, undefined, inside ? contentDir : publicFolder, notWellKnown)
    : undefined;
  const fromContent = (folder: string) => (path: string) =>
    relative(contentDir, join(folder, path)).split(sep).join('/');
  return {
    media: new Set([...content.files, ...(besideContent?.files.map((path) => `../${path}`) ?? [])]),
    publicPaths: published && new Set(published.files.map((path) => `/${path}`)),
    publicFolder,
    linksOut: new Map([
      ...content.linksOut,
      ...(source && besideContent ? relativeKeys(besideContent.linksOut, fromContent(source)) : []),
      ...(publicFolder && published ? relativeKeys(published.linksOut, fromContent(publicFolder)) : []),
    ]),
  };
}

const relativeKeys = (links: ReadonlyMap<string, string>, keyOf: (path: string) => string) =>
  [...links].map(([path, target]): [string, string] => [keyOf(path), target]);

/**
 * The content's files with each link out of the site's folders among them, as a file the compiler
 * refuses by name (as it does a content file linked from outside): the build stops, and never
 * publishes what such a link points to.
 */
export function withLinksOut(files: ContentFiles, { linksOut }: SiteFiles): ContentFiles {
  if (linksOut.size === 0) return files;
  const all = new Map(files);
  for (const [path, target] of linksOut) all.set(path, { unreadable: 'outside', target });
  return all;
}
