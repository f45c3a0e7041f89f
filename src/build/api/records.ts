/** Maps the build's records to the API's records, field by field. */

import type {
  Deck,
  Post,
  SeriesChapter,
  SeriesDetail,
  SeriesListing,
  SeriesSummary,
  SlideTimeline,
  TagTimeline,
  TimelinePost,
} from '../../core/schemas.ts';
import { compareText } from '../data/order.ts';
import type { DeckRecord, Lang, PostRecord, SeriesRecord, SiteData } from '../data/types.ts';

/** A hero image as agents can fetch it: a site path becomes an absolute URL on the site. */
export const absoluteImage = (image: string | null, baseUrl: string): string | null =>
  image?.startsWith('/') ? baseUrl + image : image;

/** Site paths as absolute URLs; most entries name none, and share one empty list. */
const absoluteAll = (paths: readonly string[], baseUrl: string): string[] =>
  paths.length === 0 ? NONE : paths.map((path) => baseUrl + path);
const NONE: string[] = [];

// Both records start with the same fields in their documented order (id to pubDate), written out
// rather than spread from a shared head: a large blog makes and serializes hundreds of thousands of
// them, and a spread one took five times as long to make and serialize.

export function toPost(post: PostRecord, baseUrl: string): Post {
  return {
    id: post.id,
    slug: post.slug,
    lang: post.lang,
    title: post.title,
    description: post.description,
    pubDate: post.pubDate,
    tags: post.tags,
    topics: post.topics,
    subtopics: post.subtopics,
    heroImage: absoluteImage(post.heroImage, baseUrl),
    url: baseUrl + post.path,
    series: post.series,
    seriesOrder: post.seriesOrder,
    seriesCurrent: post.seriesCurrent,
    seriesTotal: post.seriesTotal,
    seriesTitle: post.seriesTitle,
    relatedPosts: absoluteAll(post.relatedPosts, baseUrl),
    relatedSlides: absoluteAll(post.relatedSlides, baseUrl),
  };
}

export function toTimelinePost(post: PostRecord, baseUrl: string): TimelinePost {
  return {
    id: post.id,
    slug: post.slug,
    lang: post.lang,
    title: post.title,
    description: post.description,
    pubDate: post.pubDate,
    updatedDate: post.updatedDate,
    tags: post.allTags,
    heroImage: absoluteImage(post.heroImage, baseUrl),
    url: baseUrl + post.path,
    series: post.series,
    seriesOrder: post.seriesOrder,
    seriesCurrent: post.seriesCurrent,
    seriesTotal: post.seriesTotal,
    seriesTitle: post.seriesTitle,
    relatedPosts: absoluteAll(post.relatedPosts, baseUrl),
    relatedSlides: absoluteAll(post.relatedSlides, baseUrl),
  };
}

export function toDeck(deck: DeckRecord, baseUrl: string): Deck {
  return {
    slug: deck.slug,
    lang: deck.lang,
    title: deck.title,
    description: deck.description,
    pubDate: deck.pubDate,
    heroImage: absoluteImage(deck.heroImage, baseUrl),
    type: deck.type,
    url: deck.externalUrl ?? baseUrl + deck.path,
    provider: deck.provider,
    eventName: deck.eventName,
    eventDate: deck.eventDate,
    eventUrl: deck.eventUrl,
    externalUrl: deck.externalUrl,
    pageUrl: baseUrl + deck.path,
    updatedDate: deck.updatedDate,
    relatedPost: deck.relatedPosts[0] === undefined ? null : baseUrl + deck.relatedPosts[0],
    relatedPosts: absoluteAll(deck.relatedPosts, baseUrl),
    relatedSlides: absoluteAll(deck.relatedSlides, baseUrl),
  };
}

const readingOrder = (a: PostRecord, b: PostRecord) =>
  (a.seriesOrder ?? Number.MAX_SAFE_INTEGER) - (b.seriesOrder ?? Number.MAX_SAFE_INTEGER) ||
  compareText(a.pubDate, b.pubDate) ||
  compareText(a.id, b.id);

/** An index of the data made on its first use and kept with it: each lookup after that is one get. */
function indexOf<T>(make: (data: SiteData) => T): (data: SiteData) => T {
  const made = new WeakMap<SiteData, T>();
  return (data) => {
    let index = made.get(data);
    if (index === undefined) {
      index = make(data);
      made.set(data, index);
    }
    return index;
  };
}

/** Every series' chapters, from one pass over the posts: a pass per series is quadratic on a large blog. */
const chapterIndex = indexOf((data) => {
  const index = new Map<string, PostRecord[]>();
  for (const post of data.posts) {
    if (!post.series) continue;
    const key = `${post.lang} ${post.series}`;
    const chapters = index.get(key);
    if (chapters) chapters.push(post);
    else index.set(key, [post]);
  }
  for (const chapters of index.values()) chapters.sort(readingOrder);
  return index;
});

/** Chapters in reading order: `seriesOrder` (chapters without one last), then `pubDate`, then id. */
export function chaptersOf(data: SiteData, series: SeriesRecord): readonly PostRecord[] {
  return chapterIndex(data).get(`${series.lang} ${series.slug}`) ?? [];
}

export function seriesDetail(data: SiteData, series: SeriesRecord, baseUrl: string): SeriesDetail {
  const posts = chaptersOf(data, series).map(
    (post, index): SeriesChapter => Object.assign(toTimelinePost(post, baseUrl), { position: index + 1 }),
  );
  return {
    series: series.slug,
    lang: series.lang,
    title: series.title,
    description: series.description,
    total: posts.length,
    posts,
  };
}

export function seriesListing(data: SiteData, lang: Lang, baseUrl: string): SeriesListing {
  const series = data.series
    .filter((s) => s.lang === lang)
    .map((s): SeriesSummary => {
      const chapters = chaptersOf(data, s);
      const lastPostDate =
        chapters
          .map((post) => post.pubDate)
          .sort(compareText)
          .at(-1) ?? '';
      return {
        slug: s.slug,
        title: s.title,
        description: s.description,
        order: s.order,
        postCount: chapters.length,
        heroImage: absoluteImage(s.heroImage, baseUrl),
        firstPostHero: absoluteImage(chapters[0]?.heroImage ?? null, baseUrl),
        lastPostDate,
      };
    })
    .sort((a, b) => compareText(b.lastPostDate, a.lastPostDate) || compareText(a.slug, b.slug));
  return { lang, total: series.length, series };
}

/** One language's tags in use, sorted, and the posts of each, in the data's order. */
interface TagIndex {
  tags: readonly string[];
  posts: ReadonlyMap<string, readonly PostRecord[]>;
}

const NO_TAGS: TagIndex = { tags: [], posts: new Map() };

/** Each language's posts by tag, from one pass over the posts: a pass per tag is quadratic on a large blog. */
const tagIndex = indexOf((data) => {
  const postsByLang = new Map<Lang, Map<string, PostRecord[]>>();
  for (const post of data.posts) {
    let byTag = postsByLang.get(post.lang);
    if (!byTag) {
      byTag = new Map();
      postsByLang.set(post.lang, byTag);
    }
    for (const tag of new Set(post.allTags)) {
      const tagged = byTag.get(tag);
      if (tagged) tagged.push(post);
      else byTag.set(tag, [post]);
    }
  }
  const index = new Map<Lang, TagIndex>();
  for (const [lang, posts] of postsByLang)
    index.set(lang, { tags: [...posts.keys()].sort(compareText), posts });
  return index;
});

/** The published posts in `lang` that carry `tag` (any tier), in the data's order. */
export function postsTagged(data: SiteData, lang: Lang, tag: string): readonly PostRecord[] {
  return (tagIndex(data).get(lang) ?? NO_TAGS).posts.get(tag) ?? [];
}

export function tagTimeline(data: SiteData, tag: string, lang: Lang, baseUrl: string): TagTimeline {
  const posts = postsTagged(data, lang, tag).map((post) => toTimelinePost(post, baseUrl));
  return { tag, lang, total: posts.length, posts };
}

export function slideTimeline(data: SiteData, lang: Lang, baseUrl: string): SlideTimeline {
  const decks = data.decks.filter((deck) => deck.lang === lang).map((deck) => toDeck(deck, baseUrl));
  return { lang, total: decks.length, decks };
}

/** Tags with at least one published post in `lang`, sorted. */
export function tagsInUse(data: SiteData, lang: Lang): readonly string[] {
  return (tagIndex(data).get(lang) ?? NO_TAGS).tags;
}

export function postsIn(data: SiteData, lang: Lang | null): PostRecord[] {
  return lang === null ? data.posts : data.posts.filter((post) => post.lang === lang);
}
