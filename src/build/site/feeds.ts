/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 of a listing's newest posts: each language's blog, each tag
 * and each series. Items carry the full content as HTML (every URL in it absolute, as feeds are
 * read away from the site), the summary, the tags as categories, and `updatedDate` as the update time.
 */

import { type FeedFormat, feedPath } from '../../core/paths.ts';
import { absoluteImage, chaptersOf, postsTagged, tagsInUse } from '../api/records.ts';
import type { Lang, PostBodies, PostRecord, SiteData, SiteInfo } from '../data/types.ts';
import { uiText } from './i18n.ts';
import { siteLinks } from './links.ts';
import { tagDescription } from './listing-pages.ts';
import { absoluteHtml } from './render/absolute-urls.ts';
import { cdata, element, textElement, XML_DECLARATION } from './xml.ts';

/** How many of the newest posts a feed carries. */
export const FEED_POSTS = 20;

/** A listing with feeds: its page, the folder its feed files live in, and its posts newest first. */
export interface FeedSubject {
  lang: Lang;
  title: string;
  description: string;
  /** The listing's page (`/`, `/tags/http/`), which is also the feeds' folder. */
  pagePath: string;
  posts: readonly PostRecord[];
}

export interface FeedContext {
  site: SiteInfo;
  baseUrl: string;
}

const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';
/** When no post has a date to give (a language without posts), the feed's `updated`. */
const NO_DATE = '1970-01-01T00:00:00.000Z';

const modified = (post: PostRecord) => post.updatedDate ?? post.pubDate;

function newest(posts: readonly PostRecord[]): string {
  let latest: string | null = null;
  for (const post of posts) if (latest === null || modified(post) > latest) latest = modified(post);
  return latest ?? NO_DATE;
}

/** The first `FEED_POSTS` posts by publication date, newest first (series list chapters in order). */
function newestPosts(posts: readonly PostRecord[]): PostRecord[] {
  return [...posts].sort((a, b) => b.pubDate.localeCompare(a.pubDate)).slice(0, FEED_POSTS);
}

/** The first `FEED_POSTS` posts of a list already newest first that are in `lang`. */
function firstIn(posts: readonly PostRecord[], lang: Lang): PostRecord[] {
  const first: PostRecord[] = [];
  for (const post of posts) {
    if (first.length === FEED_POSTS) break;
    if (post.lang === lang) first.push(post);
  }
  return first;
}

/** Every listing with feeds: each language's blog (at its home), each tag in use, each series. */
export function* feedSubjects(data: SiteData): Generator<FeedSubject> {
  const { langRoot, tagPath } = siteLinks(data.site.languages);
  for (const lang of data.site.languages) {
    const ui = uiText(lang, data.site);
    yield {
      lang,
      title: data.site.name,
      description: data.site.description,
      pagePath: langRoot(lang),
      posts: firstIn(data.posts, lang),
    };
    for (const tag of tagsInUse(data, lang))
      yield {
        lang,
        title: `${data.site.name}: ${ui.postsTagged} “${tag}”`,
        description: tagDescription(data, tag, lang) ?? `${ui.postsTagged} “${tag}”.`,
        pagePath: tagPath(lang, tag),
        posts: postsTagged(data, lang, tag).slice(0, FEED_POSTS),
      };
  }
  for (const series of data.series)
    yield {
      lang: series.lang,
      title: `${data.site.name}: ${series.title}`,
      description: series.description,
      pagePath: series.path,
      posts: newestPosts(chaptersOf(data, series)),
    };
}

/** A post's entry in each format: the same in every feed that carries the post. */
type ItemWriters = Record<FeedFormat, (post: PostRecord) => string> & {
  /** Lets go of what was kept for the feeds of one subject only: call it once they are written. */
  subjectDone(): void;
};

function rssItem(post: PostRecord, { site, baseUrl }: FeedContext, html: string): string {
  return element('item', {}, [
    textElement('title', post.title),
    textElement('link', baseUrl + post.path),
    textElement('guid', baseUrl + post.path, { isPermaLink: 'true' }),
    textElement('pubDate', new Date(post.pubDate).toUTCString()),
    textElement('dc:creator', (post.author ?? site.author).name),
    textElement('description', post.description),
    element('content:encoded', {}, cdata(html)),
    ...post.allTags.map((tag) => textElement('category', tag)),
  ]);
}

function atomEntry(post: PostRecord, { baseUrl }: FeedContext, html: string): string {
  return element('entry', {}, [
    textElement('id', baseUrl + post.path),
    textElement('title', post.title),
    element('link', { rel: 'alternate', type: 'text/html', href: baseUrl + post.path }, ''),
    textElement('published', post.pubDate),
    textElement('updated', modified(post)),
    textElement('summary', post.description),
    element('content', { type: 'html' }, cdata(html)),
    ...post.allTags.map((tag) => element('category', { term: tag }, '')),
  ]);
}

function jsonItem(post: PostRecord, { baseUrl }: FeedContext, html: string): string {
  return JSON.stringify({
    id: baseUrl + post.path,
    url: baseUrl + post.path,
    title: post.title,
    content_html: html,
    summary: post.description,
    ...(post.heroImage ? { image: absoluteImage(post.heroImage, baseUrl) } : {}),
    date_published: post.pubDate,
    ...(post.updatedDate ? { date_modified: post.updatedDate } : {}),
    tags: post.allTags,
    language: post.lang,
  });
}

/** The posts that more than one feed carries (a post can be in its language's feed, its tags' and its series'). */
export function postsInManyFeeds(subjects: readonly FeedSubject[]): Set<PostRecord> {
  const seen = new Set<PostRecord>();
  const many = new Set<PostRecord>();
  for (const { posts } of subjects)
    for (const post of posts) {
      if (seen.has(post)) many.add(post);
      seen.add(post);
    }
  return many;
}

/**
 * Each post's entries, and its content, made once. Those of a post that several feeds carry
 * (`shared`) are kept for the build; any other's content is kept only while its one subject's three
 * feeds are written, since a large blog's series feeds carry thousands of posts each only once
 * (keeping them all took 250 MB at 100,000 posts).
 */
export function feedItems(
  context: FeedContext,
  bodies: PostBodies,
  shared: ReadonlySet<PostRecord>,
): ItemWriters {
  const once = (write: (post: PostRecord) => string) => {
    const written = new Map<PostRecord, string>();
    return (post: PostRecord) => {
      if (!shared.has(post)) return write(post);
      const kept = written.get(post);
      if (kept !== undefined) return kept;
      const text = write(post);
      written.set(post, text);
      return text;
    };
  };
  const { baseUrl } = context;
  const subjectOnly = new Map<PostRecord, string>();
  // A feed reader shows the content away from the post's page: its URLs are taken from that page.
  const render = (post: PostRecord) => absoluteHtml(bodies.rendered(post).html, baseUrl + post.path);
  const sharedContent = once(render);
  const content = (post: PostRecord) => {
    if (shared.has(post)) return sharedContent(post);
    let html = subjectOnly.get(post);
    if (html === undefined) {
      html = render(post);
      subjectOnly.set(post, html);
    }
    return html;
  };
  return {
    rss: once((post) => rssItem(post, context, content(post))),
    atom: once((post) => atomEntry(post, context, content(post))),
    json: once((post) => jsonItem(post, context, content(post))),
    subjectDone: () => subjectOnly.clear(),
  };
}

function rss(subject: FeedSubject, { baseUrl }: FeedContext, item: ItemWriters['rss']): string {
  const channel = element('channel', {}, [
    textElement('title', subject.title),
    textElement('link', baseUrl + subject.pagePath),
    textElement('description', subject.description),
    textElement('language', subject.lang),
    textElement('lastBuildDate', new Date(newest(subject.posts)).toUTCString()),
    element(
      'atom:link',
      { href: baseUrl + feedPath(subject.pagePath, 'rss'), rel: 'self', type: 'application/rss+xml' },
      '',
    ),
    textElement('generator', 'Folio'),
    ...subject.posts.map(item),
  ]);
  return `${XML_DECLARATION}${element(
    'rss',
    {
      version: '2.0',
      'xmlns:atom': 'http://www.w3.org/2005/Atom',
      'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
    },
    channel,
  )}\n`;
}

function atom(subject: FeedSubject, { site, baseUrl }: FeedContext, entry: ItemWriters['atom']): string {
  const author = element('author', {}, [
    textElement('name', site.author.name),
    ...(site.author.url ? [textElement('uri', site.author.url)] : []),
  ]);
  return `${XML_DECLARATION}${element(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': subject.lang },
    [
      textElement('id', baseUrl + subject.pagePath),
      textElement('title', subject.title),
      textElement('subtitle', subject.description),
      element(
        'link',
        { rel: 'self', type: 'application/atom+xml', href: baseUrl + feedPath(subject.pagePath, 'atom') },
        '',
      ),
      element('link', { rel: 'alternate', type: 'text/html', href: baseUrl + subject.pagePath }, ''),
      textElement('updated', newest(subject.posts)),
      author,
      ...(site.license === null ? [] : [textElement('rights', site.license)]),
      textElement('generator', 'Folio'),
      ...subject.posts.map(entry),
    ],
  )}\n`;
}

function jsonFeed(subject: FeedSubject, { site, baseUrl }: FeedContext, item: ItemWriters['json']): string {
  const author = { name: site.author.name, ...(site.author.url ? { url: site.author.url } : {}) };
  const head = JSON.stringify({
    version: JSON_FEED_VERSION,
    title: subject.title,
    home_page_url: baseUrl + subject.pagePath,
    feed_url: baseUrl + feedPath(subject.pagePath, 'json'),
    description: subject.description,
    language: subject.lang,
    authors: [author],
  });
  // The items, written once per post, go in as they are: the head object's closing brace gives way to them.
  return `${head.slice(0, -1)},"items":[${subject.posts.map(item).join(',')}]}\n`;
}

/** The three feeds of a listing, by path, from the build's post entries. */
export function* feedBodies(
  subject: FeedSubject,
  context: FeedContext,
  items: ItemWriters,
): Generator<[string, string]> {
  yield [feedPath(subject.pagePath, 'rss'), rss(subject, context, items.rss)];
  yield [feedPath(subject.pagePath, 'atom'), atom(subject, context, items.atom)];
  yield [feedPath(subject.pagePath, 'json'), jsonFeed(subject, context, items.json)];
  items.subjectDone();
}
