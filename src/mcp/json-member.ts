/**
 * The source text of one member of a JSON object, as the client wrote it. JSON.parse turns
 * 12345678901234567890 into 12345678901234567000 and 1e3 into 1000, and Node 20 has no access to
 * the parsed source text, so JSON-RPC ids are echoed from this scan instead.
 *
 * The text must already be known to be valid JSON (JSON.parse accepted it): the scan only finds
 * where values end, it does not validate them.
 */

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  endOfString,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-scan.ts';

const isWhitespace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isValueEnd = (code: number) => code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET;

function skipWhitespace(text: string, at: number): number {
  while (at < text.length && isWhitespace(text.charCodeAt(at))) at++;
  return at;
}

/** The index just past the object or array that starts at `at`. */
function endOfContainer(text: string, at: number): number {
  let depth = 0;
  for (let i = at; ; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) i = endOfString(text, i) - 1;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
}

/** The index just past the value (string, container, number or literal) that starts at `at`. */
function endOfValue(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === QUOTE) return endOfString(text, at);
  if (code === OPEN_BRACE || code === OPEN_BRACKET) return endOfContainer(text, at);
  let i = at;
  while (i < text.length && !isValueEnd(text.charCodeAt(i)) && !isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** A member name: its text between the quotes, unescaped by JSON.parse only when it has an escape. */
function keyAt(json: string, start: number, end: number): string {
  const quoted = json.slice(start, end);
  return quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
}

/**
 * The source text of the top-level member `name` of a JSON object text (the last one when the name
 * repeats, as JSON.parse keeps), or undefined when the text is not an object or has no such member.
 */
export function rawMember(json: string, name: string): string | undefined {
  let at = skipWhitespace(json, 0);
  if (json.charCodeAt(at) !== OPEN_BRACE) return undefined;
  at = skipWhitespace(json, at + 1);
  let found: string | undefined;
  while (json.charCodeAt(at) === QUOTE) {
    const keyEnd = endOfString(json, at);
    const key = keyAt(json, at, keyEnd);
    const valueStart = skipWhitespace(json, skipWhitespace(json, keyEnd) + 1);
    const valueEnd = endOfValue(json, valueStart);
    if (key === name) found = json.slice(valueStart, valueEnd);
    at = skipWhitespace(json, valueEnd);
    if (json.charCodeAt(at) === COMMA) at = skipWhitespace(json, at + 1);
  }
  return found;
}
