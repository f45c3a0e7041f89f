/**
 * The read-only tools as data: name, wording and the valibot schemas
 * of their arguments and results, for a blog in given languages. The run time validates calls with
 * them (the manifest's languages); the build turns them into the tools/list descriptors.
 */
import type * as v from 'valibot';
import type { Lang } from '../core/languages.ts';
import {
  ApiIndexSchema,
  SeriesDetailSchema,
  SeriesListingSchema,
  SlideTimelineSchema,
  TagTimelineSchema,
} from '../core/schemas.ts';
import type { ArgumentsSchema } from './arguments.ts';
import { READ_CAP } from './pieces.ts';
import { argumentSchemas, NoArgumentsSchema, PostTextSchema, SearchResultsSchema } from './schemas.ts';

export interface ToolSpec<
  I extends ArgumentsSchema = ArgumentsSchema,
  O extends v.GenericSchema = v.GenericSchema,
> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
}

const spec = <I extends ArgumentsSchema, O extends v.GenericSchema>(tool: ToolSpec<I, O>) => tool;

export function toolSpecs(languages: readonly Lang[]) {
  const args = argumentSchemas(languages);
  const searchBlogPosts = spec({
    name: 'search_blog_posts',
    title: 'Search blog posts',
    description:
      'Full-text search over the published posts of one language (title, tags, description and body), ' +
      'ranked by relevance. Use it to find what the blog says about a subject when you do not know the ' +
      'exact tag or series. Accents and case do not matter (cancion finds canción) and the last word also ' +
      'matches as a prefix. Posts with every word come first; when no post has them all, posts with any of ' +
      'them. Returns total (every match) and the best `limit` results with slug, title, description, date, ' +
      'tags, absolute url and score.',
    input: args.SearchArguments,
    output: SearchResultsSchema,
  });

  const getPost = spec({
    name: 'get_post',
    title: 'Read a post',
    description:
      'Read one post: its Markdown twin (front matter, title, description and the whole body, every link ' +
      'absolute) with its date, tags and url. Use it after search_blog_posts, get_series or ' +
      `get_posts_by_tag to read what a post says. A call returns at most ${READ_CAP} characters; when the ` +
      'post is longer, the result has nextOffset: call again with offset set to it to read on. totalLength ' +
      'is the whole length.',
    input: args.PostArguments,
    output: PostTextSchema,
  });

  const listSeries = spec({
    name: 'list_series',
    title: 'List series',
    description:
      'List the multi-part series of one language, newest activity first: slug, title, description, ' +
      'number of chapters and date of the latest one. Use it to see which series exist and to get the slug ' +
      'that get_series needs.',
    input: args.LangArguments,
    output: SeriesListingSchema,
  });

  const getSeries = spec({
    name: 'get_series',
    title: 'Get a series',
    description:
      'Get the chapters of one series in reading order (position 1 first), each with its date, tags and ' +
      'absolute url. Use it to read a series from the start or to find the chapter before or after a post. ' +
      'Series slugs are the same in every language; list_series gives the valid ones.',
    input: args.SeriesArguments,
    output: SeriesDetailSchema,
  });

  const getPostsByTag = spec({
    name: 'get_posts_by_tag',
    title: 'Get posts by tag',
    description:
      'List every post of one language that carries a tag (of any tier), newest first. Use it to browse a ' +
      'subject by its tag, e.g. "http" or "caching". Tags are those in a post\'s tags; get_api_index lists ' +
      'every tag in use. With `limit`, only the newest N posts are returned and total still counts them all.',
    input: args.TagArguments,
    output: TagTimelineSchema,
  });

  const listSlideDecks = spec({
    name: 'list_slide_decks',
    title: 'List slide decks',
    description:
      'List the published slide decks (talks) of one language, newest first, with the event, its date and ' +
      "the deck's url (the site's deck page for native decks, the external address otherwise). Use it when " +
      'asked about talks, presentations or slides.',
    input: args.LangArguments,
    output: SlideTimelineSchema,
  });

  const getApiIndex = spec({
    name: 'get_api_index',
    title: 'Get the API index',
    description:
      "Get the index of the blog's read-only REST API: version and versioning policy, rate limit, licence, " +
      'links to the OpenAPI description and the discovery documents, and every endpoint with its concrete ' +
      'URLs (so every series slug and tag in use). Use it to call the HTTP API directly or to list valid ' +
      'slugs and tags.',
    input: NoArgumentsSchema,
    output: ApiIndexSchema,
  });

  return { searchBlogPosts, getPost, listSeries, getSeries, getPostsByTag, listSlideDecks, getApiIndex };
}

/** Every tool, in the order tools/list gives them. */
export function toolList(languages: readonly Lang[]): ToolSpec[] {
  return Object.values(toolSpecs(languages));
}
