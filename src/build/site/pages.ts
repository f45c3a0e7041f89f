/**
 * The content pages of each language: home, the blog's pages, posts, the series and tags indexes,
 * each series, each tag's pages, and (where there are decks) talks and native decks. Listings are
 * paginated, so no page grows with the blog.
 */

import { chaptersOf, postsTagged, tagsInUse } from '../api/records.ts';
import type { DeckRecord, Lang, PostRecord, SeriesRecord, SiteData } from '../data/types.ts';
import { keyedOnce } from '../keyed-once.ts';
import type { Block, Entry } from './doc.ts';
import { formatDate, formatNumber, type UiText, uiText } from './i18n.ts';
import type { Canonical, Crumb, Sections } from './layout.ts';
import { listPagePath, type SiteLinks, siteLinks } from './links.ts';
import type { Page } from './page.ts';

const LATEST_ON_HOME = 5;
/** Series and tags shown on a home page; the rest are on the series and tags indexes. */
const SERIES_ON_HOME = 10;
const TAGS_ON_HOME = 30;
/** Entries on one page of a listing. */
export const LIST_PAGE_SIZE = 50;

const modifiedOf = (item: { pubDate: string; updatedDate?: string | null }) =>
  item.updatedDate ?? item.pubDate;

/** The latest change among items (undefined when there are none). */
function newestOf(items: readonly { pubDate: string; updatedDate?: string | null }[]): string | undefined {
  let newest: string | undefined;
  for (const item of items) {
    const modified = modifiedOf(item);
    if (newest === undefined || modified > newest) newest = modified;
  }
  return newest;
}

/** A tag's description in a language, from the taxonomy; null where it has none. */
export const tagDescription = (data: SiteData, tag: string, lang: Lang): string | null =>
  data.tags.find((info) => info.name === tag)?.description[lang] ?? null;

/** A page's last change, when it has one. */
const stamp = (date: string | undefined): { lastModified?: string } => (date ? { lastModified: date } : {});

/** How many pages a listing of `count` entries takes (one, even when empty). */
const pageCount = (count: number) => Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));

/** A listing shown LIST_PAGE_SIZE items to a page: posts, chapters, series, tags or decks. */
interface Listing<T> {
  items: readonly T[];
  /** Its first page in a language, null where it has none. */
  first: (lang: Lang) => string | null;
  /** How many items it has in a language, which decides the pages that language has. */
  countIn: (lang: Lang) => number;
  /** Texts of the links to the page before and the page after (newer and older posts, or pages). */
  turns: { prev: string; next: string };
  /** The content of page `n`, showing `shown`. */
  blocks: (shown: readonly T[], n: number) => Block[];
  /** Page `n` of `pages` but its content, addresses and links. */
  page: (n: number, pages: number) => Omit<Page, 'canonical' | 'blocks' | 'pagination'>;
}

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

/** The same page in every language, from a path for each language (null where it does not exist). */
function canonicalOf(
  languages: readonly Lang[],
  lang: Lang,
  pathIn: (lang: Lang) => string | null,
  ogType: Canonical['ogType'],
): Canonical {
  const alternates: Partial<Record<Lang, string>> = {};
  for (const other of languages) {
    const path = pathIn(other);
    if (path !== null) alternates[other] = path;
  }
  return { path: alternates[lang]!, alternates, ogType };
}

function postEntry(
  { tagPath }: SiteLinks,
  post: PostRecord,
  lang: Lang,
  meta = formatDate(post.pubDate, lang),
): Entry {
  return {
    href: post.path,
    title: post.title,
    meta,
    description: post.description,
    tags: post.allTags.map((tag) => ({ href: tagPath(lang, tag), text: tag })),
  };
}

/** A hero image is decorative: the title it illustrates is the heading right above it. */
const heroBlock = ({ heroImage, heroSize }: PostRecord): Block[] =>
  heroImage ? [{ kind: 'image', src: heroImage, alt: '', size: heroSize }] : [];

function deckEntry(deck: DeckRecord, lang: Lang, ui: UiText): Entry {
  const event = deck.eventName ? ` · ${deck.eventName}` : '';
  const where = deck.type === 'external' ? ` · ${deck.provider ?? ui.readElsewhere}` : '';
  return {
    href: deck.externalUrl ?? deck.path,
    title: deck.title,
    meta: `${formatDate(deck.eventDate ?? deck.pubDate, lang)}${event}${where}`,
    description: deck.description,
  };
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

/** A post's page without its content. */
export type PostShell = Omit<Page, 'blocks'>;

/**
 * Every content page, in the order they are written: the listings, each post's page, then the
 * series and decks. Each is made when it is reached, so a large blog's pages (and its posts'
 * bodies) are never all in memory at once.
 */
export interface ContentPages {
  listings: () => Iterable<Page>;
  postShell: (post: PostRecord) => PostShell;
  post: (post: PostRecord) => Page;
  others: () => Iterable<Page>;
}

export function contentPages(data: SiteData): ContentPages {
  const { languages } = data.site;
  const links = siteLinks(languages);
  const { blogPath, langRoot, portalPath, seriesIndexPath, tagPath, tagsIndexPath, talksPath } = links;
  // Looked up once per build: scanning every post for each page would make the build quadratic.
  const postsIn = keyedOnce((lang: Lang) => data.posts.filter((post) => post.lang === lang));
  const newestIn = keyedOnce((lang: Lang) => newestOf(postsIn(lang)));
  const taggedIn = keyedOnce((lang: Lang) => new Set(tagsInUse(data, lang)));
  const seriesIn = keyedOnce((lang: Lang) => data.series.filter((s) => s.lang === lang));
  const decksIn = keyedOnce((lang: Lang) => data.decks.filter((deck) => deck.lang === lang));
  const chaptersIn = keyedOnce((series: SeriesRecord) => chaptersOf(data, series));
  const sections = sectionsOf(data);
  const nativeDecks = data.decks.filter((deck) => deck.type === 'native');
  const postPath = pathsBySlug(data.posts);
  const seriesPath = pathsBySlug(data.series);
  const deckPath = pathsBySlug(nativeDecks);

  const homeCrumb = (lang: Lang): Crumb => ({ name: uiText(lang, data.site).home, path: langRoot(lang) });
  const crumbs = (lang: Lang, ...trail: Crumb[]): Crumb[] => [homeCrumb(lang), ...trail];

  /** A link to a whole listing, or nothing when its page does not exist in this language. */
  const moreLink = (exists: boolean, href: string, text: string): Block[] =>
    exists ? [{ kind: 'paragraph', text: { href, text: `${text} →` } }] : [];

  function home(lang: Lang): Page {
    const ui = uiText(lang, data.site);
    const series = seriesIn(lang);
    const tags = tagsInUse(data, lang);
    const blocks: Block[] = [
      { kind: 'heading', text: ui.latestPosts },
      {
        kind: 'entries',
        entries: postsIn(lang)
          .slice(0, LATEST_ON_HOME)
          .map((post) => postEntry(links, post, lang)),
      },
      { kind: 'paragraph', text: { href: blogPath(lang), text: `${ui.allPosts} →` } },
      ...(series.length
        ? ([
            { kind: 'heading', text: ui.series },
            { kind: 'entries', entries: series.slice(0, SERIES_ON_HOME).map((s) => seriesEntry(s, lang)) },
            ...moreLink(true, seriesIndexPath(lang), ui.allSeries),
          ] satisfies Block[])
        : []),
      ...(tags.length
        ? ([
            { kind: 'heading', text: ui.tags },
            {
              kind: 'list',
              items: tags.slice(0, TAGS_ON_HOME).map((tag) => ({ href: tagPath(lang, tag), text: tag })),
            },
            ...moreLink(true, tagsIndexPath(lang), ui.allTags),
          ] satisfies Block[])
        : []),
      ...(sections[lang]?.talks
        ? ([
            { kind: 'heading', text: ui.talks },
            {
              kind: 'paragraph',
              text: [ui.talksDescription, ' ', { href: talksPath(lang), text: `${ui.talks} →` }],
            },
          ] satisfies Block[])
        : []),
      { kind: 'heading', text: ui.developers },
      {
        kind: 'paragraph',
        text: [ui.apiLinks, ': ', { href: portalPath(lang), text: `${ui.developers} →` }],
      },
    ];
    return {
      lang,
      title: data.site.name,
      description: data.site.description,
      canonical: canonicalOf(languages, lang, langRoot, 'website'),
      blocks,
      ...stamp(newestIn(lang)),
    };
  }

  function seriesEntry(series: SeriesRecord, lang: Lang): Entry {
    return {
      href: series.path,
      title: series.title,
      meta: uiText(lang, data.site).chapterCount(chaptersIn(series).length),
      description: series.description,
    };
  }

  /**
   * The pages of a listing in `lang`, whose first page is at `first(lang)`, with links to the pages
   * before and after; page n exists in another language when the listing has that many there.
   * Each page is made when it is reached: a large blog's listings run to thousands of pages.
   */
  function* paginated<T>(lang: Lang, listing: Listing<T>): Generator<Page> {
    const ui = uiText(lang, data.site);
    const pages = pageCount(listing.items.length);
    const first = listing.first(lang)!;
    const pathOf = (n: number) => (other: Lang) => {
      const start = listing.first(other);
      return start !== null && n <= pageCount(listing.countIn(other)) ? listPagePath(start, n) : null;
    };
    for (let n = 1; n <= pages; n++) {
      const prev = n > 1 ? listPagePath(first, n - 1) : null;
      const next = n < pages ? listPagePath(first, n + 1) : null;
      const nav: Block[] =
        pages > 1
          ? [
              {
                kind: 'paragraph',
                text: [
                  ...(prev ? [{ href: prev, text: listing.turns.prev }, ' · '] : []),
                  ui.pageOf(n, pages),
                  ...(next ? [' · ', { href: next, text: listing.turns.next }] : []),
                ],
              },
            ]
          : [];
      const shown = listing.items.slice((n - 1) * LIST_PAGE_SIZE, n * LIST_PAGE_SIZE);
      yield {
        ...listing.page(n, pages),
        canonical: canonicalOf(languages, lang, pathOf(n), 'website'),
        blocks: [...listing.blocks(shown, n), ...nav],
        pagination: { prev, next },
      };
    }
  }

  /** Pages of posts (newest first) turn to newer and older posts; other listings to the previous and next page. */
  const postTurns = (lang: Lang) => ({
    prev: uiText(lang, data.site).newer,
    next: uiText(lang, data.site).older,
  });
  const pageTurns = (lang: Lang) => ({
    prev: uiText(lang, data.site).previousPage,
    next: uiText(lang, data.site).nextPage,
  });

  /** A page of posts, each with its date and tags. */
  const postEntries =
    (lang: Lang) =>
    (shown: readonly PostRecord[]): Block[] => [
      { kind: 'entries', entries: shown.map((post) => postEntry(links, post, lang)) },
    ];

  const pageTitle = (title: string, lang: Lang, n: number, pages: number) =>
    n === 1 ? title : `${title} (${uiText(lang, data.site).pageOf(n, pages)})`;

  function blog(lang: Lang): Iterable<Page> {
    const ui = uiText(lang, data.site);
    return paginated(lang, {
      items: postsIn(lang),
      first: blogPath,
      countIn: (other) => postsIn(other).length,
      turns: postTurns(lang),
      blocks: postEntries(lang),
      page: (n, pages) => ({
        lang,
        title: pageTitle(ui.blog, lang, n, pages),
        description: ui.blogDescription,
        breadcrumbs: crumbs(lang, { name: ui.blog, path: blogPath(lang) }),
        ...stamp(newestIn(lang)),
      }),
    });
  }

  function seriesBox(post: PostRecord): Block[] {
    const series = data.series.find((s) => s.slug === post.series && s.lang === post.lang);
    if (!series) return [];
    const chapters = chaptersIn(series);
    const ui = uiText(post.lang, data.site);
    const position = `${ui.chapter} ${formatNumber(chapters.indexOf(post) + 1, post.lang)}/${formatNumber(chapters.length, post.lang)}`;
    return [
      {
        kind: 'paragraph',
        text: [`${ui.partOf} `, { href: series.path, text: series.title }, ` (${position}).`],
      },
    ];
  }

  /** A post's page but its content: what a sitemap says of it. */
  function postShell(post: PostRecord): PostShell {
    const ui = uiText(post.lang, data.site);
    const updated = post.updatedDate ? ` · ${ui.updated} ${formatDate(post.updatedDate, post.lang)}` : '';
    return {
      lang: post.lang,
      title: post.title,
      description: post.description,
      canonical: canonicalOf(languages, post.lang, postPath(post.slug), 'article'),
      byline: `${ui.published} ${formatDate(post.pubDate, post.lang)}${updated}`,
      facts: {
        date: post.pubDate,
        ...(post.updatedDate ? { updated: post.updatedDate } : {}),
        tags: post.allTags,
        ...(post.series ? { series: post.series } : {}),
      },
      lastModified: modifiedOf(post),
      breadcrumbs: crumbs(
        post.lang,
        { name: ui.blog, path: blogPath(post.lang) },
        { name: post.title, path: post.path },
      ),
      article: {
        published: post.pubDate,
        modified: modifiedOf(post),
        image: post.heroImage,
        tags: post.allTags,
      },
    };
  }

  function post(post: PostRecord): Page {
    const ui = uiText(post.lang, data.site);
    const tags = post.allTags.map((tag) => ({ href: tagPath(post.lang, tag), text: tag }));
    const { html, verbatim } = data.bodies.rendered(post);
    return Object.assign(postShell(post), {
      blocks: [
        ...heroBlock(post),
        ...seriesBox(post),
        { kind: 'rendered', html, markdown: data.bodies.markdown(post), path: post.path, verbatim },
        { kind: 'paragraph', text: [`${ui.tags}: `, ...tags.flatMap((tag, i) => (i ? [', ', tag] : [tag]))] },
      ] satisfies Block[],
    });
  }

  /** A series' pages: its introduction on the first, its chapters in order across them all. */
  function series(series: SeriesRecord): Iterable<Page> {
    const ui = uiText(series.lang, data.site);
    const chapters = chaptersIn(series).map((post, i) =>
      postEntry(
        links,
        post,
        series.lang,
        `${ui.chapter} ${formatNumber(i + 1, series.lang)} · ${formatDate(post.pubDate, series.lang)}`,
      ),
    );
    const newest = newestOf(chaptersIn(series));
    const intro: Block = { kind: 'rendered', html: series.html, markdown: series.body, path: series.path };
    return paginated(series.lang, {
      items: chapters,
      first: seriesPath(series.slug),
      countIn: (other) => {
        const translation = seriesIn(other).find((s) => s.slug === series.slug);
        return translation ? chaptersIn(translation).length : 0;
      },
      turns: pageTurns(series.lang),
      blocks: (shown, n) => [
        ...(n === 1 ? [intro] : []),
        { kind: 'heading', text: ui.chapters },
        { kind: 'entries', entries: shown },
      ],
      page: (n, pages) => ({
        lang: series.lang,
        title: pageTitle(series.title, series.lang, n, pages),
        description: series.description,
        byline: ui.series,
        facts: { series: series.slug },
        breadcrumbs: crumbs(
          series.lang,
          { name: ui.series, path: seriesIndexPath(series.lang) },
          { name: series.title, path: series.path },
        ),
        feeds: series.path,
        ...stamp(newest),
      }),
    });
  }

  function seriesIndex(lang: Lang): Iterable<Page> {
    const ui = uiText(lang, data.site);
    const newest = newestOf(seriesIn(lang).flatMap((s) => chaptersIn(s)));
    return paginated(lang, {
      items: seriesIn(lang),
      first: (other) => (sections[other]?.series ? seriesIndexPath(other) : null),
      countIn: (other) => seriesIn(other).length,
      turns: pageTurns(lang),
      blocks: (shown) => [{ kind: 'entries', entries: shown.map((s) => seriesEntry(s, lang)) }],
      page: (n, pages) => ({
        lang,
        title: pageTitle(ui.series, lang, n, pages),
        description: ui.seriesDescription,
        breadcrumbs: crumbs(lang, { name: ui.series, path: seriesIndexPath(lang) }),
        ...stamp(newest),
      }),
    });
  }

  function tagsIndex(lang: Lang): Iterable<Page> {
    const ui = uiText(lang, data.site);
    return paginated(lang, {
      items: tagsInUse(data, lang),
      first: (other) => (sections[other]?.tags ? tagsIndexPath(other) : null),
      countIn: (other) => taggedIn(other).size,
      turns: pageTurns(lang),
      blocks: (shown) => [
        {
          kind: 'list',
          items: shown.map((tag) => [
            { href: tagPath(lang, tag), text: tag },
            ` (${ui.postCount(postsTagged(data, lang, tag).length)})`,
          ]),
        },
      ],
      page: (n, pages) => ({
        lang,
        title: pageTitle(ui.tags, lang, n, pages),
        description: ui.tagsDescription,
        breadcrumbs: crumbs(lang, { name: ui.tags, path: tagsIndexPath(lang) }),
        ...stamp(newestIn(lang)),
      }),
    });
  }

  function tag(tag: string, lang: Lang): Iterable<Page> {
    const ui = uiText(lang, data.site);
    const tagged = postsTagged(data, lang, tag);
    const title = `${ui.postsTagged} “${tag}”`;
    const newest = newestOf(tagged);
    return paginated(lang, {
      items: tagged,
      first: (other) => (taggedIn(other).has(tag) ? tagPath(other, tag) : null),
      countIn: (other) => postsTagged(data, other, tag).length,
      turns: postTurns(lang),
      blocks: postEntries(lang),
      page: (n, pages) => ({
        lang,
        title: pageTitle(title, lang, n, pages),
        description: tagDescription(data, tag, lang) ?? `${title}.`,
        byline: ui.tag,
        facts: { tag },
        breadcrumbs: crumbs(
          lang,
          { name: ui.tags, path: tagsIndexPath(lang) },
          { name: tag, path: tagPath(lang, tag) },
        ),
        feeds: tagPath(lang, tag),
        ...stamp(newest),
      }),
    });
  }

  function talks(lang: Lang): Iterable<Page> {
    const ui = uiText(lang, data.site);
    const decks = decksIn(lang);
    return paginated(lang, {
      items: decks,
      first: (other) => (sections[other]?.talks ? talksPath(other) : null),
      countIn: (other) => decksIn(other).length,
      turns: pageTurns(lang),
      blocks: (shown) => [{ kind: 'entries', entries: shown.map((deck) => deckEntry(deck, lang, ui)) }],
      page: (n, pages) => ({
        lang,
        title: pageTitle(ui.talks, lang, n, pages),
        description: ui.talksDescription,
        breadcrumbs: crumbs(lang, { name: ui.talks, path: talksPath(lang) }),
        ...stamp(newestOf(decks)),
      }),
    });
  }

  function deck(deck: DeckRecord): Page {
    const ui = uiText(deck.lang, data.site);
    return {
      lang: deck.lang,
      title: deck.title,
      description: deck.description,
      canonical: canonicalOf(languages, deck.lang, deckPath(deck.slug), 'article'),
      byline: `${ui.slides} · ${deckEntry(deck, deck.lang, ui).meta}`,
      facts: { date: deck.pubDate, ...(deck.eventName ? { event: deck.eventName } : {}) },
      blocks: [{ kind: 'rendered', html: deck.html, markdown: deck.body, path: deck.path }],
      breadcrumbs: crumbs(
        deck.lang,
        { name: ui.talks, path: talksPath(deck.lang) },
        { name: deck.title, path: deck.path },
      ),
      lastModified: deck.pubDate,
    };
  }

  function* listings(): Generator<Page> {
    for (const lang of languages) {
      yield home(lang);
      yield* blog(lang);
      if (sections[lang]?.series) yield* seriesIndex(lang);
      if (sections[lang]?.tags) yield* tagsIndex(lang);
      if (sections[lang]?.talks) yield* talks(lang);
      for (const name of tagsInUse(data, lang)) yield* tag(name, lang);
    }
  }
  function* others(): Generator<Page> {
    for (const record of data.series) yield* series(record);
    yield* nativeDecks.map(deck);
  }
  return { listings, postShell, post, others };
}
