/**
 * What a search asks, for both the REST search (`/api/search.json`) and the MCP tool
 * search_blog_posts: the bounds of its words and of a page of results, and the continuation
 * (`cursor`) a page gives for the next one. Both check a request against these, so they refuse
 * and accept the same values.
 */

/** The words of a query: at least one character, at most this many. */
export const QUERY_MAX_LENGTH = 200;
/** Results a page holds: `limit` is a whole number in these bounds, `SEARCH_LIMIT_DEFAULT` when not given. */
export const SEARCH_LIMIT_MIN = 1;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;
/** A filter's value (a tag as written in posts, a series slug): at most this many characters. */
export const FILTER_MAX_LENGTH = 200;

/**
 * A continuation is the number of results the pages before it showed, in decimal: opaque to
 * clients, who pass back the `nextCursor` an answer gave. The pattern is also the JSON Schema's.
 */
export const CURSOR_PATTERN = '^(0|[1-9][0-9]{0,8})$';
const CURSOR = new RegExp(CURSOR_PATTERN);

export const cursorAt = (offset: number): string => String(offset);

/** Where the page a cursor continues from starts; null when it is not one this service gave. */
export function offsetOfCursor(cursor: string): number | null {
  return CURSOR.test(cursor) ? Number(cursor) : null;
}

/** A search as the engine runs it, checked. */
export interface SearchQuery {
  query: string;
  lang: string;
  limit: number;
  /** How many of the best results the pages before this one showed. */
  offset: number;
  /** Only posts with this tag (as written in their tags). */
  tag: string | null;
  /** Only the chapters of this series (its slug). */
  series: string | null;
}
