/**
 * Markdown to HTML at build time: markdown-it (CommonMark, GFM tables) with highlight.js for code
 * blocks and an id on every heading. The runtime only ever sees the HTML this produces.
 */
import hljs from 'highlight.js';
import MarkdownIt, { type Token } from 'markdown-it';
import { boundedMemo } from '../../bounded-memo.ts';
import { anchorId } from '../anchor.ts';
import { CODE_BLOCK_OPEN } from '../code-block.ts';
import { atRenderedLevels } from './heading-levels.ts';
import { sanitizePageHtml } from './sanitize.ts';

// Grammars such as `http` auto-detect the language of embedded bodies; among all ~190 languages
// that costs milliseconds per block, so detection only weighs what such bodies hold.
hljs.configure({
  languages: ['json', 'xml', 'html', 'css', 'javascript', 'typescript', 'yaml', 'plaintext'],
});

/** The code blocks and their highlighted HTML kept at most. */
const HIGHLIGHTS_KEPT_BYTES = 8 * 1024 * 1024;

// Raw HTML is parsed as Markdown allows, and the output of a body holding any goes through the
// sanitizer's allow-list (./sanitize.ts).
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false, highlight });

/**
 * Translations repeat their code blocks, so each distinct block is highlighted once while the
 * blocks kept fit HIGHLIGHTS_KEPT_BYTES: every block of most blogs, the latest of a very large one
 * (where the dev server and the render threads would otherwise keep them all for good).
 */
const highlightedBlock = boundedMemo((key) => {
  const split = key.indexOf('\n');
  return hljs.highlight(key.slice(split + 1), { language: key.slice(0, split), ignoreIllegals: true }).value;
}, HIGHLIGHTS_KEPT_BYTES);

function highlight(code: string, language: string): string {
  if (!language || !hljs.getLanguage(language)) return '';
  return highlightedBlock(`${language}\n${code}`);
}

/** Shifts heading levels and gives each heading a unique id. */
function anchorHeadings(tokens: Token[], levelOffset: number, taken: Set<string>): void {
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') return;
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + levelOffset)}`;
    if (token.type === 'heading_open')
      token.attrSet('id', uniqueId(anchorId(tokens[i + 1]?.content ?? ''), taken));
  });
}

/** A heading whose text already holds a link cannot be wrapped in another one. */
const holdsLink = (inline: Token | undefined) =>
  inline?.children?.some((child) => child.type === 'link_open') ?? false;

// Each heading's text links to its own anchor, so readers can copy a link to a section.
markdown.renderer.rules.heading_open = (tokens, i, options, _env, self) => {
  const open = self.renderToken(tokens, i, options);
  return holdsLink(tokens[i + 1]) ? open : `${open}<a class="anchor" href="#${tokens[i]!.attrGet('id')}">`;
};
markdown.renderer.rules.heading_close = (tokens, i, options, _env, self) => {
  const close = self.renderToken(tokens, i, options);
  return holdsLink(tokens[i - 1]) ? close : `</a>${close}`;
};

// Code blocks, fenced or indented, open the way the site's own code blocks do (keyboard-focusable).
for (const rule of ['fence', 'code_block'] as const) {
  const render = markdown.renderer.rules[rule]!;
  markdown.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, CODE_BLOCK_OPEN);
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base || 'section';
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** Whether a body holds raw HTML, block or inline. */
const holdsHtml = (tokens: readonly Token[]): boolean =>
  tokens.some(
    (token) =>
      token.type === 'html_block' || (token.children?.some((child) => child.type === 'html_inline') ?? false),
  );

/** The block tokens of a body, each with the lines it covers. */
export function parseMarkdown(source: string): Token[] {
  return markdown.parse(source, {});
}

/** A body's HTML, and the block tokens it was rendered from (what else the build reads of it). */
export interface Rendered {
  html: string;
  tokens: Token[];
}

function render(source: string, levelOffset: number, taken: Set<string>): Rendered {
  const env = {};
  const tokens = markdown.parse(source, env);
  anchorHeadings(tokens, levelOffset, taken);
  const html = markdown.renderer.render(tokens, markdown.options, env);
  return { html: holdsHtml(tokens) ? sanitizePageHtml(html) : html, tokens };
}

/** A post or series body, with its tokens. Its headings keep their levels: the page title is the only h1. */
export function renderWithTokens(source: string): Rendered {
  return render(source, 0, new Set());
}

/** A post or series body. Its headings keep their levels: the page title is the only h1. */
export const renderMarkdown = (source: string): string => renderWithTokens(source).html;

const SLIDE_BREAK = /^---[ \t]*$/m;

/** A native deck: its page's HTML and its twin's Markdown. */
export interface RenderedDeck {
  html: string;
  /** The slides, between `---` lines, with their headings at the page's levels. */
  markdown: string;
}

/** A native deck as a readable page: one section per slide, headings one level down, in HTML and in Markdown. */
export function renderDeck(source: string): RenderedDeck {
  const taken = new Set<string>();
  const slides = source
    .split(SLIDE_BREAK)
    .map((slide) => slide.trim())
    .filter((slide) => slide.length > 0)
    .map((slide) => ({ slide, ...render(slide, 1, taken) }));
  return {
    html: slides
      .map(({ html }, i) => `<section class="slide" id="slide-${i + 1}">\n${html}</section>\n`)
      .join(''),
    markdown: slides.map(({ slide, tokens }) => atRenderedLevels(slide, tokens)).join('\n\n---\n\n'),
  };
}
