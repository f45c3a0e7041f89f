/** The content pages of each language: home, blog index, posts, series, tags, talks and native decks. */

import { chaptersOf, postsTagged, tagsInUse } from '../api/records.ts';
import type { DeckRecord, Lang, PostRecord, SeriesRecord, SiteData } from '../data/types.ts';
import type { Block, Entry } from './doc.ts';
import { formatDate, formatNumber, type UiText, uiText } from './i18n.ts';
import type { Canonical } from './layout.ts';
import { type SiteLinks, siteLinks } from './links.ts';
import type { Page } from './page.ts';

const LATEST_ON_HOME = 5;

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

/** `make(key)`, computed on the first call for each key and kept. */
function keyedOnce<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
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

/** Every content page; `posts` are the post pages alone, in the data's order. */
export function contentPages(data: SiteData): { pages: Page[]; posts: Page[] } {
  const { languages } = data.site;
  const links = siteLinks(languages);
  const { blogPath, langRoot, portalPath, tagPath, talksPath } = links;
  // Looked up once per build: scanning every post for each page would make the build quadratic.
  const postsIn = keyedOnce((lang: Lang) => data.posts.filter((post) => post.lang === lang));
  const taggedIn = keyedOnce((lang: Lang) => new Set(tagsInUse(data, lang)));
  const chaptersIn = keyedOnce((series: SeriesRecord) => chaptersOf(data, series));
  const nativeDecks = data.decks.filter((deck) => deck.type === 'native');
  const postPath = pathsBySlug(data.posts);
  const seriesPath = pathsBySlug(data.series);
  const deckPath = pathsBySlug(nativeDecks);
  const tagDescription = (tag: string, lang: Lang) =>
    data.tags.find((info) => info.name === tag)?.description[lang] ?? null;

  function home(lang: Lang): Page {
    const ui = uiText(lang, data.site);
    const series = data.series.filter((s) => s.lang === lang);
    const blocks: Block[] = [
      { kind: 'heading', text: ui.latestPosts },
      {
        kind: 'entries',
        entries: postsIn(lang)
          .slice(0, LATEST_ON_HOME)
          .map((post) => postEntry(links, post, lang)),
      },
      { kind: 'paragraph', text: { href: blogPath(lang), text: `${ui.allPosts} →` } },
      { kind: 'heading', text: ui.series },
      {
        kind: 'entries',
        entries: series.map((s) => ({
          href: s.path,
          title: s.title,
          meta: ui.chapterCount(chaptersIn(s).length),
          description: s.description,
        })),
      },
      { kind: 'heading', text: ui.tags },
      { kind: 'list', items: tagsInUse(data, lang).map((tag) => ({ href: tagPath(lang, tag), text: tag })) },
      { kind: 'heading', text: ui.talks },
      {
        kind: 'paragraph',
        text: [ui.talksDescription, ' ', { href: talksPath(lang), text: `${ui.talks} →` }],
      },
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
    };
  }

  function blog(lang: Lang): Page {
    const ui = uiText(lang, data.site);
    return {
      lang,
      title: ui.blog,
      description: ui.blogDescription,
      canonical: canonicalOf(languages, lang, blogPath, 'website'),
      blocks: [{ kind: 'entries', entries: postsIn(lang).map((post) => postEntry(links, post, lang)) }],
    };
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

  function post(post: PostRecord): Page {
    const ui = uiText(post.lang, data.site);
    const updated = post.updatedDate ? ` · ${ui.updated} ${formatDate(post.updatedDate, post.lang)}` : '';
    const tags = post.allTags.map((tag) => ({ href: tagPath(post.lang, tag), text: tag }));
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
      blocks: [
        ...heroBlock(post),
        ...seriesBox(post),
        { kind: 'rendered', html: post.html, markdown: post.body, path: post.path },
        { kind: 'paragraph', text: [`${ui.tags}: `, ...tags.flatMap((tag, i) => (i ? [', ', tag] : [tag]))] },
      ],
    };
  }

  function series(series: SeriesRecord): Page {
    const ui = uiText(series.lang, data.site);
    const chapters = chaptersIn(series).map((post, i) =>
      postEntry(
        links,
        post,
        series.lang,
        `${ui.chapter} ${formatNumber(i + 1, series.lang)} · ${formatDate(post.pubDate, series.lang)}`,
      ),
    );
    return {
      lang: series.lang,
      title: series.title,
      description: series.description,
      canonical: canonicalOf(languages, series.lang, seriesPath(series.slug), 'website'),
      byline: ui.series,
      facts: { series: series.slug },
      blocks: [
        { kind: 'rendered', html: series.html, markdown: series.body, path: series.path },
        { kind: 'heading', text: ui.chapters },
        { kind: 'entries', entries: chapters },
      ],
    };
  }

  function tag(tag: string, lang: Lang): Page {
    const ui = uiText(lang, data.site);
    const tagged = postsTagged(data, lang, tag);
    return {
      lang,
      title: `${ui.postsTagged} “${tag}”`,
      description: tagDescription(tag, lang) ?? `${ui.postsTagged} “${tag}”.`,
      canonical: canonicalOf(
        languages,
        lang,
        (other) => (taggedIn(other).has(tag) ? tagPath(other, tag) : null),
        'website',
      ),
      byline: ui.tag,
      facts: { tag },
      blocks: [{ kind: 'entries', entries: tagged.map((post) => postEntry(links, post, lang)) }],
    };
  }

  function talks(lang: Lang): Page {
    const ui = uiText(lang, data.site);
    return {
      lang,
      title: ui.talks,
      description: ui.talksDescription,
      canonical: canonicalOf(languages, lang, talksPath, 'website'),
      blocks: [
        {
          kind: 'entries',
          entries: data.decks.filter((deck) => deck.lang === lang).map((deck) => deckEntry(deck, lang, ui)),
        },
      ],
    };
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
    };
  }

  const posts = data.posts.map(post);
  const listings = languages.flatMap((lang) => [
    home(lang),
    blog(lang),
    talks(lang),
    ...tagsInUse(data, lang).map((name) => tag(name, lang)),
  ]);
  return { posts, pages: [...listings, ...posts, ...data.series.map(series), ...nativeDecks.map(deck)] };
}
