/**
 * The prerendered data the build writes and the handler serves. Dates are ISO 8601 UTC with milliseconds.
 * The content compiler works for any list of language codes (`L`); the run time serves `Lang`.
 */
import type { Redirect } from '../../core/deployment.ts';
import type { Lang } from '../../core/languages.ts';
import type { UsagePolicy } from '../../core/usage.ts';

export type { Lang };

export const TAG_TIERS = ['primary', 'secondary', 'subtopic'] as const;
export type TagTier = (typeof TAG_TIERS)[number];

/** A text in every language alike, or one per language. */
export type Localized = string | Readonly<Record<string, string>>;

/** An author as the pages, the JSON-LD and the documents for agents present them. */
export interface SiteAuthor {
  name: string;
  url: string | null;
  /** The author's profiles elsewhere (the social links of the authors collection): JSON-LD `sameAs`. */
  sameAs: string[];
  /** A site path or URL of the author's picture (the authors collection's `avatar`). */
  image?: string;
  /** What the author does (`role`) and who the author is (`bio`), from the authors collection. */
  role?: Localized;
  bio?: Localized;
}

export interface SiteInfo<L extends string = Lang> {
  name: string;
  description: string;
  /** Null when no setting states it: the build is then given one (BASE_URL, --base-url). */
  baseUrl: string | null;
  /** The blog's author: every post's but one whose front matter names another of the authors collection. */
  author: SiteAuthor;
  /** The SPDX identifier of the content licence; null when the blog states none. */
  license: string | null;
  languages: L[];
  /** Interface text the site gives itself (site.yaml `ui:`), by language and string. */
  ui?: Readonly<Record<string, Readonly<Record<string, string | undefined>>>>;
  /** How automated systems may use the content (site.yaml `usage`); the licence's grant when unstated. */
  usage?: UsagePolicy;
  /** How the build beside a site's own pages finds them (site.yaml `permalink`, `folioServes`). */
  beside?: BesideSettings;
}

export interface BesideSettings {
  /** Where each post's page is, `{slug}` its slug; undefined to detect it among the usual places. */
  permalink: string | undefined;
  /** Paths where Folio's document is served over the site's own file. */
  folioServes: readonly string[];
  /** Whether the site's pages get Folio's WebMCP script, added before their `</head>`. */
  webmcpOnSitePages: boolean;
}

export interface TagInfo<L extends string = Lang> {
  name: string;
  tier: TagTier;
  /** Per language; a language without a description is missing. */
  description: Partial<Record<L, string>>;
}

export interface PostRecord<L extends string = Lang> {
  /** `<lang>/<YYYY-MM-DD>_<slug>` */
  id: string;
  slug: string;
  lang: L;
  title: string;
  description: string;
  pubDate: string;
  updatedDate: string | null;
  /** Every tag as written in the front matter. */
  allTags: string[];
  /** Primary tags and tags missing from the taxonomy. */
  tags: string[];
  topics: string[];
  subtopics: string[];
  heroImage: string | null;
  /** The hero image's pixel size, when the build could read it from the file. */
  heroSize?: { width: number; height: number };
  series: string | null;
  seriesOrder: number | null;
  /** The post's place in its series' reading order (1-based), the number of chapters and the series' title; null outside a series. */
  seriesCurrent: number | null;
  seriesTotal: number | null;
  seriesTitle: string | null;
  /** The front matter's `keywords`, for the meta keywords, the JSON-LD and search. */
  keywords: string[];
  /** The site paths of the published posts and decks in the same language its `relatedPost` and `relatedSlide` name. */
  relatedPosts: string[];
  relatedSlides: string[];
  /** The author of the authors collection its front matter's `author` names; null for the blog's author. */
  author: SiteAuthor | null;
  /** Site path of the post page, e.g. `/blog/<slug>/` or `/es/blog/<slug>/`. */
  path: string;
  /**
   * Beside a built site whose page for the post is elsewhere: Folio's own path for it, whose twin
   * is the post's MCP resource (the URI the resource templates give), served as well.
   */
  resourcePath?: string;
}

/**
 * Lines of a body that are not Markdown text, as its twin needs them: a code block (kept as
 * written) or an HTML block (sanitized), from line `start` to before `end`.
 */
export type VerbatimBlock = [start: number, end: number, kind: 'code' | 'html'];

/** A post's body as its page shows it: the HTML, and the code and HTML blocks of its Markdown in order. */
export interface RenderedBody {
  html: string;
  verbatim: VerbatimBlock[];
}

/**
 * The posts' bodies, kept apart from their records: at 100,000 posts they are 600 MB of Markdown
 * and HTML, which `npm run build` leaves on disk until each post's page is written
 * (src/build/threads/render-posts.ts). The same post always gives the same body.
 */
export interface PostBodies<L extends string = Lang> {
  /** The Markdown body, front matter removed. */
  markdown(post: PostRecord<L>): string;
  rendered(post: PostRecord<L>): RenderedBody;
}

export interface SeriesRecord<L extends string = Lang> {
  slug: string;
  lang: L;
  title: string;
  description: string;
  order: number;
  heroImage: string | null;
  path: string;
  body: string;
  /** The intro rendered to HTML at build time. */
  html: string;
}

/** A standalone page of the `pages` collection (about, contact), at `/<slug>/` in its language. */
export interface PageRecord<L extends string = Lang> {
  slug: string;
  lang: L;
  title: string;
  description: string;
  updatedDate: string | null;
  path: string;
  body: string;
  /** The body rendered to HTML at build time. */
  html: string;
}

export type DeckType = 'native' | 'external';

export interface DeckRecord<L extends string = Lang> {
  slug: string;
  lang: L;
  title: string;
  description: string;
  pubDate: string;
  heroImage: string | null;
  type: DeckType;
  /** The external address for external decks, null for native ones. */
  externalUrl: string | null;
  provider: string | null;
  eventName: string | null;
  eventDate: string | null;
  /** The event's own page, when the deck's front matter gives one. */
  eventUrl: string | null;
  updatedDate: string | null;
  /** The site paths of the published posts and decks in the same language its `relatedPost` and `relatedSlide` name. */
  relatedPosts: string[];
  relatedSlides: string[];
  /** Site path of the deck page (a native deck is rendered there, an external one described and linked). */
  path: string;
  /** The deck's Markdown; a native deck's slides with their headings at the levels the page gives them (one down). */
  body: string;
  /** Native decks: the slides rendered to HTML at build time, one section each; empty for external ones. */
  html: string;
}

/** An operator's deprecation of one endpoint (RFC 9745 / RFC 8594). */
export interface Deprecation {
  operationId: string;
  since: string;
  sunset: string;
  link: string | null;
}

export interface SiteData<L extends string = Lang> {
  site: SiteInfo<L>;
  tags: TagInfo<L>[];
  /** Published posts, newest first, ties by id. */
  posts: PostRecord<L>[];
  bodies: PostBodies<L>;
  /** Series with at least one published chapter in their language, by `order` then slug. */
  series: SeriesRecord<L>[];
  /** Published decks, newest first, ties by slug. */
  decks: DeckRecord<L>[];
  /** The pages of the `pages` collection, by language then slug; a language's `index` page is its home's intro. */
  pages: PageRecord<L>[];
  /** Paths removed for good (answered with 410). */
  gone: string[];
  /** Old site paths answered with a redirect to their new place (a site path or an absolute URL). */
  redirects: Record<string, Redirect>;
  deprecations: Deprecation[];
  robots: RobotsPolicy;
}

/** Crawl rules for one group of user agents (RFC 9309 paths, `*` and `$` allowed). */
export interface RobotsRules {
  allow: string[];
  disallow: string[];
  /**
   * The Content-Signal line of a named crawler's group (such as `search=yes, ai-train=no`), if the
   * owner states one; every other group's comes from the site's usage preferences.
   */
  contentSignal: string | null;
}

/**
 * The owner's stance towards crawlers: rules for every agent, and for named agents. The group of
 * every agent states the site's usage preferences, never a Content-Signal of its own.
 */
export interface RobotsPolicy extends Omit<RobotsRules, 'contentSignal'> {
  agents: ({ userAgent: string } & RobotsRules)[];
  /**
   * The owner's own robots.txt (the public folder's), served as written, with the sitemap line
   * added only when it has none; the rules above then stand for nothing. Null when there is none.
   */
  written: string | null;
}
