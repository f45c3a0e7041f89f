/**
 * The shape bounds of a JSON-RPC body, checked in one pass over its text before it is parsed: how
 * deep its objects and arrays nest and how many members each holds. Whatever walks a parsed value
 * recursively afterwards (schema checks, the echo of a wrong argument) then has a bounded stack,
 * and no body makes the server run out of one.
 */

/** Deeper than any MCP message needs (initialize's capabilities nest four levels). */
export const MAX_JSON_DEPTH = 64;
/** Members of one object or elements of one array. */
export const MAX_JSON_MEMBERS = 1024;

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  endOfString,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-scan.ts';

/**
 * Why the text is past the bounds, or null when it is within them. The text need not be valid
 * JSON: strings are skipped by their quotes, and only brackets and commas outside them count.
 */
export function jsonBoundsProblem(text: string): string | null {
  /** The member count of each open container, innermost last. */
  const members: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfString(text, i) - 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (members.push(1) > MAX_JSON_DEPTH) return `it nests deeper than ${MAX_JSON_DEPTH} levels`;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      members.pop();
    } else if (code === COMMA && members.length > 0) {
      const count = ++members[members.length - 1]!;
      if (count > MAX_JSON_MEMBERS)
        return `an object or array in it has more than ${MAX_JSON_MEMBERS} members`;
    }
  }
  return null;
}
