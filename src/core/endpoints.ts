/** The catalog of API endpoints: the router, the API index, OpenAPI and the portal all read it. */
import type { GenericSchema } from 'valibot';
import { type Lang, languageName, postIndexOperationId } from './languages.ts';
import {
  ApiIndexSchema,
  PostIndexSchema,
  SearchResultsSchema,
  SeriesDetailSchema,
  SeriesListingSchema,
  SlideTimelineSchema,
  TagTimelineSchema,
} from './schemas.ts';

export type PathParam = 'lang' | 'slug' | 'tag';

export interface EndpointSpec {
  operationId: string;
  summary: string;
  description: string;
  pathTemplate: string;
  pathParams: readonly PathParam[];
  /** Accepts `limit` and reports X-Total-Count. */
  isPostIndex: boolean;
  schema: GenericSchema;
}

/** The endpoints every deployment has; `endpointsFor` adds one post index per language. */
const SHARED_ENDPOINTS = [
  {
    operationId: 'getApiIndex',
    summary: 'API index',
    description:
      'The API index: version, versioning policy, authentication, rate limit, links and every endpoint with its concrete URLs.',
    pathTemplate: '/api/index.json',
    pathParams: [],
    isPostIndex: false,
    schema: ApiIndexSchema,
  },
  {
    operationId: 'listPosts',
    summary: 'All posts',
    description: 'Every published post in every language, newest first.',
    pathTemplate: '/api/posts.json',
    pathParams: [],
    isPostIndex: true,
    schema: PostIndexSchema,
  },
  {
    operationId: 'listSeries',
    summary: 'Series in a language',
    description:
      'The multi-part series with at least one published post in the language, newest activity first.',
    pathTemplate: '/api/series/{lang}/index.json',
    pathParams: ['lang'],
    isPostIndex: false,
    schema: SeriesListingSchema,
  },
  {
    operationId: 'getSeries',
    summary: 'One series',
    description: 'The chapters of one series in reading order.',
    pathTemplate: '/api/series/{lang}/{slug}.json',
    pathParams: ['lang', 'slug'],
    isPostIndex: false,
    schema: SeriesDetailSchema,
  },
  {
    operationId: 'getTimelineByTag',
    summary: 'Posts with a tag',
    description: 'Every post with the tag in the language, newest first.',
    pathTemplate: '/api/timeline/{lang}/{tag}.json',
    pathParams: ['lang', 'tag'],
    isPostIndex: false,
    schema: TagTimelineSchema,
  },
  {
    operationId: 'getSlidesTimeline',
    summary: 'Slide decks',
    description: 'Every published slide deck in the language, newest first.',
    pathTemplate: '/api/slides-timeline/{lang}.json',
    pathParams: ['lang'],
    isPostIndex: false,
    schema: SlideTimelineSchema,
  },
] as const satisfies readonly EndpointSpec[];

export type SharedOperationId = (typeof SHARED_ENDPOINTS)[number]['operationId'];

/** What the post index of the language named `name` (in English) lists. */
export const postIndexDescription = (name: string): string => `Every published ${name} post, newest first.`;

/** The post index of one language: `/api/posts-<lang>.json`, operationId `listPostsIn<Language>`. */
export function postIndexEndpoint(lang: Lang): EndpointSpec {
  const name = languageName(lang);
  return {
    operationId: postIndexOperationId(lang),
    summary: `Posts in ${name}`,
    description: postIndexDescription(name),
    pathTemplate: `/api/posts-${lang}.json`,
    pathParams: [],
    isPostIndex: true,
    schema: PostIndexSchema,
  };
}

/** The catalog of a deployment in these languages, in the order the index and OpenAPI list it. */
export function endpointsFor(languages: readonly Lang[]): EndpointSpec[] {
  const [index, allPosts, ...rest] = SHARED_ENDPOINTS;
  return [index, allPosts, ...languages.map(postIndexEndpoint), ...rest];
}
export type Params = Partial<Record<PathParam, string>>;

/** The path template with its parameters filled in, each percent-encoded as a path segment. */
export function expandTemplate(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (_, name: PathParam) => encodeURIComponent(params[name] ?? ''));
}

/** The query parameters of the search, in the order OpenAPI and the portal list them. */
export const SEARCH_PARAMETERS = ['q', 'lang', 'tag', 'series', 'limit', 'cursor'] as const;

/**
 * The one API answer computed per request: full-text search over one language's posts, ranked as
 * the MCP tool search_blog_posts ranks them. It is not in `endpointsFor`: the index lists there the
 * URLs that answer as they are, and a search answers only with its words (`q`).
 */
export const SEARCH_ENDPOINT = {
  operationId: 'searchPosts',
  summary: 'Search posts',
  description:
    'Full-text search over the published posts of one language (title, tags, description and body), ranked by relevance exactly as the MCP tool search_blog_posts ranks them; optionally only the posts with a tag or the chapters of a series, a page of `limit` results at a time, `cursor` for the next.',
  pathTemplate: '/api/search.json',
  schema: SearchResultsSchema,
} as const;
