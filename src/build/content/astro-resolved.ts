/**
 * What Astro itself resolved for a site (its integration reads it when the config is done): the
 * public address, the locales and the redirects, whatever code computed them. It stands in for what
 * the site's files state as text (./astro-config.ts), which only reads literals; the title,
 * description, author and licence are still read from the files.
 */
import { type AstroSiteHints, readRedirects } from './astro-config.ts';

/** A redirect as Astro's config has it: a path, or a status with its destination. */
export type ResolvedRedirect = string | { status: number; destination: string };

export interface ResolvedAstroConfig {
  site?: string | undefined;
  /** The locales of `i18n`, its default first; undefined for a site without i18n. */
  languages?: string[] | undefined;
  redirects: Record<string, ResolvedRedirect>;
}

/** How the resolved config is named in what the build reports. */
const RESOLVED = 'the Astro config';

/** The hints read from the site's files, with what Astro resolved in their place. */
export function withResolvedConfig(
  read: AstroSiteHints | undefined,
  { site, languages, redirects }: ResolvedAstroConfig,
): AstroSiteHints {
  const resolved: Partial<AstroSiteHints> = {
    ...(site !== undefined && { site }),
    ...(languages !== undefined && { languages }),
    ...readRedirects(RESOLVED, redirects),
  };
  const known = Object.keys(resolved);
  const { redirects: _textRedirects, dynamicRedirects: _textDynamic, ...rest } = read ?? { unread: [] };
  return {
    ...rest,
    ...resolved,
    // What the text left unread (a site computed from the environment) is now known.
    unread: rest.unread.filter((phrase) => !known.some((key) => phrase.startsWith(`${key} in `))),
  };
}
