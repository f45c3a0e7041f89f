/** A site page and its two representations: the HTML document and the Markdown twin. */

import { escapeHtml } from '../../core/html.ts';
import type { Lang } from '../data/types.ts';
import { type Block, blocksHtml, blocksMarkdown } from './doc.ts';
import {
  type Article,
  type Canonical,
  type Crumb,
  type LayoutContext,
  type Pagination,
  renderDocument,
  type TalkEvent,
} from './layout.ts';

/** Front matter of the Markdown twin beyond title, description, language and canonical URL. */
export type Facts = Readonly<Record<string, string | readonly string[]>>;

export interface Page {
  lang: Lang;
  title: string;
  description: string;
  canonical: Canonical;
  /** A short line above the title: date, event, position. */
  byline?: string;
  facts?: Facts;
  blocks: readonly Block[];
  /** When the page's content last changed (ISO 8601), for sitemaps; unknown for generated pages. */
  lastModified?: string;
  /** The trail from the language's home to this page (its last step). */
  breadcrumbs?: readonly Crumb[];
  /** A post: described as an article. */
  article?: Article;
  /** A deck's page: the talk it was given at. */
  event?: TalkEvent;
  /** A listing with feeds of its own (a tag, a series): the folder of its feed files. */
  feeds?: string;
  pagination?: Pagination;
}

/** The article markup of a page or an error page, title and lede first. */
export function articleHtml(
  title: string,
  description: string,
  blocks: readonly Block[],
  byline?: string,
): string {
  const meta = byline ? `<p class="meta">${escapeHtml(byline)}</p>` : '';
  return `<article><header>${meta}<h1>${escapeHtml(title)}</h1><p class="lede">${escapeHtml(description)}</p></header>\n${blocksHtml(blocks)}\n</article>`;
}

export function pageHtml(page: Page, context: LayoutContext): string {
  return renderDocument(
    { ...page, main: articleHtml(page.title, page.description, page.blocks, page.byline) },
    context,
  );
}

const yamlValue = (value: string | readonly string[]): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;

/** YAML front matter (JSON-quoted scalars are valid YAML), between its `---` lines. */
export const frontMatter = (fields: Facts): string =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${yamlValue(value)}`)
    .join('\n')}\n---`;

/** The front matter, `# title`, the description, the content. */
export function markdownDocument(
  fields: Facts,
  title: string,
  description: string,
  blocks: readonly Block[],
  baseUrl: string,
): string {
  const content = blocksMarkdown(blocks, baseUrl);
  return `${frontMatter(fields)}\n\n# ${title}\n\n${description}\n${content ? `\n${content}\n` : ''}`;
}

export function pageMarkdown(page: Page, baseUrl: string): string {
  const fields: Facts = {
    title: page.title,
    description: page.description,
    language: page.lang,
    canonical: baseUrl + page.canonical.path,
    ...page.facts,
  };
  return markdownDocument(fields, page.title, page.description, page.blocks, baseUrl);
}
