/**
 * `/sitemap.md`: every page of the site as its Markdown twin, for agents, in the llms.txt format
 * (an H1, a blockquote, sections that are lists of links). A site whose list fits in one file under
 * LLMS_MAX_CHARS gets that one file; a larger one gets numbered parts per language
 * (`/sitemap-<lang>-<n>.md`, as the XML sitemaps are named), each under the cap and linking to the
 * next, and `/sitemap.md` becomes their index. No file an agent is sent to grows with the blog.
 */
import { languageName } from '../../core/languages.ts';
import { PATHS } from '../../core/paths.ts';
import type { Lang } from '../data/types.ts';
import { LLMS_MAX_CHARS, llmsItem, oneLine } from './llms-indexes.ts';
import type { SitemapPage } from './sitemaps.ts';

/** What the list of one file may take, leaving room for its heading, summary and links on. */
const PART_ITEMS_CHARS = LLMS_MAX_CHARS - 5_000;

export const sitemapMarkdownPart = (lang: Lang, n: number) => `/sitemap-${lang}-${n}.md`;

/** One Markdown sitemap file: its path and its whole text. */
export interface SitemapDocument {
  path: string;
  text: string;
}

/** A part of one language's list, under PART_ITEMS_CHARS characters. */
interface Part {
  lang: Lang;
  n: number;
  items: string[];
  first: string;
  last: string;
}

function pageItem(page: SitemapPage, baseUrl: string): string {
  const updated = page.lastModified ? `updated ${page.lastModified.slice(0, 10)}` : 'no date';
  return llmsItem({ title: page.title, path: page.canonical.path, description: updated }, baseUrl);
}

const itemsOf = function* (pages: readonly SitemapPage[], lang: Lang, baseUrl: string) {
  for (const page of pages) if (page.lang === lang) yield { page, item: pageItem(page, baseUrl) };
};

/** Whether every language's list fits in one file together: read until it does not. */
function fitsInOne(pages: readonly SitemapPage[], languages: readonly Lang[], baseUrl: string): boolean {
  let size = 0;
  for (const lang of languages)
    for (const { item } of itemsOf(pages, lang, baseUrl)) {
      size += item.length + 1;
      if (size > PART_ITEMS_CHARS) return false;
    }
  return true;
}

function* partsOf(pages: readonly SitemapPage[], lang: Lang, baseUrl: string): Generator<Part> {
  let part: Part | undefined;
  let size = 0;
  for (const { page, item } of itemsOf(pages, lang, baseUrl)) {
    if (part && size + item.length + 1 > PART_ITEMS_CHARS) {
      yield part;
      part = { lang, n: part.n + 1, items: [], first: page.title, last: page.title };
      size = 0;
    }
    part ??= { lang, n: 1, items: [], first: page.title, last: page.title };
    part.items.push(item);
    part.last = page.title;
    size += item.length + 1;
  }
  if (part) yield part;
}

const section = (heading: string, items: readonly string[]) => `## ${heading}\n\n${items.join('\n')}`;

const document = (title: string, summary: string, sections: readonly string[]) =>
  `# ${title}\n\n> ${summary}\n\n${sections.join('\n\n')}\n`;

const pagesHeading = (lang: Lang) => `Pages in ${languageName(lang)} (${lang})`;

const partLink = (part: Part, baseUrl: string, notes: string) =>
  `- [${languageName(part.lang)}, part ${part.n}](${baseUrl}${sitemapMarkdownPart(part.lang, part.n)}): ${notes}`;

/**
 * The Markdown sitemap's files: `/sitemap.md` alone when every page fits in it, else each
 * language's parts and then `/sitemap.md` as their index. A part is held until the next one shows
 * whether it links on.
 */
export function* sitemapMarkdown(
  pages: readonly SitemapPage[],
  languages: readonly Lang[],
  siteName: string,
  baseUrl: string,
): Generator<SitemapDocument> {
  const title = `${siteName}: sitemap`;
  const xml = `The XML sitemap is at ${baseUrl}${PATHS.sitemap}.`;
  if (fitsInOne(pages, languages, baseUrl)) {
    const sections = languages.map((lang) =>
      section(
        pagesHeading(lang),
        [...itemsOf(pages, lang, baseUrl)].map(({ item }) => item),
      ),
    );
    yield {
      path: PATHS.sitemapMarkdown,
      text: document(title, `Every page of the site, as its Markdown twin. ${xml}`, sections),
    };
    return;
  }
  const index: string[] = [];
  for (const lang of languages) {
    const links: string[] = [];
    let held: Part | undefined;
    for (const part of partsOf(pages, lang, baseUrl)) {
      if (held) yield partDocument(held, part, siteName, baseUrl);
      held = part;
      links.push(
        partLink(
          part,
          baseUrl,
          `${part.items.length} pages, from “${oneLine(part.first)}” to “${oneLine(part.last)}”`,
        ),
      );
    }
    if (held) yield partDocument(held, undefined, siteName, baseUrl);
    index.push(section(pagesHeading(lang), links));
  }
  yield {
    path: PATHS.sitemapMarkdown,
    text: document(
      title,
      `Every page of the site, as its Markdown twin, in parts per language. ${xml}`,
      index,
    ),
  };
}

function partDocument(
  part: Part,
  next: Part | undefined,
  siteName: string,
  baseUrl: string,
): SitemapDocument {
  const more = [
    ...(next ? [partLink(next, baseUrl, 'the next pages')] : []),
    `- [Sitemap](${baseUrl}${PATHS.sitemapMarkdown}): every part, in every language`,
  ];
  return {
    path: sitemapMarkdownPart(part.lang, part.n),
    text: document(
      `${siteName}: sitemap, ${languageName(part.lang)}, part ${part.n}`,
      `Pages of the site in ${languageName(part.lang)}, as Markdown twins, from “${oneLine(part.first)}” to “${oneLine(part.last)}”.`,
      [section(pagesHeading(part.lang), part.items), section('More', more)],
    ),
  };
}
