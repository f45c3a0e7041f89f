/**
 * The settings an Astro site states in its own files, for a content folder at `<site>/src/content`:
 * its `astro.config.{mjs,ts,js}`, the module under `src/` that exports `SITE_TITLE` (Astro's blog
 * template keeps it in `src/consts.ts`, others in `src/lib/` or elsewhere), read as text and never
 * run (src/build/content/astro-config.ts), and the author, homepage and licence of its
 * `package.json`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type AstroSiteHints, readAstroConfig, readAstroConsts } from '../content/astro-config.ts';
import { readPackageManifest } from '../content/package-manifest.ts';

const CONFIG_FILES = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts'];
const CONSTS_FILES = ['src/consts.ts', 'src/consts.js'];
const SOURCE_FILE = /\.(ts|js|mjs|mts)$/;
/** Folders under `src/` that hold no site constants. */
const NOT_SOURCE = new Set(['content', 'node_modules']);

/** The Astro site around a content folder, or undefined when the folder is not `<site>/src/content`. */
export function astroSiteOf(contentDir: string): string | undefined {
  const src = dirname(contentDir);
  return basename(contentDir) === 'content' && basename(src) === 'src' ? dirname(src) : undefined;
}

/** The site's constants module: `src/consts.ts` where there is one, else the first under `src/` that names `SITE_TITLE`. */
function constantsFile(site: string): string | undefined {
  const known = CONSTS_FILES.find((file) => existsSync(join(site, file)));
  if (known) return known;
  const walk = (folder: string): string | undefined => {
    const entries = readdirSync(join(site, folder), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory() && !NOT_SOURCE.has(entry.name) && !entry.name.startsWith('.')) {
        const found = walk(path);
        if (found) return found;
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
        if (/\bexport\s+const\s+SITE_TITLE\b/.test(readFileSync(join(site, path), 'utf8'))) return path;
      }
    }
    return undefined;
  };
  return existsSync(join(site, 'src')) ? walk('src') : undefined;
}

/** What the Astro site around `contentDir` states; undefined when there is no such site. */
export function readAstroSite(contentDir: string): AstroSiteHints | undefined {
  const site = astroSiteOf(contentDir);
  if (site === undefined) return undefined;
  const config = CONFIG_FILES.find((file) => existsSync(join(site, file)));
  const consts = constantsFile(site);
  const manifest = existsSync(join(site, 'package.json'))
    ? readPackageManifest(readFileSync(join(site, 'package.json'), 'utf8'))
    : {};
  if (config === undefined && consts === undefined && Object.keys(manifest).length === 0) return undefined;
  const hints: AstroSiteHints = config
    ? readAstroConfig(config, readFileSync(join(site, config), 'utf8'))
    : { unread: [] };
  const constants = consts
    ? { ...readAstroConsts(readFileSync(join(site, consts), 'utf8')), constantsFile: consts }
    : {};
  return { ...hints, ...constants, ...manifest };
}
