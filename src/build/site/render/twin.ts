/**
 * A body's Markdown as its twin gives it, read away from the site by agents: every link and image
 * is an absolute URL, and raw HTML is what the page shows, through the same allow-list. Code
 * blocks and code spans stay exactly as written.
 */
import type { Token } from 'markdown-it';
import type { VerbatimBlock } from '../../data/types.ts';
import { absoluteUrl, type UrlResolver } from './absolute-urls.ts';
import { outsideCode } from './code-spans.ts';
import { parseMarkdown } from './markdown.ts';
import { sanitizeTwinTag } from './sanitize.ts';

/**
 * Raw HTML as CommonMark reads it inline (not an autolink such as `<https://…>`): a tag, or a
 * comment, processing instruction, declaration or CDATA section, which are left out.
 */
const TAG =
  /(?<!\\)(?:<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>)/g;
/** In an HTML block, anything else that opens with `<` is text, escaped so no browser reads a tag in it. */
const TAG_OR_BRACKET = new RegExp(`${TAG.source}|<`, 'g');
/** Autolinks (`<https://…>`, `<name@host>`) are Markdown's own and stay. */
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[^\s@<>\\]+@[^\s<>]+>/;
/** Inline, a `<` that could open a tag but is none is escaped as well. */
const INLINE_MARKUP = new RegExp(`${AUTOLINK.source}|${TAG.source}|<(?=[A-Za-z/!?])`, 'g');
/** Elements whose content is code or markup, never prose: left out with it. */
const RAW_TEXT =
  /<(script|style|textarea|noscript|template|xmp|noembed|noframes|title|select|iframe)\b[\s\S]*?<\/\1\s*>/gi;
/** An inline link or image destination: `](dest` or `](<dest>`. */
const DESTINATION = /(\]\(\s*)(<[^>\n]*>|[^\s()]+)/g;
/** A link reference definition: `[label]: dest`. */
const DEFINITION = /^( {0,3}\[[^\]]+\]:\s*)(<[^>\n]*>|\S+)/;

/**
 * A backslash in a Markdown destination that escapes nothing is part of the address, and pages
 * write it `%5C` (so `/\host` stays a path of this site, as on the page, not the host a URL
 * parser would read).
 */
const LITERAL_BACKSLASH = /\\(?![!-/:-@[-`{-~])/g;

function destination(target: string, resolve: UrlResolver): string {
  const address = (url: string) => resolve(url.replace(LITERAL_BACKSLASH, '%5C'));
  return target.startsWith('<') ? `<${address(target.slice(1, -1))}>` : address(target);
}

/** The tags that open an HTML block in CommonMark (start condition 6), as a line's first tag. */
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
/**
 * A line whose text, after its quote and list markers, opens an HTML block by CommonMark's start
 * conditions 1 to 6 (those that interrupt a paragraph); the markers are the first group.
 */
const OPENS_HTML_BLOCK = new RegExp(
  `^((?: {0,3}(?:>[ \t]?|(?:[-+*]|\\d{1,9}[.)])(?:[ \t]+|$)))*[ \t]*)<(?=(?:script|pre|style|textarea)(?:[\\s>]|$)|!--|\\?|![A-Za-z]|!\\[CDATA\\[|\\/?(?:${BLOCK_TAGS})(?:[\\s/>]|$))`,
  'i',
);

/**
 * Line `i` of `lines`, rewritten to `text`, stays text when code spans would be read with it: if
 * sanitizing took away what stood before a tag that opens an HTML block (`<noscript><p title>`
 * leaves `<p title>`), that `<` is escaped, or the twin's reader would take the line, and the lines
 * after it up to a blank one, for raw HTML, their code spans (kept as written) included. Without
 * backticks there, the block is harmless: all of its HTML is sanitized already. The lines after
 * are looked at only for a line that opens a block, so a long paragraph is not read again per line.
 */
function stillText(text: string, lines: readonly string[], i: number): string {
  if (!OPENS_HTML_BLOCK.test(text) || !backtickUntilBlank(lines, i)) return text;
  return text.replace(OPENS_HTML_BLOCK, '$1&lt;');
}

/** Whether a backtick is on line `from` or a later one before the next blank line. */
function backtickUntilBlank(lines: readonly string[], from: number): boolean {
  for (let i = from; i < lines.length && (lines[i] as string).trim() !== ''; i++)
    if ((lines[i] as string).includes('`')) return true;
  return false;
}

function inlineLines(text: string, resolve: UrlResolver): string {
  return outsideCode(text, (part) =>
    part
      .replace(DESTINATION, (_, open: string, target: string) => open + destination(target, resolve))
      .replace(INLINE_MARKUP, (markup) =>
        markup === '<' ? '&lt;' : AUTOLINK.test(markup) ? markup : sanitizeTwinTag(markup, resolve),
      ),
  );
}

/**
 * An HTML block of a twin, tag by tag: Markdown keeps a block's tags apart from the blocks between
 * them (`<details>`, its Markdown, `</details>`), so each is sanitized on its own; an embed keeps
 * its one allowed tag pair.
 */
function htmlBlock(html: string, resolve: UrlResolver): string {
  const embeds = (block: string) =>
    block.replace(RAW_TEXT, (element, name: string) =>
      name.toLowerCase() === 'iframe' ? embed(element, resolve) : '',
    );
  return embeds(html).replace(TAG_OR_BRACKET, (match) =>
    match === '<' ? '&lt;' : sanitizeTwinTag(match, resolve),
  );
}

/** An iframe from an allowed host, as its opening and closing tags; nothing from any other. */
function embed(element: string, resolve: UrlResolver): string {
  const open = sanitizeTwinTag(/^<iframe\b[^>]*>/i.exec(element)?.[0] ?? '', resolve);
  return open.includes(' src=') ? `${open}</iframe>` : '';
}

/** A body's code and HTML blocks, from the tokens it was parsed into. */
export function verbatimBlocks(tokens: readonly Token[]): VerbatimBlock[] {
  const blocks: VerbatimBlock[] = [];
  for (const token of tokens) {
    if (!token.map) continue;
    const code = token.type === 'fence' || token.type === 'code_block';
    if (code || token.type === 'html_block')
      blocks.push([token.map[0], token.map[1], code ? 'code' : 'html']);
  }
  return blocks;
}

/** What to do with a line of the source that is not Markdown text: keep it, or take its HTML block whole. */
type LineRole = 'code' | { start: number; end: number };

function lineRoles(blocks: readonly VerbatimBlock[]): Map<number, LineRole> {
  const roles = new Map<number, LineRole>();
  for (const [start, end, kind] of blocks) {
    const role: LineRole = kind === 'code' ? 'code' : { start, end };
    for (let line = start; line < end; line++) roles.set(line, role);
  }
  return roles;
}

/** Nothing to rewrite: no link, reference, tag or relative image. */
const PLAIN = /^[^<\]]*$/;

/**
 * The twin's Markdown of a body on the page at `pageUrl`; `blocks` are its code and HTML blocks,
 * when the build already parsed it. Whatever raw HTML a Markdown reader finds in it is as the
 * allow-list leaves it (`readsAsSanitized`).
 */
export function twinMarkdown(source: string, pageUrl: string, blocks?: readonly VerbatimBlock[]): string {
  if (PLAIN.test(source)) return source;
  const resolve: UrlResolver = (url) => absoluteUrl(url, pageUrl);
  const twin = sanitizedTwin(source, resolve, blocks);
  // The lines were read one by one, by the source's blocks, and code is kept as written: where
  // sanitizing changes how the whole twin reads (a code span or code block that is one no longer,
  // or one that was not), a reader could find raw HTML the lines were not read with. So the twin
  // is read as a reader would, and its HTML escaped when any is not as sanitizing leaves it.
  if (!twin.includes('<') || readsAsSanitized(twin, resolve)) return twin;
  const escaped = escapedOutsideCodeBlocks(twin);
  return readsAsSanitized(escaped, resolve) ? escaped : twin.replaceAll('<', '&lt;');
}

/** Whether every raw HTML a CommonMark reader finds in `twin` is as sanitizing leaves it. */
function readsAsSanitized(twin: string, resolve: UrlResolver): boolean {
  for (const token of parseMarkdown(twin)) {
    if (token.type === 'html_block' && htmlBlock(token.content, resolve) !== token.content) return false;
    for (const child of token.children ?? [])
      if (child.type === 'html_inline' && sanitizeTwinTag(child.content, resolve) !== child.content)
        return false;
  }
  return true;
}

/**
 * `twin` with every `<` escaped but in its code blocks: no tag is left to read outside them, and a
 * code span shows `&lt;` for `<`. For the rare body whose twin does not read as sanitized.
 */
function escapedOutsideCodeBlocks(twin: string): string {
  const code = new Set<number>();
  for (const [start, end, kind] of verbatimBlocks(parseMarkdown(twin)))
    if (kind === 'code') for (let line = start; line < end; line++) code.add(line);
  return twin
    .split('\n')
    .map((line, i) => (code.has(i) ? line : line.replaceAll('<', '&lt;')))
    .join('\n');
}

/** The twin as its lines read: links absolute, each line's HTML through the allow-list, code as written. */
function sanitizedTwin(source: string, resolve: UrlResolver, blocks?: readonly VerbatimBlock[]): string {
  const lines = source.split('\n');
  const roles = lineRoles(blocks ?? verbatimBlocks(parseMarkdown(source)));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const role = roles.get(i);
    if (role === 'code') out.push(line);
    else if (role !== undefined) {
      out.push(htmlBlock(lines.slice(role.start, role.end).join('\n'), resolve));
      i = role.end - 1;
    } else if (DEFINITION.test(line))
      out.push(
        line.replace(DEFINITION, (_, open: string, target: string) => open + destination(target, resolve)),
      );
    else out.push(stillText(inlineLines(line, resolve), lines, i));
  }
  return out.join('\n');
}
