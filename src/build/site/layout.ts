/** The HTML document around every page: head metadata, header with the language switch, footer. */

import { escapeHtml } from '../../core/html.ts';
import { AI_CATALOG_TYPE } from '../../core/media-types.ts';
import { FEED_FILES, type FeedFormat, feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import { describeLicense } from '../api/license.ts';
import { absoluteImage } from '../api/records.ts';
import type { Lang, SiteInfo } from '../data/types.ts';
import { STYLESHEET } from './css.ts';
import { nativeName, uiText } from './i18n.ts';
import { type SiteLinks, siteLinks } from './links.ts';
import { type Article, type Crumb, keywordsOf, structuredData, type TalkEvent } from './structured-data.ts';
import { WEBMCP_TAG } from './webmcp.ts';

export type { Article, Crumb, TalkEvent };

/** An inline icon, so browsers do not request /favicon.ico. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%230b5cad'/%3E%3Cpath d='M4 12 12 4' stroke='white' stroke-width='2'/%3E%3C/svg%3E";

const OG_LOCALES: Readonly<Record<string, string>> = { en: 'en_US', es: 'es_ES' };

/** The Open Graph locale (language_TERRITORY): the table's, else the code's own (`pt-br` -> `pt_BR`). */
function ogLocale(lang: Lang): string {
  const [language, region] = lang.split('-');
  return OG_LOCALES[lang] ?? (region ? `${language}_${region.toUpperCase()}` : lang);
}

/** A page with a canonical address: indexable, with alternates in every language it exists in. */
export interface Canonical {
  path: string;
  /** The page in each language it exists in, itself included. */
  alternates: Partial<Record<Lang, string>>;
  ogType: 'website' | 'article';
}

/** A page of a paginated listing: the pages before and after it, where they exist. */
export interface Pagination {
  prev: string | null;
  next: string | null;
}

export interface Shell {
  lang: Lang;
  title: string;
  description: string;
  /** Absent on error pages, which are not indexed. */
  canonical?: Canonical;
  main: string;
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

/** Which listings a language has, so the navigation links only to pages that exist. */
export interface Sections {
  series: boolean;
  tags: boolean;
  talks: boolean;
}

export interface LayoutContext {
  site: SiteInfo;
  baseUrl: string;
  sections: Partial<Record<Lang, Sections>>;
}

const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};
const FEED_NAMES: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

/** `<link rel="alternate">` to the feeds of the listing at `folder`, titled `title`. */
function feedLinks(folder: string, title: string, baseUrl: string): string[] {
  return (Object.keys(FEED_FILES) as FeedFormat[]).map(
    (format) =>
      `<link rel="alternate" type="${FEED_TYPES[format]}" title="${escapeHtml(`${title} (${FEED_NAMES[format]})`)}" href="${escapeHtml(baseUrl + feedPath(folder, format))}">`,
  );
}

/** The language's feeds on every page, and the page's own (a tag's, a series') after them. */
function feedsOf(shell: Shell, site: SiteInfo, baseUrl: string): string[] {
  const { langRoot } = siteLinks(site.languages);
  return [
    ...feedLinks(langRoot(shell.lang), site.name, baseUrl),
    ...(shell.feeds ? feedLinks(shell.feeds, shell.title, baseUrl) : []),
  ];
}

function paginationLinks(pagination: Pagination | undefined, baseUrl: string): string[] {
  if (!pagination) return [];
  return (['prev', 'next'] as const)
    .filter((rel) => pagination[rel] !== null)
    .map((rel) => `<link rel="${rel}" href="${escapeHtml(baseUrl + pagination[rel])}">`);
}

/** The Open Graph tags of a post: its times, tags and image. */
function articleMeta(article: Article | undefined, baseUrl: string): string[] {
  if (!article) return [];
  const image = absoluteImage(article.image, baseUrl);
  return [
    `<meta property="article:published_time" content="${article.published}">`,
    `<meta property="article:modified_time" content="${article.modified}">`,
    ...article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
    ...(article.tags.length + article.keywords.length
      ? [`<meta name="keywords" content="${escapeHtml(keywordsOf(article).join(', '))}">`]
      : []),
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}">`] : []),
  ];
}

/** JSON in a script element: `<` escaped, so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function headLinks(shell: Shell, { site, baseUrl }: LayoutContext): string {
  const canonical = shell.canonical;
  if (!canonical) return '<meta name="robots" content="noindex">';
  const url = baseUrl + canonical.path;
  const alternates = Object.entries(canonical.alternates).map(
    ([lang, path]) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(baseUrl + path)}">`,
  );
  const fallback = canonical.alternates[site.languages[0] as Lang] ?? canonical.path;
  const otherLocales = Object.keys(canonical.alternates)
    .filter((lang) => lang !== shell.lang)
    .map((lang) => `<meta property="og:locale:alternate" content="${ogLocale(lang)}">`);
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(baseUrl + fallback)}">`,
    `<link rel="alternate" type="text/markdown" href="${escapeHtml(baseUrl + markdownTwinPath(canonical.path))}">`,
    `<meta property="og:type" content="${canonical.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(shell.title)}">`,
    `<meta property="og:description" content="${escapeHtml(shell.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:locale" content="${ogLocale(shell.lang)}">`,
    ...otherLocales,
    ...articleMeta(shell.article, baseUrl),
    ...paginationLinks(shell.pagination, baseUrl),
    ...feedsOf(shell, site, baseUrl),
    `<script type="application/ld+json">${scriptJson(structuredData(shell, { site, baseUrl }))}</script>`,
  ].join('\n');
}

/**
 * A link to this page in each other language, or to that language's home when there is none; a
 * one-language blog has none.
 */
function languageSwitch(shell: Shell, site: SiteInfo, { langRoot }: SiteLinks): string {
  return site.languages
    .filter((other) => other !== shell.lang)
    .map((other) => {
      const target = shell.canonical?.alternates[other] ?? langRoot(other);
      return `<a class="lang-switch" href="${target}" hreflang="${other}" lang="${other}">${nativeName(other)}</a>`;
    })
    .join('');
}

function header(shell: Shell, { site, sections }: LayoutContext): string {
  const ui = uiText(shell.lang, site);
  const links = siteLinks(site.languages);
  const { blogPath, langRoot, portalPath, seriesIndexPath, tagsIndexPath, talksPath } = links;
  const has = sections[shell.lang];
  const nav = [
    [blogPath(shell.lang), ui.blog],
    ...(has?.series ? [[seriesIndexPath(shell.lang), ui.series]] : []),
    ...(has?.tags ? [[tagsIndexPath(shell.lang), ui.tags]] : []),
    ...(has?.talks ? [[talksPath(shell.lang), ui.talks]] : []),
    [portalPath(shell.lang), ui.developers],
  ]
    .map(([href, text]) => `<a href="${href}">${text}</a>`)
    .join('');
  return `<header class="site"><div class="wrap bar"><a class="brand" href="${langRoot(shell.lang)}">${escapeHtml(site.name)}</a><nav aria-label="${ui.home}">${nav}${languageSwitch(shell, site, links)}</nav></div></header>`;
}

function footer(shell: Shell, { site, baseUrl }: LayoutContext): string {
  const ui = uiText(shell.lang, site);
  const license = describeLicense(site.license, `${baseUrl}${PATHS.developerPortal}#license`);
  const links = [
    [PATHS.openapi, 'OpenAPI'],
    ['/api/index.json', 'API'],
    [PATHS.llmsTxt, 'llms.txt'],
    [PATHS.mcpServerCard, 'MCP'],
  ]
    .map(([href, text]) => `<a href="${href}">${text}</a>`)
    .join(' · ');
  const twin = shell.canonical
    ? ` · <a href="${markdownTwinPath(shell.canonical.path)}" type="text/markdown">${ui.markdownVersion}</a>`
    : '';
  const licensed = license
    ? ` · ${ui.license} <a href="${license.url}" rel="license">${escapeHtml(license.name)}</a>`
    : '';
  return `<footer class="site"><div class="wrap"><p>© ${escapeHtml(site.author.name)}${licensed}${twin}</p><p>${ui.apiLinks}: ${links}</p></div></footer>`;
}

export function renderDocument(shell: Shell, context: LayoutContext): string {
  const ui = uiText(shell.lang, context.site);
  const { langRoot } = siteLinks(context.site.languages);
  const title =
    shell.canonical?.path === langRoot(shell.lang) ? shell.title : `${shell.title} · ${context.site.name}`;
  return `<!doctype html>
<html lang="${shell.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(shell.description)}">
${headLinks(shell, context)}
<link rel="api-catalog" href="${PATHS.apiCatalog}">
<link rel="ai-catalog" href="${PATHS.aiCatalog}" type="${AI_CATALOG_TYPE}">
${WEBMCP_TAG}
<meta name="color-scheme" content="light dark">
<link rel="icon" href="${FAVICON}">
<style>${STYLESHEET}</style>
</head>
<body>
<a class="skip" href="#content">${ui.skip}</a>
${header(shell, context)}
<main id="content" class="wrap">
${shell.main}
</main>
${footer(shell, context)}
</body>
</html>
`;
}
