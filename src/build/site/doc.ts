/**
 * The content of a page as a small document model, rendered both to HTML and to its Markdown twin,
 * so the two can never say different things.
 */
import { escapeHtml } from '../../core/html.ts';
import type { VerbatimBlock } from '../data/types.ts';
import { CODE_BLOCK_OPEN } from './code-block.ts';
import { twinMarkdown } from './render/twin.ts';

export type Inline = string | { code: string } | { strong: string } | { href: string; text: string };
export type Text = Inline | readonly Inline[];

/** An item of a listing: a post, a chapter, a deck. */
export interface Entry {
  href: string;
  title: string;
  /** Date, event or position, shown small above the description. */
  meta: string;
  description: string;
  tags?: readonly { href: string; text: string }[];
}

export type Block =
  | { kind: 'paragraph'; text: Text }
  | { kind: 'heading'; text: string; id?: string }
  | { kind: 'section'; id: string; title: string; blocks: readonly Block[] }
  | { kind: 'list'; items: readonly Text[] }
  | { kind: 'code'; language: string; code: string }
  | { kind: 'table'; head: readonly string[]; rows: readonly (readonly Text[])[] }
  | { kind: 'entries'; entries: readonly Entry[] }
  /**
   * Prerendered content: the build's HTML and the Markdown it came from, on the page at `path`,
   * with the Markdown's code and HTML blocks when the build has them already.
   */
  | {
      kind: 'rendered';
      html: string;
      markdown: string;
      path: string;
      verbatim?: readonly VerbatimBlock[];
    }
  /** An image shown on its own, such as a post's hero image: a site path or a URL. */
  | { kind: 'image'; src: string; alt: string; size?: { width: number; height: number } | undefined };

const inlines = (text: Text): readonly Inline[] =>
  typeof text === 'string' || !Array.isArray(text) ? [text as Inline] : text;

// ---- HTML ----

function inlineHtml(text: Text): string {
  return inlines(text)
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if ('code' in part) return `<code>${escapeHtml(part.code)}</code>`;
      if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`;
    })
    .join('');
}

function entryHtml(entry: Entry, level: number): string {
  const tags = entry.tags?.length
    ? `<ul class="tags">${entry.tags.map((tag) => `<li>${inlineHtml(tag)}</li>`).join('')}</ul>`
    : '';
  return `<li class="entry"><p class="meta">${escapeHtml(entry.meta)}</p><h${level}><a href="${escapeHtml(entry.href)}">${escapeHtml(entry.title)}</a></h${level}><p>${escapeHtml(entry.description)}</p>${tags}</li>`;
}

/**
 * Section headings are h2, headings inside a section h3. An entry's title is one level below the
 * heading it follows (`headed`), or takes that heading's level where none came before.
 */
function blockHtml(block: Block, depth: number, headed: boolean): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${inlineHtml(block.text)}</p>`;
    case 'heading': {
      const tag = `h${depth + 2}`;
      return `<${tag}${block.id ? ` id="${block.id}"` : ''}>${escapeHtml(block.text)}</${tag}>`;
    }
    case 'section':
      return `<section id="${block.id}"><h2><a class="anchor" href="#${block.id}">${escapeHtml(block.title)}</a></h2>${blocksHtml(block.blocks, depth + 1)}</section>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`;
    case 'code':
      return `${CODE_BLOCK_OPEN}<code class="language-${block.language}">${escapeHtml(block.code)}</code></pre>`;
    case 'table': {
      const head = block.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
      const rows = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${inlineHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      return `<div class="table" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    case 'entries': {
      const level = depth + (headed ? 3 : 2);
      return `<ul class="entries">${block.entries.map((entry) => entryHtml(entry, level)).join('')}</ul>`;
    }
    case 'rendered':
      return block.html;
    case 'image': {
      const size = block.size ? ` width="${block.size.width}" height="${block.size.height}"` : '';
      return `<p class="hero"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}"${size} decoding="async"></p>`;
    }
  }
}

export function blocksHtml(blocks: readonly Block[], depth = 0): string {
  return blocks
    .map((block, i) =>
      blockHtml(
        block,
        depth,
        blocks.slice(0, i).some(({ kind }) => kind === 'heading'),
      ),
    )
    .join('\n');
}

// ---- Markdown ----

/** Site paths become absolute URLs in Markdown, which is often read away from the site. */
function absolute(href: string, baseUrl: string): string {
  return href.startsWith('/') ? baseUrl + href : href;
}

const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>|])/g, '\\$1');

function inlineMarkdown(text: Text, baseUrl: string): string {
  return inlines(text)
    .map((part) => {
      if (typeof part === 'string') return escapeMarkdown(part);
      if ('code' in part) return part.code.includes('`') ? `\`\` ${part.code} \`\`` : `\`${part.code}\``;
      if ('strong' in part) return `**${escapeMarkdown(part.strong)}**`;
      return `[${escapeMarkdown(part.text)}](${absolute(part.href, baseUrl)})`;
    })
    .join('');
}

function entryMarkdown(entry: Entry, baseUrl: string): string {
  const tags = entry.tags?.length ? ` Tags: ${entry.tags.map((tag) => tag.text).join(', ')}.` : '';
  return `- [${escapeMarkdown(entry.title)}](${absolute(entry.href, baseUrl)}) (${entry.meta}): ${escapeMarkdown(entry.description)}${tags}`;
}

function blockMarkdown(block: Block, depth: number, baseUrl: string): string {
  switch (block.kind) {
    case 'paragraph':
      return inlineMarkdown(block.text, baseUrl);
    case 'heading':
      return `${'#'.repeat(depth + 2)} ${block.text}`;
    case 'section':
      return `## ${block.title}\n\n${blocksMarkdown(block.blocks, baseUrl, depth + 1)}`;
    case 'list':
      return block.items.map((item) => `- ${inlineMarkdown(item, baseUrl)}`).join('\n');
    case 'code':
      return `\`\`\`${block.language}\n${block.code}\n\`\`\``;
    case 'table': {
      const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
      return [
        row(block.head.map(escapeMarkdown)),
        row(block.head.map(() => '---')),
        ...block.rows.map((cells) => row(cells.map((cell) => inlineMarkdown(cell, baseUrl)))),
      ].join('\n');
    }
    case 'entries':
      return block.entries.map((entry) => entryMarkdown(entry, baseUrl)).join('\n');
    case 'rendered':
      return twinMarkdown(block.markdown, baseUrl + block.path, block.verbatim).trim();
    case 'image':
      return `![${escapeMarkdown(block.alt)}](<${absolute(block.src, baseUrl)}>)`;
  }
}

export function blocksMarkdown(blocks: readonly Block[], baseUrl: string, depth = 0): string {
  return blocks
    .map((block) => blockMarkdown(block, depth, baseUrl))
    .filter((text) => text.length > 0)
    .join('\n\n');
}
