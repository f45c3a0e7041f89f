/** Site paths of the pages, per language: the first language at the root, each other under /<lang>/. */
import type { Lang } from '../data/types.ts';

export type SiteLinks = ReturnType<typeof linksFor>;

/** Page `n` (from 1) of a paginated listing whose first page is `first`: `/blog/` -> `/blog/page/2/`. */
export const listPagePath = (first: string, n: number) => (n === 1 ? first : `${first}page/${n}/`);

const linksOf = new WeakMap<readonly Lang[], ReturnType<typeof linksFor>>();

/** The paths of a site's languages; every page asks, so each list of languages is worked out once. */
export function siteLinks(languages: readonly Lang[]) {
  let links = linksOf.get(languages);
  if (!links) {
    links = linksFor(languages);
    linksOf.set(languages, links);
  }
  return links;
}

function linksFor(languages: readonly Lang[]) {
  const prefix = (lang: Lang) => (lang === languages[0] ? '' : `/${lang}`);
  return {
    langRoot: (lang: Lang) => `${prefix(lang)}/`,
    blogPath: (lang: Lang) => `${prefix(lang)}/blog/`,
    talksPath: (lang: Lang) => `${prefix(lang)}/talks/`,
    seriesIndexPath: (lang: Lang) => `${prefix(lang)}/series/`,
    tagsIndexPath: (lang: Lang) => `${prefix(lang)}/tags/`,
    tagPath: (lang: Lang, tag: string) => `${prefix(lang)}/tags/${encodeURIComponent(tag)}/`,
    portalPath: (lang: Lang) => `${prefix(lang)}/developers`,
    /** The language whose pages a site path belongs to (the root language outside every prefix). */
    languageOfPath: (path: string): Lang =>
      languages.find(
        (lang) => prefix(lang) !== '' && (path === prefix(lang) || path.startsWith(`${prefix(lang)}/`)),
      ) ?? (languages[0] as Lang),
  };
}
