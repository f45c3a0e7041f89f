/**
 * The settings an Astro site states in its own files, for a content folder at `<site>/src/content`:
 * its `astro.config.{mjs,ts,js}` and `src/consts.ts`, read as text (src/build/content/astro-config.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type AstroSiteHints, readAstroConfig, readAstroConsts } from '../content/astro-config.ts';

const CONFIG_FILES = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts'];
const CONSTS_FILES = ['src/consts.ts', 'src/consts.js'];

/** The Astro site around a content folder, or undefined when the folder is not `<site>/src/content`. */
export function astroSiteOf(contentDir: string): string | undefined {
  const src = dirname(contentDir);
  return basename(contentDir) === 'content' && basename(src) === 'src' ? dirname(src) : undefined;
}

/** What the Astro site around `contentDir` states; undefined when there is no such site. */
export function readAstroSite(contentDir: string): AstroSiteHints | undefined {
  const site = astroSiteOf(contentDir);
  if (site === undefined) return undefined;
  const config = CONFIG_FILES.find((file) => existsSync(join(site, file)));
  const consts = CONSTS_FILES.find((file) => existsSync(join(site, file)));
  if (config === undefined && consts === undefined) return undefined;
  const hints: AstroSiteHints = config
    ? readAstroConfig(config, readFileSync(join(site, config), 'utf8'))
    : { unread: [] };
  return consts ? { ...hints, ...readAstroConsts(readFileSync(join(site, consts), 'utf8')) } : hints;
}
