/**
 * The OpenAPI 3.1 description of the API, generated from the endpoint catalog and the valibot
 * schemas that shape the data, with the served records as examples.
 */
import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import { API_VERSION, RATE_LIMIT_HEADERS } from '../../core/api.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/deployment.ts';
import {
  type EndpointSpec,
  type PathParam,
  SEARCH_ENDPOINT,
  SEARCH_PARAMETERS,
} from '../../core/endpoints.ts';
import { ERROR_KINDS, type ErrorCode, problem } from '../../core/errors.ts';
import type { Lang } from '../../core/languages.ts';
import { PATHS } from '../../core/paths.ts';
import {
  ApiIndexSchema,
  DeckSchema,
  PostIndexSchema,
  PostSchema,
  ProblemSchema,
  type SearchResults,
  SearchResultsSchema,
  SeriesChapterSchema,
  SeriesDetailSchema,
  SeriesListingSchema,
  SeriesSummarySchema,
  SlideTimelineSchema,
  SlugSchema,
  TagTimelineSchema,
  TimelinePostSchema,
} from '../../core/schemas.ts';
import {
  CURSOR_PATTERN,
  FILTER_MAX_LENGTH,
  QUERY_MAX_LENGTH,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_LIMIT_MIN,
} from '../../core/search-query.ts';
import { describeLicense } from '../api/license.ts';
import type { ApiResources } from '../api/resources.ts';
import type { SiteData } from '../data/types.ts';
import { languageEnum, withLanguageEnum } from '../language-enum.ts';

const SCHEMAS = {
  ApiIndex: ApiIndexSchema,
  Post: PostSchema,
  PostIndex: PostIndexSchema,
  TimelinePost: TimelinePostSchema,
  SeriesChapter: SeriesChapterSchema,
  SeriesDetail: SeriesDetailSchema,
  SeriesSummary: SeriesSummarySchema,
  SeriesListing: SeriesListingSchema,
  TagTimeline: TagTimelineSchema,
  Deck: DeckSchema,
  SlideTimeline: SlideTimelineSchema,
  SearchResults: SearchResultsSchema,
  Problem: ProblemSchema,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The component name of an endpoint's response schema: its name among the shared ones, else one
 * made from its operationId (`listTags` -> `ListTags`), so a new endpoint's schema needs no entry.
 */
function schemaName(endpoint: Pick<EndpointSpec, 'operationId' | 'schema'>): string {
  const entry = Object.entries(SCHEMAS).find(([, schema]) => schema === endpoint.schema);
  return entry ? entry[0] : endpoint.operationId.charAt(0).toUpperCase() + endpoint.operationId.slice(1);
}

/** Every response header the API sends; `required` where the responses that declare it always carry it. */
const HEADERS = {
  'X-API-Version': {
    description: 'The current API version.',
    required: true,
    schema: { type: 'string', example: API_VERSION },
  },
  'RateLimit-Policy': {
    description: 'Quota and window (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";q=300;w=60`.',
    required: true,
    schema: { type: 'string', pattern: '^"default";q=\\d+;w=\\d+$' },
  },
  RateLimit: {
    description: 'Current quota state, e.g. `"default";r=299;t=60`.',
    required: true,
    schema: { type: 'string', pattern: '^"default";r=\\d+;t=\\d+$' },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed per window.',
    required: true,
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the window.',
    required: true,
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the oldest counted request leaves the window.',
    required: true,
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (RFC 6585).',
    required: true,
    schema: { type: 'integer' },
  },
  'X-Total-Count': {
    description: 'Size of the full index before `limit` applies.',
    required: true,
    schema: { type: 'integer' },
  },
  ETag: {
    description: 'Validator of the body; send it back in If-None-Match.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Cache-Control': {
    description: 'Caching policy.',
    required: true,
    schema: { type: 'string', example: 'public, max-age=3600' },
  },
  Vary: {
    description: 'The request headers the representation depends on, when there are any.',
    schema: { type: 'string' },
  },
  'Access-Control-Allow-Origin': {
    description: 'Open CORS.',
    required: true,
    schema: { type: 'string', const: '*' },
  },
  'Access-Control-Expose-Headers': {
    description:
      'The headers a browser script may read: X-API-Version, the RateLimit headers, Retry-After, X-Total-Count, ETag and the deprecation headers.',
    required: true,
    schema: { type: 'string' },
  },
  Deprecation: {
    description: 'During a deprecation window: when it started, as `@<epoch-seconds>` (RFC 9745).',
    schema: { type: 'string', pattern: '^@\\d+$' },
  },
  Sunset: {
    description: 'During a deprecation window: when the endpoint stops, as an HTTP-date (RFC 8594).',
    schema: { type: 'string' },
  },
  Link: {
    description:
      'During a deprecation window: `<...>; rel="deprecation"`, the deprecation notice (RFC 9745).',
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The allowed methods.',
    required: true,
    schema: { type: 'string', const: 'GET, HEAD' },
  },
} as const;

type HeaderName = keyof typeof HEADERS;
const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Headers on every API response; RATE_LIMIT_HEADERS minus Retry-After, which only a 429 carries. */
const COMMON_HEADERS: HeaderName[] = [
  'X-API-Version',
  ...(RATE_LIMIT_HEADERS.filter((name) => name !== 'Retry-After') as HeaderName[]),
  'Cache-Control',
  'Access-Control-Allow-Origin',
  'Access-Control-Expose-Headers',
];

/** What a deprecated endpoint adds to its answers: Deprecation, Sunset and a Link to the notice. */
const DEPRECATION_HEADERS: HeaderName[] = ['Deprecation', 'Sunset', 'Link'];

/** A 304 carries the validators, caching and API headers of the 200, but nothing about a body. */
const NOT_MODIFIED_HEADERS: HeaderName[] = [...COMMON_HEADERS, 'ETag', 'Vary', ...DEPRECATION_HEADERS];

/** The headers each error adds to the common ones: a 400 keeps the endpoint's deprecation headers. */
const ERROR_HEADERS: Record<ErrorCode, readonly HeaderName[]> = {
  invalid_request: DEPRECATION_HEADERS,
  uri_too_long: [],
  resource_not_found: [],
  method_not_allowed: ['Allow'],
  not_acceptable: ['Vary'],
  gone: [],
  rate_limited: ['Retry-After'],
  internal_error: [],
};

/** The search's query parameters, by name (`search-<name>` among the components). */
const searchParameters = (
  languages: readonly Lang[],
): Record<(typeof SEARCH_PARAMETERS)[number], object> => ({
  q: {
    name: 'q',
    in: 'query',
    required: true,
    description: `The words to look for, 1 to ${QUERY_MAX_LENGTH} characters; accents and case do not matter, the last word also matches as a prefix. Missing or empty is 400 invalid_request.`,
    schema: { type: 'string', minLength: 1, maxLength: QUERY_MAX_LENGTH },
  },
  lang: {
    name: 'lang',
    in: 'query',
    required: false,
    description: `Content language; the first language (${languages[0]}) when absent.`,
    schema: languageEnum(languages),
  },
  tag: {
    name: 'tag',
    in: 'query',
    required: false,
    description: "Only posts with this tag, as written in a post's tags.",
    schema: { type: 'string', minLength: 1, maxLength: FILTER_MAX_LENGTH },
  },
  series: {
    name: 'series',
    in: 'query',
    required: false,
    description: 'Only the chapters of this series (its English slug, as listSeries gives it).',
    schema: { type: 'string', pattern: SlugSchema.pipe[1].requirement.source },
  },
  limit: {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Results per page, best first: decimal digits only, ${SEARCH_LIMIT_MIN} to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}). Anything else is 400 invalid_request.`,
    schema: {
      type: 'integer',
      minimum: SEARCH_LIMIT_MIN,
      maximum: SEARCH_LIMIT_MAX,
      default: SEARCH_LIMIT_DEFAULT,
    },
  },
  cursor: {
    name: 'cursor',
    in: 'query',
    required: false,
    description:
      'The nextCursor of the answer before: the page of results after it. Anything else is 400 invalid_request.',
    schema: { type: 'string', pattern: CURSOR_PATTERN },
  },
});

const parameters = (languages: readonly Lang[]): Record<PathParam | 'limit', object> => ({
  lang: {
    name: 'lang',
    in: 'path',
    required: true,
    description: 'Content language.',
    schema: languageEnum(languages),
  },
  slug: {
    name: 'slug',
    in: 'path',
    required: true,
    description: 'English series slug; valid values come from listSeries or getApiIndex.',
    schema: { type: 'string', pattern: SlugSchema.pipe[1].requirement.source },
  },
  tag: {
    name: 'tag',
    in: 'path',
    required: true,
    description: "A tag as used in a post's tags; every tag in use is listed in getApiIndex.",
    schema: { type: 'string' },
  },
  limit: {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Only the newest N posts: decimal digits only, ${LIMIT_MIN} to ${LIMIT_MAX}. Anything else (or the parameter twice) is 400 invalid_request.`,
    schema: { type: 'integer', minimum: LIMIT_MIN, maximum: LIMIT_MAX },
  },
});

const EXAMPLE_ITEMS = 2;

/** A served record, arrays cut to a couple of items to keep the document readable. */
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(shorten);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shorten(item)]));
  }
  return value;
}

export interface OpenApiContext {
  data: SiteData;
  baseUrl: string;
  api: ApiResources;
}

export function buildOpenApi({ data, baseUrl, api }: OpenApiContext): object {
  const { languages } = data.site;
  const docs = `${baseUrl}${PATHS.developerPortal}`;
  const license = describeLicense(data.site.license, `${docs}#license`);

  /** The first concrete URL of the endpoint, and the resource served there. */
  function example(endpoint: EndpointSpec): unknown {
    const url = api.urls(endpoint.operationId as never)[0];
    const params = url ? exampleParams(endpoint, url) : {};
    return shorten(api.find(endpoint.operationId as never, params)?.resource.value());
  }

  function errorResponse(code: ErrorCode, path: string) {
    const kind = ERROR_KINDS[code];
    const body = problem(baseUrl, code, `Example: ${kind.title} for ${path}.`, path);
    const content = { schema: ref('Problem'), example: body };
    return {
      description: `${kind.title} (\`${code}\`): ${kind.hint}`,
      headers: headerRefs([...COMMON_HEADERS, ...ERROR_HEADERS[code]]),
      content: { 'application/problem+json': content, 'application/json': content },
    };
  }

  /** What sets an operation apart: its query parameters, the headers of its 200 and its 400. */
  interface Shape {
    parameters: object[];
    okHeaders: readonly HeaderName[];
    invalidRequest: boolean;
    example: unknown;
  }

  function shapeOf(endpoint: EndpointSpec): Shape {
    return {
      parameters: [
        ...endpoint.pathParams.map((name) => ({ $ref: `#/components/parameters/${name}` })),
        ...(endpoint.isPostIndex ? [{ $ref: '#/components/parameters/limit' }] : []),
      ],
      okHeaders: endpoint.isPostIndex ? ['X-Total-Count'] : [],
      invalidRequest: endpoint.isPostIndex,
      example: example(endpoint),
    };
  }

  const searchShape: Shape = {
    parameters: SEARCH_PARAMETERS.map((name) => ({ $ref: `#/components/parameters/search-${name}` })),
    okHeaders: [],
    invalidRequest: true,
    example: searchExample(data, baseUrl),
  };

  function operation(
    endpoint: Pick<EndpointSpec, 'operationId' | 'summary' | 'description' | 'pathTemplate' | 'schema'>,
    shape: Shape,
  ) {
    const okHeaders: HeaderName[] = [...NOT_MODIFIED_HEADERS, ...shape.okHeaders];
    const errors: ErrorCode[] = [
      ...(shape.invalidRequest ? (['invalid_request'] as const) : []),
      'resource_not_found',
      'method_not_allowed',
      'not_acceptable',
      'gone',
      'rate_limited',
      'internal_error',
    ];
    return {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: `${endpoint.description} Also served under /api/v1/ with an identical response; HEAD answers the same headers without a body.`,
      tags: ['blog'],
      security: [],
      parameters: shape.parameters,
      responses: {
        200: {
          description: endpoint.summary,
          headers: headerRefs(okHeaders),
          content: { 'application/json': { schema: ref(schemaName(endpoint)), example: shape.example } },
        },
        304: {
          description:
            'Not Modified: the If-None-Match validator matches. No body, so no Content-Type, Content-Length or X-Total-Count (RFC 9110 section 15.4.5).',
          headers: headerRefs(NOT_MODIFIED_HEADERS),
        },
        ...Object.fromEntries(
          errors.map((code) => [ERROR_KINDS[code].status, errorResponse(code, endpoint.pathTemplate)]),
        ),
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: `${data.site.name} API`,
      version: API_VERSION,
      description: `Read-only JSON API over ${data.site.name}: ${data.site.description} Public and anonymous: no key, no account.${license ? ` ${data.site.name}'s content is licensed ${license.name}; reuse it with attribution.` : ''}`,
      ...(license && { license: { name: license.name, identifier: license.spdx } }),
      contact: { name: data.site.author.name, url: docs },
    },
    externalDocs: { description: 'Developer portal', url: docs },
    servers: [{ url: baseUrl, description: 'Also under /api/v1/ with identical responses.' }],
    security: [],
    tags: [{ name: 'blog', description: 'Posts, series, tag timelines and slide decks.' }],
    paths: Object.fromEntries([
      ...api.endpoints.map((endpoint) => [
        endpoint.pathTemplate,
        { get: operation(endpoint, shapeOf(endpoint)) },
      ]),
      [SEARCH_ENDPOINT.pathTemplate, { get: operation(SEARCH_ENDPOINT, searchShape) }],
    ]),
    components: {
      schemas: toJsonSchemaDefs(
        { ...SCHEMAS, ...Object.fromEntries(api.endpoints.map((e) => [schemaName(e), e.schema])) },
        {
          target: 'draft-2020-12',
          overrideRef: (context) => `#/components/schemas/${context.referenceId}`,
          overrideSchema: withLanguageEnum(languages),
        },
      ),
      parameters: {
        ...parameters(languages),
        ...Object.fromEntries(
          Object.entries(searchParameters(languages)).map(([name, parameter]) => [
            `search-${name}`,
            parameter,
          ]),
        ),
      },
      headers: HEADERS,
    },
  };
}

/**
 * What a search for a word of the newest post's title answers, as its example: that post, alone
 * (a made-up score; the ranking is the server's, per request).
 */
function searchExample(data: SiteData, baseUrl: string): SearchResults {
  const lang = data.site.languages[0] as Lang;
  const post = data.posts.find((candidate) => candidate.lang === lang);
  if (!post) return { query: 'cache', lang, total: 0, results: [] };
  const query = post.title.split(/\s+/)[0] ?? post.slug;
  const { slug, title, description, pubDate, allTags: tags } = post;
  return {
    query,
    lang,
    total: 1,
    results: [{ slug, title, description, pubDate, tags, url: baseUrl + post.path, score: 1 }],
  };
}

/** The path parameters of a concrete URL of the endpoint. */
function exampleParams(endpoint: EndpointSpec, url: string): Partial<Record<PathParam, string>> {
  const source = endpoint.pathTemplate.replace(/\./g, '\\.').replace(/\{\w+\}/g, '([^/]+)');
  const match = new URL(url).pathname.match(new RegExp(`^${source}$`));
  return Object.fromEntries(
    endpoint.pathParams.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]),
  );
}
