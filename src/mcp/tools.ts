/** The six read-only tools (decisions.md section 4), over the REST API's own resources. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { tagsInUse } from '../api/records.ts';
import type { ApiResources } from '../api/resources.ts';
import {
  ApiIndexSchema,
  SeriesDetailSchema,
  SeriesListingSchema,
  SlideTimelineSchema,
  TagTimelineSchema,
} from '../api/schemas.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { once } from '../http/body.ts';
import { type ArgumentsSchema, argumentsParser, type Parsed } from './arguments.ts';
import { type CallToolResult, type JsonObject, READ_ONLY, type Tool, toolErrorResult } from './protocol.ts';
import {
  LangArgumentsSchema,
  NoArgumentsSchema,
  SearchArgumentsSchema,
  SearchResultsSchema,
  SeriesArgumentsSchema,
  TagArgumentsSchema,
} from './schemas.ts';
import { createSearch } from './search.ts';

/** What a well-formed call finds: the record, or why there is none and where to find valid values. */
type Outcome<T> = { found: true; value: T } | { found: false; message: string };

interface ToolSpec<I extends ArgumentsSchema, O extends v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  run: (args: v.InferOutput<I>) => Outcome<v.InferOutput<O>>;
}

/** A tool with its types erased: arguments in, a tools/call result (or a message naming the bad argument) out. */
export interface McpTool {
  name: string;
  descriptor: () => Tool;
  call: (args: JsonObject) => Parsed<CallToolResult>;
}

const LANGUAGE: Record<Lang, string> = { en: 'English', es: 'Spanish' };

function found<T>(value: T): Outcome<T> {
  return { found: true, value };
}

/** JSON Schema 2020-12, the dialect MCP assumes for tool schemas (the converter's default is draft-07). */
function jsonSchema(schema: v.GenericSchema): JsonObject {
  return toJsonSchema(schema, { target: 'draft-2020-12' }) as JsonObject;
}

function defineTool<I extends ArgumentsSchema, O extends v.GenericSchema>(spec: ToolSpec<I, O>): McpTool {
  const inputSchema = once(() => jsonSchema(spec.input));
  const parseArguments = argumentsParser(spec.name, spec.input, inputSchema);
  return {
    name: spec.name,
    descriptor: () => ({
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: inputSchema(),
      outputSchema: jsonSchema(spec.output),
      annotations: READ_ONLY,
    }),
    call(args) {
      const parsed = parseArguments(args);
      if (!parsed.ok) return parsed;
      const outcome = spec.run(parsed.value);
      if (!outcome.found) return { ok: true, value: toolErrorResult(outcome.message) };
      const structuredContent = outcome.value as JsonObject;
      const text = JSON.stringify(structuredContent);
      return { ok: true, value: { content: [{ type: 'text', text }], structuredContent } };
    },
  };
}

export function createTools(data: SiteData, api: ApiResources, baseUrl: string): McpTool[] {
  const search = createSearch(data, baseUrl);
  const seriesListing = (lang: Lang) => api.seriesListings.get(`${lang}/`)!.value();

  const searchBlogPosts = defineTool({
    name: 'search_blog_posts',
    title: 'Search blog posts',
    description:
      'Full-text search over the published posts of one language (title, tags, description and body), ' +
      'ranked by relevance. Use it to find what the blog says about a subject when you do not know the ' +
      'exact tag or series. Accents and case do not matter (cancion finds canción) and the last word also ' +
      'matches as a prefix. Posts with every word come first; when no post has them all, posts with any of ' +
      'them. Returns total (every match) and the best `limit` results with slug, title, description, date, ' +
      'tags, absolute url and score.',
    input: SearchArgumentsSchema,
    output: SearchResultsSchema,
    run: (args) => found(search(args)),
  });

  const listSeries = defineTool({
    name: 'list_series',
    title: 'List series',
    description:
      'List the multi-part series of one language, newest activity first: slug, title, description, ' +
      'number of chapters and date of the latest one. Use it to see which series exist and to get the slug ' +
      'that get_series needs.',
    input: LangArgumentsSchema,
    output: SeriesListingSchema,
    run: ({ lang }) => found(seriesListing(lang)),
  });

  const getSeries = defineTool({
    name: 'get_series',
    title: 'Get a series',
    description:
      'Get the chapters of one series in reading order (position 1 first), each with its date, tags and ' +
      'absolute url. Use it to read a series from the start or to find the chapter before or after a post. ' +
      'Series slugs are English in both languages; list_series gives the valid ones.',
    input: SeriesArgumentsSchema,
    output: SeriesDetailSchema,
    run: ({ slug, lang }) => {
      const detail = api.seriesDetails.get(`${lang}/${slug}`);
      if (detail) return found(detail.value());
      const slugs = seriesListing(lang).series.map((series) => series.slug);
      return {
        found: false,
        message:
          `No series "${slug}" in ${LANGUAGE[lang]}. Call list_series with lang "${lang}" for the valid ` +
          `slugs (${slugs.join(', ') || 'none yet'}); they are also listed at ${baseUrl}/api/series/${lang}/index.json.`,
      };
    },
  });

  const getPostsByTag = defineTool({
    name: 'get_posts_by_tag',
    title: 'Get posts by tag',
    description:
      'List every post of one language that carries a tag (of any tier), newest first. Use it to browse a ' +
      'subject by its tag, e.g. "http" or "caching". Tags are those in a post\'s tags; get_api_index lists ' +
      'every tag in use. With `limit`, only the newest N posts are returned and total still counts them all.',
    input: TagArgumentsSchema,
    output: TagTimelineSchema,
    run: ({ tag, lang, limit }) => {
      const timeline = api.timelines.get(`${lang}/${tag}`)?.value();
      if (timeline)
        return found(limit === undefined ? timeline : { ...timeline, posts: timeline.posts.slice(0, limit) });
      return {
        found: false,
        message:
          `No ${LANGUAGE[lang]} post has the tag "${tag}". Tags in use in ${LANGUAGE[lang]}: ` +
          `${tagsInUse(data, lang).join(', ')}. get_api_index lists them too, and search_blog_posts finds posts by any word.`,
      };
    },
  });

  const listSlideDecks = defineTool({
    name: 'list_slide_decks',
    title: 'List slide decks',
    description:
      'List the published slide decks (talks) of one language, newest first, with the event, its date and ' +
      "the deck's url (the site's deck page for native decks, the external address otherwise). Use it when " +
      'asked about talks, presentations or slides.',
    input: LangArgumentsSchema,
    output: SlideTimelineSchema,
    run: ({ lang }) => found(api.slides.get(`${lang}/`)!.value()),
  });

  const getApiIndex = defineTool({
    name: 'get_api_index',
    title: 'Get the API index',
    description:
      "Get the index of the blog's read-only REST API: version and versioning policy, rate limit, licence, " +
      'links to the OpenAPI description and the discovery documents, and every endpoint with its concrete ' +
      'URLs (so every series slug and tag in use). Use it to call the HTTP API directly or to list valid ' +
      'slugs and tags.',
    input: NoArgumentsSchema,
    output: ApiIndexSchema,
    run: () => found(api.index.value()),
  });

  return [searchBlogPosts, listSeries, getSeries, getPostsByTag, listSlideDecks, getApiIndex];
}
