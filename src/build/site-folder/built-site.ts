/**
 * A static site's build output (Astro's `dist/`, Hugo's `public/`, any folder of HTML), read once
 * for the build beside it: each HTML page by the path it is served at, the Markdown twins the site
 * ships, every other file by its URL path, and its settings files (`_redirects`, `_headers`, the
 * Netlify and Cloudflare Pages formats). A page's path follows the deployment's page files:
 * `about/index.html` is `/about/`, `cv.html` is `/cv`, the root `index.html` is `/`.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BODIES_PREFIX, MANIFEST_KEY } from '../../core/deployment.ts';
import { markdownTwinPath } from '../../core/paths.ts';
import type { UnreadableFile } from '../content/files.ts';
import type { PublicSettings } from '../content/site.ts';
import { readText } from './content-folder.ts';
import { encodedPath } from './published-files.ts';
import { filesBelow, notWellKnown } from './static-files.ts';

export interface BuiltSite {
  dir: string;
  /** Each HTML page's file, relative to `dir`, by the (URL-encoded) path it is served at. */
  pages: ReadonlyMap<string, string>;
  /** The Markdown twins the site ships (`about.md` beside `about/index.html`), by twin path. */
  twins: ReadonlyMap<string, string>;
  /** Every other file, relative to `dir`, by its URL path: served as it is. */
  files: ReadonlyMap<string, string>;
  /** Its `_redirects`, read as the public folder's is. */
  settings: PublicSettings;
  /** Its `_headers`, as text or why it could not be read; undefined when it has none. */
  headers: string | UnreadableFile | undefined;
}

/** The settings files of a built site, read rather than served. */
export const SITE_SETTINGS = { redirects: '_redirects', headers: '_headers' } as const;
/** A folder of a deployment Folio wrote: read over a site already built beside (`--out` the same folder), never its own. */
const FOLIO_FOLDER = `${BODIES_PREFIX.slice(1)}/`;

const HTML_FILE = /\.html$/;

/** The path an HTML file is served at: `a/index.html` at `/a/`, `a/b.html` at `/a/b`. */
export function pagePathOf(file: string): string {
  const path = encodedPath(`/${file}`);
  return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path.replace(HTML_FILE, '');
}

/** Reads the built site at `dir`; throws a RangeError, in one line, when it is no site's output. */
export function readBuiltSite(dir: string): BuiltSite {
  const root = resolve(dir);
  if (!existsSync(root)) throw new RangeError(`--site ${dir}: no such folder (give a site's build output)`);
  if (!statSync(root).isDirectory())
    throw new RangeError(
      `--site ${dir}: not a folder (give the folder a site's build writes, such as dist/)`,
    );
  const { files } = filesBelow(root, (path) => path === FOLIO_FOLDER, root, notWellKnown);
  const pages = new Map<string, string>();
  const others = new Map<string, string>();
  const settings = new Set<string>(Object.values(SITE_SETTINGS));
  for (const file of files) {
    if (settings.has(file)) continue;
    if (HTML_FILE.test(file)) pages.set(pagePathOf(file), file);
    else others.set(encodedPath(`/${file}`), file);
  }
  if (pages.size === 0 && existsSync(join(root, BODIES_PREFIX) + MANIFEST_KEY))
    throw new RangeError(
      `--site ${dir}: a deployment Folio wrote, without the site's pages: build the site into it again first`,
    );
  const twins = new Map<string, string>();
  for (const page of pages.keys()) {
    const twin = markdownTwinPath(page);
    const file = others.get(twin);
    if (file === undefined) continue;
    twins.set(twin, file);
    others.delete(twin);
  }
  const setting = (name: string) => (files.includes(name) ? readText(join(root, name)) : undefined);
  const redirects = setting(SITE_SETTINGS.redirects);
  return {
    dir: root,
    pages,
    twins,
    files: others,
    settings: redirects === undefined ? {} : { redirects },
    headers: setting(SITE_SETTINGS.headers),
  };
}
