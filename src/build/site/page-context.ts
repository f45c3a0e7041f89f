/**
 * What every content page is made with, worked out once per build: the site's links, which
 * listings each language has, and each language's posts, series, decks and tags, looked up once
 * (scanning every post for each page would make the build quadratic).
 */
import { chaptersOf, tagsInUse } from '../api/records.ts';
import { HOME_INTRO } from '../content/pages.ts';
import type { DeckRecord, Lang, PageRecord, PostRecord, SeriesRecord, SiteData } from '../data/types.ts';
import { keyedOnce } from '../keyed-once.ts';
import { type UiText, uiText } from './i18n.ts';
import type { Canonical, Crumb, Sections } from './layout.ts';
import { type SiteLinks, siteLinks } from './links.ts';

type Dated = { pubDate: string; updatedDate?: string | null };

export const modifiedOf = (item: Dated) => item.updatedDate ?? item.pubDate;

/** The latest change among items (undefined when there are none). */
export function newestOf(items: readonly Dated[]): string | undefined {
  let newest: string | undefined;
  for (const item of items) {
    const modified = modifiedOf(item);
    if (newest === undefined || modified > newest) newest = modified;
  }
  return newest;
}

/** A page's last change, when it has one. */
export const stamp = (date: string | undefined): { lastModified?: string } =>
  date ? { lastModified: date } : {};

/** Which listings each language has, so the navigation links only to pages that exist. */
export function sectionsOf(data: SiteData): Record<Lang, Sections> {
  return Object.fromEntries(
    data.site.languages.map((lang) => [
      lang,
      {
        series: data.series.some((s) => s.lang === lang),
        tags: tagsInUse(data, lang).length > 0,
        talks: data.decks.some((deck) => deck.lang === lang),
      },
    ]),
  );
}

/** For a slug, its path in each language (the first item with that slug and language), else null. */
function pathsBySlug(items: readonly { slug: string; lang: Lang; path: string }[]) {
  const paths = new Map<string, string>();
  for (const item of items) {
    const key = `${item.lang} ${item.slug}`;
    if (!paths.has(key)) paths.set(key, item.path);
  }
  return (slug: string) => (lang: Lang) => paths.get(`${lang} ${slug}`) ?? null;
}

/** The item at a path, from an index made on the first lookup (most blogs name no related entry). */
function atPath<T extends { path: string }>(items: readonly T[]): (path: string) => T | undefined {
  let byPath: Map<string, T> | undefined;
  return (path) => {
    byPath ??= new Map(items.map((item) => [item.path, item]));
    return byPath.get(path);
  };
}

export interface PageContext {
  data: SiteData;
  links: SiteLinks;
  sections: Record<Lang, Sections>;
  ui: (lang: Lang) => UiText;
  postsIn: (lang: Lang) => readonly PostRecord[];
  /** The latest change among a language's posts. */
  newestIn: (lang: Lang) => string | undefined;
  taggedIn: (lang: Lang) => ReadonlySet<string>;
  seriesIn: (lang: Lang) => readonly SeriesRecord[];
  decksIn: (lang: Lang) => readonly DeckRecord[];
  chaptersIn: (series: SeriesRecord) => readonly PostRecord[];

  /** A post's, a series', a deck's or a page's path in each language, by slug (null where it has none). */
  postPath: (slug: string) => (lang: Lang) => string | null;
  seriesPath: (slug: string) => (lang: Lang) => string | null;
  deckPath: (slug: string) => (lang: Lang) => string | null;
  pagePath: (slug: string) => (lang: Lang) => string | null;
  /** The pages of the `pages` collection that stand on their own (every one but each language's intro). */
  standalonePages: readonly PageRecord[];
  /** The post or deck whose page is at a site path (the related entries an entry names). */
  postAt: (path: string) => PostRecord | undefined;
  deckAt: (path: string) => DeckRecord | undefined;
  /** The page that introduces a language's home page, when the `pages` collection has one. */
  introIn: (lang: Lang) => PageRecord | undefined;
  /** The breadcrumbs of a page: home, then `trail`. */
  crumbs: (lang: Lang, ...trail: Crumb[]) => Crumb[];
  /** The same page in every language, from a path for each language (null where it does not exist). */
  canonical: (lang: Lang, pathIn: (lang: Lang) => string | null, ogType: Canonical['ogType']) => Canonical;
}

export function pageContext(data: SiteData): PageContext {
  const { languages } = data.site;
  const links = siteLinks(languages);
  const postsIn = keyedOnce((lang: Lang) => data.posts.filter((post) => post.lang === lang));
  const standalonePages = data.pages.filter((page) => page.slug !== HOME_INTRO);
  const ui = (lang: Lang) => uiText(lang, data.site);
  return {
    data,
    links,
    sections: sectionsOf(data),
    ui,
    postsIn,
    newestIn: keyedOnce((lang: Lang) => newestOf(postsIn(lang))),
    taggedIn: keyedOnce((lang: Lang) => new Set(tagsInUse(data, lang))),
    seriesIn: keyedOnce((lang: Lang) => data.series.filter((s) => s.lang === lang)),
    decksIn: keyedOnce((lang: Lang) => data.decks.filter((deck) => deck.lang === lang)),
    chaptersIn: keyedOnce((series: SeriesRecord) => chaptersOf(data, series)),
    postPath: pathsBySlug(data.posts),
    seriesPath: pathsBySlug(data.series),
    deckPath: pathsBySlug(data.decks),
    pagePath: pathsBySlug(standalonePages),
    standalonePages,
    postAt: atPath(data.posts),
    deckAt: atPath(data.decks),
    introIn: (lang) => data.pages.find((page) => page.lang === lang && page.slug === HOME_INTRO),
    crumbs: (lang, ...trail) => [{ name: ui(lang).home, path: links.langRoot(lang) }, ...trail],
    canonical(lang, pathIn, ogType) {
      const alternates: Partial<Record<Lang, string>> = {};
      for (const other of languages) {
        const path = pathIn(other);
        if (path !== null) alternates[other] = path;
      }
      return { path: alternates[lang]!, alternates, ogType };
    },
  };
}
