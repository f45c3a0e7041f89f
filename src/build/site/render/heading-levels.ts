/**
 * A Markdown source with each heading written at the level its HTML was given, so a twin keeps its
 * page's outline: the tokens' `tag` holds the level each heading was rendered at. An ATX heading
 * gets that many `#`; a setext one (underlined) becomes an ATX heading on one line, since an
 * underline can only say 1 or 2.
 */
import type { Token } from 'markdown-it';

/** A line's block-quote and list markers, and the spaces before its heading. */
const CONTAINERS = /^(?: {0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]+))*[ \t]*/;
const ATX_MARKER = /#{1,6}/y;

export function atRenderedLevels(source: string, tokens: readonly Token[]): string {
  const lines: (string | null)[] = source.split('\n');
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' || !token.map) return;
    const [start, end] = token.map;
    const line = lines[start] as string;
    const prefix = CONTAINERS.exec(line)?.[0] ?? '';
    const hashes = '#'.repeat(Number(token.tag.slice(1)));
    if (token.markup.startsWith('#')) {
      ATX_MARKER.lastIndex = prefix.length;
      const marker = ATX_MARKER.exec(line)?.[0] ?? '';
      lines[start] = prefix + hashes + line.slice(prefix.length + marker.length);
      return;
    }
    const text = (tokens[i + 1]?.content ?? '').replace(/\s*\n\s*/g, ' ');
    lines[start] = `${prefix}${hashes} ${text}`;
    for (let at = start + 1; at < end; at++) lines[at] = null;
  });
  return lines.filter((line) => line !== null).join('\n');
}
