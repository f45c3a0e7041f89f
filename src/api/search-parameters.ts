/**
 * The query parameters of `/api/search.json`: `q` (required), `lang`, `tag`, `series`, `limit`
 * and `cursor`, each given at most once, checked against the bounds the MCP tool's arguments use
 * (src/core/search-query.ts). A bad one is named, with what was expected and what was received.
 */
import type { Lang } from '../core/languages.ts';
import {
  FILTER_MAX_LENGTH,
  offsetOfCursor,
  QUERY_MAX_LENGTH,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_LIMIT_MIN,
  type SearchQuery,
} from '../core/search-query.ts';
import { queryValues } from '../http/request-target.ts';
import { parseLimitWithin } from './limit.ts';

export type SearchParameters = { ok: true; value: SearchQuery } | { ok: false; detail: string };

const SLUG = /^[a-z0-9-]+$/;

class BadParameter extends Error {}

/** The search a query string asks for, or why it cannot be run. */
export function parseSearchParameters(search: string, languages: readonly Lang[]): SearchParameters {
  try {
    const query = once(search, 'q', 'the words to look for');
    if (query === null || query.trim() === '')
      throw new BadParameter(
        `The q parameter is required: the words to look for, 1 to ${QUERY_MAX_LENGTH} characters; received ${shown(query ?? '')}.`,
      );
    if (query.length > QUERY_MAX_LENGTH)
      throw new BadParameter(
        `The q parameter must be at most ${QUERY_MAX_LENGTH} characters; received ${query.length}.`,
      );
    return {
      ok: true,
      value: {
        query,
        lang: langOf(search, languages),
        tag: filterOf(search, 'tag', 'a tag as written in posts', (tag) => tag.length <= FILTER_MAX_LENGTH),
        series: filterOf(search, 'series', 'a series slug (lower-case letters, digits, hyphens)', (slug) =>
          SLUG.test(slug),
        ),
        limit: limitOf(search),
        offset: offsetOf(search),
      },
    };
  } catch (error) {
    if (error instanceof BadParameter) return { ok: false, detail: error.message };
    throw error;
  }
}

const shown = (value: string) => JSON.stringify(value);

/** The parameter's one value, null when absent; given twice it is refused. */
function once(search: string, name: string, expected: string): string | null {
  const values = search.includes(name) || search.includes('%') ? queryValues(search, name) : [];
  if (values.length > 1)
    throw new BadParameter(
      `The ${name} parameter was given ${values.length} times; give it once: ${expected}.`,
    );
  return values[0] ?? null;
}

function langOf(search: string, languages: readonly Lang[]): Lang {
  const expected = `one of ${languages.map(shown).join(', ')}`;
  const lang = once(search, 'lang', expected);
  if (lang === null) return languages[0] as Lang;
  if ((languages as readonly string[]).includes(lang)) return lang as Lang;
  throw new BadParameter(`The lang parameter must be ${expected}; received ${shown(lang)}.`);
}

function filterOf(search: string, name: string, expected: string, valid: (value: string) => boolean) {
  const value = once(search, name, expected);
  if (value === null) return null;
  if (value !== '' && valid(value)) return value;
  throw new BadParameter(`The ${name} parameter must be ${expected}; received ${shown(value)}.`);
}

function limitOf(search: string): number {
  const limit = parseLimitWithin(search, SEARCH_LIMIT_MIN, SEARCH_LIMIT_MAX);
  if (!limit.ok) throw new BadParameter(limit.detail);
  return limit.value ?? SEARCH_LIMIT_DEFAULT;
}

function offsetOf(search: string): number {
  const expected = 'the nextCursor of an earlier answer';
  const cursor = once(search, 'cursor', expected);
  if (cursor === null) return 0;
  const offset = offsetOfCursor(cursor);
  if (offset !== null) return offset;
  throw new BadParameter(`The cursor parameter must be ${expected}; received ${shown(cursor)}.`);
}
