/**
 * Reading JavaScript source as text (an MDX file's expressions, an Astro config's literals): where a
 * quoted string ends, for the scanners that must step over one without running anything.
 */

/** The offset past the string that opens with the quote at `at` (to the end of the text if unclosed). */
export function stringEnd(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}
