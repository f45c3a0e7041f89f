/**
 * What the scans of a JSON-RPC body's raw text share (the bounds check before parsing, and the
 * reading of a member's source text): character codes rather than one-character strings, since
 * every MCP call is scanned, and the end of a string.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/**
 * The index just past the string that starts (with its quote) at `at`; the text's length when the
 * string is not closed (the bounds check reads text that may not be JSON).
 */
export function endOfString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i + 1;
  }
  return text.length;
}
