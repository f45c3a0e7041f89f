/**
 * The records served under /api/, as valibot schemas: the TypeScript types below, the OpenAPI
 * document and the MCP output schemas all derive from these.
 */
import * as v from 'valibot';
import { ERROR_CODES } from './errors.ts';

const isoDateTime = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.description('ISO 8601 UTC date-time with milliseconds'),
);
const absoluteUrl = v.pipe(v.string(), v.url());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const strings = v.array(v.string());

/**
 * A content language. The blog's languages are known only at build time, so the published schemas
 * (OpenAPI, MCP tools) replace this very schema object with an enum of them (src/build/language-enum.ts).
 */
export const LangSchema = v.string();
export const SlugSchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/), v.description('English slug'));
const heroImage = v.pipe(v.nullable(v.string()), v.description('Absolute URL of the image, or null'));

const position = v.pipe(v.number(), v.integer(), v.minValue(1));
/** Where a post stands in its series; each null when the post is in none. */
const seriesPlace = {
  series: v.pipe(v.nullable(SlugSchema), v.description('The slug of the series the post belongs to')),
  seriesOrder: v.pipe(
    v.nullable(position),
    v.description('The order the front matter gives, when it gives one'),
  ),
  seriesCurrent: v.pipe(
    v.nullable(position),
    v.description("The post's 1-based place in the series' reading order"),
  ),
  seriesTotal: v.pipe(v.nullable(position), v.description('How many chapters the series has')),
  seriesTitle: v.pipe(v.nullable(v.string()), v.description("The series' title in the post's language")),
};

/** The entries a post or deck names as going with it (`relatedPost`, `relatedSlide`), in its language. */
const relatedEntries = {
  relatedPosts: v.pipe(
    v.array(absoluteUrl),
    v.description('The pages of the posts that go with it, as its front matter names them; empty when none'),
  ),
  relatedSlides: v.pipe(
    v.array(absoluteUrl),
    v.description('The pages of the slide decks that go with it; empty when none'),
  ),
};

export const PostSchema = v.object({
  id: v.pipe(v.string(), v.description('<lang>/<date>_<slug>')),
  slug: SlugSchema,
  lang: LangSchema,
  title: v.string(),
  description: v.string(),
  pubDate: isoDateTime,
  tags: v.pipe(strings, v.description('Primary tags, and tags outside the taxonomy')),
  topics: v.pipe(strings, v.description('Secondary tags')),
  subtopics: v.pipe(strings, v.description('Subtopic tags; may be empty')),
  heroImage,
  url: v.pipe(absoluteUrl, v.description('The post page')),
  ...seriesPlace,
  ...relatedEntries,
});

export const PostIndexSchema = v.pipe(v.array(PostSchema), v.description('Newest post first'));

export const TimelinePostSchema = v.object({
  id: v.string(),
  slug: SlugSchema,
  lang: LangSchema,
  title: v.string(),
  description: v.string(),
  pubDate: isoDateTime,
  updatedDate: v.nullable(isoDateTime),
  tags: v.pipe(strings, v.description('Every tag of the post, all tiers')),
  heroImage,
  url: absoluteUrl,
  ...seriesPlace,
  ...relatedEntries,
});

export const SeriesChapterSchema = v.object({
  ...TimelinePostSchema.entries,
  position: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('1-based reading position')),
});

export const SeriesDetailSchema = v.object({
  series: SlugSchema,
  lang: LangSchema,
  title: v.string(),
  description: v.string(),
  total: count,
  posts: v.pipe(v.array(SeriesChapterSchema), v.description('Chapters in reading order')),
});

export const SeriesSummarySchema = v.object({
  slug: SlugSchema,
  title: v.string(),
  description: v.string(),
  order: v.pipe(v.number(), v.integer()),
  postCount: count,
  heroImage,
  firstPostHero: heroImage,
  lastPostDate: isoDateTime,
});

export const SeriesListingSchema = v.object({
  lang: LangSchema,
  total: count,
  series: v.pipe(v.array(SeriesSummarySchema), v.description('Newest activity first')),
});

export const TagTimelineSchema = v.object({
  tag: v.string(),
  lang: LangSchema,
  total: count,
  posts: v.pipe(v.array(TimelinePostSchema), v.description('Newest post first')),
});

export const DeckSchema = v.object({
  slug: SlugSchema,
  lang: LangSchema,
  title: v.string(),
  description: v.string(),
  pubDate: isoDateTime,
  heroImage,
  type: v.picklist(['native', 'external']),
  url: v.pipe(
    absoluteUrl,
    v.description('The deck page for native decks, the external address for external ones'),
  ),
  provider: v.nullable(v.string()),
  eventName: v.nullable(v.string()),
  eventDate: v.nullable(isoDateTime),
  eventUrl: v.pipe(v.nullable(absoluteUrl), v.description("The event's own page, when the deck names one")),
  externalUrl: v.pipe(
    v.nullable(absoluteUrl),
    v.description('Where an external deck is hosted (Speaker Deck, a PDF, …); null for a native deck'),
  ),
  pageUrl: v.pipe(
    absoluteUrl,
    v.description(
      "The deck's page on this site: the slides of a native deck, the event, date and link out of an external one",
    ),
  ),
  updatedDate: v.nullable(isoDateTime),
  relatedPost: v.pipe(
    v.nullable(absoluteUrl),
    v.description('The page of the first post that goes with the deck (relatedPosts has them all)'),
  ),
  ...relatedEntries,
});

export const SlideTimelineSchema = v.object({
  lang: LangSchema,
  total: count,
  decks: v.pipe(v.array(DeckSchema), v.description('Newest deck first')),
});

export const EndpointSchema = v.object({
  operationId: v.string(),
  description: v.string(),
  pathTemplate: v.string(),
  urls: v.array(absoluteUrl),
});

export const ApiIndexSchema = v.object({
  name: v.string(),
  description: v.string(),
  version: v.string(),
  versioning: v.object({
    policy: v.string(),
    current: v.string(),
    version_header: v.literal('X-API-Version'),
    url_prefixes: strings,
    deprecation_headers: strings,
    documentation_url: absoluteUrl,
  }),
  authentication: v.object({
    required: v.literal(false),
    scheme: v.literal('none'),
    description: v.string(),
    documentation_url: absoluteUrl,
  }),
  methods: strings,
  rate_limit: v.object({
    quota: count,
    window_seconds: count,
    scope: v.literal('client-ip'),
    enforcement: v.literal('best-effort'),
    headers: strings,
    documentation_url: absoluteUrl,
  }),
  error_format: v.object({
    media_type: v.string(),
    specification: v.string(),
    documentation_url: absoluteUrl,
  }),
  /** Null when the blog states no licence. */
  license: v.nullable(
    v.object({ name: v.string(), spdx: v.string(), url: absoluteUrl, attribution: v.string() }),
  ),
  links: v.object({
    openapi: absoluteUrl,
    developer_portal: absoluteUrl,
    mcp_endpoint: absoluteUrl,
    llms_txt: absoluteUrl,
    llms_full_txt: absoluteUrl,
    auth: absoluteUrl,
    ai_catalog: absoluteUrl,
    mcp_server_card: absoluteUrl,
    agent_skills: absoluteUrl,
    api_catalog: absoluteUrl,
    rss: v.pipe(absoluteUrl, v.description("RSS 2.0 feed of the first language's newest posts")),
    atom: v.pipe(absoluteUrl, v.description("Atom 1.0 feed of the first language's newest posts")),
    json_feed: v.pipe(absoluteUrl, v.description("JSON Feed 1.1 of the first language's newest posts")),
    sitemap: v.pipe(absoluteUrl, v.description('Sitemap index: one sitemap per language')),
    sitemap_md: v.pipe(absoluteUrl, v.description('Every page as its Markdown twin, for agents')),
    robots_txt: absoluteUrl,
  }),
  total: count,
  endpoints: v.array(EndpointSchema),
  /** The search is not among `endpoints`, whose URLs answer as they are: it needs its words. */
  search: v.object({
    operationId: v.string(),
    description: v.string(),
    pathTemplate: v.string(),
    parameters: v.pipe(v.array(v.string()), v.description('Its query parameters; q is required')),
    example: v.pipe(absoluteUrl, v.description('A search that answers')),
  }),
});

/** A search answer (the REST search and search_blog_posts): the same engine, the same JSON. */
export const SearchResultSchema = v.object({
  slug: PostSchema.entries.slug,
  title: v.string(),
  description: v.string(),
  pubDate: PostSchema.entries.pubDate,
  tags: TimelinePostSchema.entries.tags,
  url: v.pipe(PostSchema.entries.url, v.description('The post page, absolute')),
  score: v.pipe(v.number(), v.description('Relevance; higher is better')),
});

export const SearchResultsSchema = v.object({
  query: v.string(),
  lang: LangSchema,
  total: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Every matching post')),
  results: v.pipe(v.array(SearchResultSchema), v.description('The best matches, most relevant first')),
  nextCursor: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Where the next results start: pass it as cursor to read on. Absent on the last results.',
      ),
    ),
  ),
});

export const ProblemSchema = v.object({
  type: absoluteUrl,
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.string(),
  instance: v.string(),
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    hint: v.string(),
    documentation_url: absoluteUrl,
  }),
});

export type Post = v.InferOutput<typeof PostSchema>;
export type TimelinePost = v.InferOutput<typeof TimelinePostSchema>;
export type SeriesChapter = v.InferOutput<typeof SeriesChapterSchema>;
export type SeriesDetail = v.InferOutput<typeof SeriesDetailSchema>;
export type SeriesSummary = v.InferOutput<typeof SeriesSummarySchema>;
export type SeriesListing = v.InferOutput<typeof SeriesListingSchema>;
export type TagTimeline = v.InferOutput<typeof TagTimelineSchema>;
export type Deck = v.InferOutput<typeof DeckSchema>;
export type SlideTimeline = v.InferOutput<typeof SlideTimelineSchema>;
export type ApiIndex = v.InferOutput<typeof ApiIndexSchema>;
export type Endpoint = v.InferOutput<typeof EndpointSchema>;
export type SearchResult = v.InferOutput<typeof SearchResultSchema>;
export type SearchResults = v.InferOutput<typeof SearchResultsSchema>;
