/**
 * The `pages` collection, in either layout: `pages/<lang>/<slug>.md` (or `.mdx`), one standalone
 * page each (about, contact, a CV), published at `/<slug>/` in the first language and
 * `/<lang>/<slug>/` in the others. The page named `index` is no page of its own: it introduces
 * the language's home page.
 */
import * as v from 'valibot';
import { languagePrefix } from '../../core/reading.ts';
import type { PageRecord } from '../data/types.ts';
import { renderMarkdown } from '../site/render/markdown.ts';
import type { LanguageFile } from './entries.ts';
import type { ContentReader } from './entry-reader.ts';
import { isLanguageCode, LANGUAGE_CODE_EXPECTED } from './languages.ts';
import { bodyLinkTargets, siteLinks } from './links.ts';
import { date, description, SLUG_PATTERN, title } from './schema.ts';

export const PAGES_FOLDER = 'pages';
/** The page that introduces the home page rather than standing on its own. */
export const HOME_INTRO = 'index';
const PAGE_FILE = /^([^/]+)\.mdx?$/;

/** Top-level paths of the site's own sections, which a page's slug may not take. */
const SECTIONS = new Set(['blog', 'series', 'tags', 'talks', 'developers', 'api', 'mcp', 'index']);

export interface PageFile extends LanguageFile {
  slug: string;
}

const pageSchema = v.object({
  title,
  description: v.optional(description),
  updatedDate: v.optional(date),
  draft: v.optional(v.boolean('true or false'), false),
});

/** Every page file; one out of place, misnamed or named like a section of the site is a problem. */
export function listPages(reader: ContentReader): PageFile[] {
  const pages: PageFile[] = [];
  for (const file of reader.paths) {
    if (!file.startsWith(`${PAGES_FOLDER}/`) || !/\.mdx?$/.test(file)) continue;
    const [, lang = '', name = '', ...deeper] = file.split('/');
    const [, slug = ''] = PAGE_FILE.exec(name) ?? [];
    if (name === '' || deeper.length > 0 || !isLanguageCode(lang)) {
      reader.problem(
        file,
        '(path)',
        `a file in a language folder (${LANGUAGE_CODE_EXPECTED}): ${PAGES_FOLDER}/<language>/<slug>.md`,
        JSON.stringify(file),
      );
    } else if (
      !SLUG_PATTERN.test(slug) ||
      (slug !== HOME_INTRO && (SECTIONS.has(slug) || isLanguageCode(slug)))
    ) {
      reader.problem(
        file,
        '(file name)',
        `<slug>.md with a slug of lower-case letters, digits and hyphens that is no section of the site (${[...SECTIONS].join(', ')}) and no language code`,
        JSON.stringify(name),
      );
    } else pages.push({ file, lang, slug });
  }
  return pages;
}

/** What a language's home page says of the site: the title and description of its `index` page. */
export interface HomeIntro {
  file: string;
  title: string;
  description?: string;
}

/**
 * The `index` page of each language, as its front matter is written (it is checked when the page
 * is compiled): a source of the site's name and description where nothing states them.
 */
export function homeIntros(reader: ContentReader, pages: readonly PageFile[]): Map<string, HomeIntro> {
  const intros = new Map<string, HomeIntro>();
  for (const { file, lang, slug } of pages) {
    const front = slug === HOME_INTRO ? reader.peek(file) : undefined;
    if (typeof front?.title !== 'string' || front.title.trim() === '') continue;
    const description = typeof front.description === 'string' ? front.description.trim() : '';
    intros.set(lang, { file, title: front.title.trim(), ...(description && { description }) });
  }
  return intros;
}

/** Where a page is published: `/<slug>/`, under `/<lang>` in every language but the first; the intro at its home. */
export function pagePath(languages: readonly string[], { lang, slug }: PageFile): string {
  const prefix = languagePrefix(languages, lang);
  return slug === HOME_INTRO ? `${prefix}/` : `${prefix}/${slug}/`;
}

/** A page's record, rendered; undefined for a draft or a file with a problem (reported). */
export function compilePage(
  reader: ContentReader,
  { file, lang, slug }: PageFile,
  path: string,
): PageRecord<string> | undefined {
  const parsed = reader.entry(file, pageSchema);
  if (!parsed) return undefined;
  const { data, body } = parsed;
  if (data.draft) {
    reader.report.skipped.push({ file, reason: 'draft', pubDate: data.updatedDate ?? '' });
    return undefined;
  }
  reader.report.links.push(...siteLinks(file, reader.written(file), bodyLinkTargets(body), path));
  return {
    slug,
    lang,
    title: data.title,
    description: data.description ?? data.title,
    updatedDate: data.updatedDate ?? null,
    path,
    body,
    html: renderMarkdown(body),
  };
}
