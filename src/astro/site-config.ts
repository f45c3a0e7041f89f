/**
 * `astro:config:done`: what Folio takes from Astro's resolved config. The site's folders (root,
 * content collections, output), its public address, locales and redirects as Astro resolved them
 * (so a `site` computed from the environment is known), and the platform to write a function for.
 * Folio builds beside static output only: any other output is refused in one line.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedAstroConfig } from '../build/content/astro-resolved.ts';
import type { AstroConfig, AstroLocale } from './astro-types.ts';
import { type Platform, platformOf } from './platform.ts';
import { FolioAstroRefusal } from './refusal.ts';

/** What the later hooks build from. */
export interface AstroSite {
  root: string;
  /** Where Astro keeps the content collections Folio reads: `<srcDir>/content`. */
  contentDir: string;
  resolved: ResolvedAstroConfig;
  platform: Platform | undefined;
}

/** A locale's folder name: the code itself, or the path of a locale given with its codes. */
const localeName = (locale: AstroLocale) => (typeof locale === 'string' ? locale : locale.path);

/** The locales, the default one first, as Folio orders a blog's languages. */
function languagesOf(i18n: AstroConfig['i18n']): string[] | undefined {
  if (!i18n) return undefined;
  const names = i18n.locales.map(localeName);
  return [i18n.defaultLocale, ...names.filter((name) => name !== i18n.defaultLocale)];
}

export function readSiteConfig(config: AstroConfig, platform: Platform | undefined): AstroSite {
  if (config.output !== 'static')
    throw new FolioAstroRefusal(
      `Folio builds beside static output, and the Astro config sets output to ${JSON.stringify(config.output)}: set output to "static"`,
    );
  return {
    root: resolve(fileURLToPath(config.root)),
    contentDir: resolve(fileURLToPath(new URL('content', config.srcDir))),
    resolved: { site: config.site, languages: languagesOf(config.i18n), redirects: config.redirects },
    platform: platformOf(platform, config.adapter?.name),
  };
}
