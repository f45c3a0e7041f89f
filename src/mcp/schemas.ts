/**
 * Tool arguments and the one tool result the REST API has no record for, as valibot schemas: they
 * validate calls and, through @valibot/to-json-schema, become each tool's inputSchema and outputSchema.
 */
import * as v from 'valibot';
import { inWords, type Lang, languageName } from '../core/languages.ts';
import { SlugSchema, TimelinePostSchema } from '../core/schemas.ts';
import {
  CURSOR_PATTERN,
  FILTER_MAX_LENGTH,
  QUERY_MAX_LENGTH,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_LIMIT_MIN,
} from '../core/search-query.ts';
import { READ_CAP } from './pieces.ts';

/** The `lang` argument: one of the blog's languages (the manifest's), the first by default. */
function langArgument(languages: readonly Lang[]) {
  const first = languages[0] as Lang;
  const named = languages.map((lang) => `"${lang}" (${languageName(lang)})`);
  return v.optional(
    v.pipe(
      v.picklist(languages),
      v.description(`Content language: ${inWords(named, 'or')}. Default "${first}".`),
    ),
    first,
  );
}

const wholeNumber = (min: number, max: number, description: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max), v.description(description));

export const NoArgumentsSchema = v.strictObject({});

/** The arguments of the tools that take a language, for a blog in these languages. */
export function argumentSchemas(languages: readonly Lang[]) {
  const lang = langArgument(languages);
  const LangArguments = v.strictObject({ lang });
  const SearchArguments = v.strictObject({
    query: v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(QUERY_MAX_LENGTH),
      v.description(
        'Words to look for; accents and case do not matter, the last word also matches as a prefix.',
      ),
    ),
    lang,
    tag: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(FILTER_MAX_LENGTH),
        v.description('Only posts with this tag, as written in their tags (e.g. "http").'),
      ),
    ),
    series: v.optional(
      v.pipe(
        SlugSchema,
        v.description('Only the chapters of this series, by its slug (list_series gives them).'),
      ),
    ),
    limit: v.optional(
      wholeNumber(
        SEARCH_LIMIT_MIN,
        SEARCH_LIMIT_MAX,
        `Most results to return, best first (${SEARCH_LIMIT_MIN} to ${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}).`,
      ),
      SEARCH_LIMIT_DEFAULT,
    ),
    cursor: v.optional(
      v.pipe(
        v.string(),
        v.regex(new RegExp(CURSOR_PATTERN)),
        v.description('Where to continue: the nextCursor of the answer before, for the results after it.'),
      ),
    ),
  });

  const SeriesArguments = v.strictObject({
    slug: v.pipe(
      SlugSchema,
      v.description('The series slug (the same in every language), as list_series gives it.'),
    ),
    lang,
  });

  const TagArguments = v.strictObject({
    tag: v.pipe(
      v.string(),
      v.minLength(1),
      v.description('A tag as written in a post\'s tags, e.g. "http"; get_api_index lists every tag in use.'),
    ),
    lang,
    limit: v.optional(
      wholeNumber(1, 500, 'Keep only the newest N posts (1 to 500); total still counts them all.'),
    ),
  });

  const PostArguments = v.strictObject({
    slug: v.pipe(
      SlugSchema,
      v.description('The post slug, as search_blog_posts, get_series or get_posts_by_tag give it.'),
    ),
    lang,
    offset: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description(
          `Where to start reading, in characters (default 0); a result with more to read gives nextOffset. Each call returns at most ${READ_CAP} characters.`,
        ),
      ),
      0,
    ),
  });

  return { LangArguments, SearchArguments, SeriesArguments, TagArguments, PostArguments };
}

const characters = (description: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));

export const PostTextSchema = v.object({
  ...TimelinePostSchema.entries,
  markdownUrl: v.pipe(v.string(), v.url(), v.description("The post's Markdown twin, absolute")),
  offset: characters('Where this piece starts in the twin, in characters'),
  totalLength: characters("The twin's whole length, in characters"),
  nextOffset: v.optional(
    characters('Where the next piece starts: pass it as offset to read on. Absent on the last piece.'),
  ),
  markdown: v.pipe(
    v.string(),
    v.description('The twin from offset: front matter, title, description and body, links absolute'),
  ),
});

export type PostText = v.InferOutput<typeof PostTextSchema>;
