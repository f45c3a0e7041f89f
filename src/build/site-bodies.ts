/**
 * Build time: the site's pages with their Markdown twins, the discovery documents and the error
 * page templates, as text.
 */

import { type ErrorFormat, type ErrorStatus, SLOT_SPELLINGS } from '../core/deployment.ts';
import {
  AI_CATALOG_TYPE,
  JSON_TYPE,
  MARKDOWN_TYPE,
  SERVER_CARD_TYPE,
  SKILL_TYPE,
  TEXT_TYPE,
} from '../core/media-types.ts';
import { markdownTwinPath, PATHS } from '../core/paths.ts';
import type { ApiIndex } from '../core/schemas.ts';
import { usageOf } from '../core/usage.ts';
import type { RateLimitPolicy } from './api/index-document.ts';
import type { ApiResources } from './api/resources.ts';
import type { Lang, SiteData } from './data/types.ts';
import { toolDescriptors } from './mcp/descriptors.ts';
import {
  aiCatalog,
  apiCatalog,
  apiCatalogLink,
  authMarkdown,
  LINKSET_TYPE,
  mcpServerCard,
} from './site/catalogs.ts';
import { errorText, type SiteError } from './site/errors.ts';
import { feedBodies, feedItems, feedSubjects, postsInManyFeeds } from './site/feeds.ts';
import type { LayoutContext } from './site/layout.ts';
import { siteLinks } from './site/links.ts';
import { llmsTxt } from './site/llms.ts';
import type { LlmsFullParts } from './site/llms-full.ts';
import { llmsIndexes } from './site/llms-indexes.ts';
import { buildOpenApi } from './site/openapi.ts';
import { type Page, pageHtml, pageMarkdown } from './site/page.ts';
import { sectionsOf } from './site/page-context.ts';
import { contentPages } from './site/pages.ts';
import { portalPage } from './site/portal.ts';
import { robotsTxt } from './site/robots.ts';
import { sitemapMarkdown } from './site/sitemap-markdown.ts';
import { type SitemapLimits, type SitemapPage, sitemapFiles } from './site/sitemaps.ts';
import { SKILL_PATH, skillMarkdown, skillsIndex } from './site/skills.ts';
import { SCRIPT_TYPE, WEBMCP_PATH, webmcpScript } from './site/webmcp.ts';

export interface SiteContext {
  baseUrl: string;
  policy: RateLimitPolicy;
  api: ApiResources;
  /** Renders each page (the dev server passes one that keeps the pages that did not change). */
  renderPage?: PageRenderer;
  /** Where sitemaps are split (the protocol's limits unless a test sets smaller ones). */
  sitemapLimits?: SitemapLimits;
  /** The pages the sitemaps list, when they are not Folio's own (beside a built site, its pages). */
  sitemapPages?: readonly SitemapPage[];
}

/** A page's two bodies: the HTML document and its Markdown twin. */
export interface RenderedPage {
  html: string;
  markdown: string;
}

/** Renders a page: the same page in the same layout always gives the same bodies. */
export type PageRenderer = (page: Page, layout: LayoutContext) => RenderedPage;

export const renderPage: PageRenderer = (page, layout) => ({
  html: pageHtml(page, layout),
  markdown: pageMarkdown(page, layout.baseUrl),
});

export interface PageBodies {
  path: string;
  twinPath: string;
  html: string;
  markdown: string;
  /** A post's page: the language of the llms-full.txt its twin is also part of; null for any other page. */
  post: Lang | null;
  /** Where the page comes from; beside a built site, only the portal's (and a post's the site lacks) are made. */
  kind: PageKind;
}

/** A listing (home, tags, series lists), an entry's page made from its source (a post, a page, a deck, a series), or the API's portal. */
export type PageKind = 'listing' | 'entry' | 'portal';

export interface DocumentBody {
  text: string;
  type: string;
  link?: string;
}

const ERRORS: Record<ErrorStatus, SiteError['code']> = {
  404: 'resource_not_found',
  405: 'method_not_allowed',
  410: 'gone',
};
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Only what a sitemap reads of a page, so a large blog's post pages are not kept for it. */
const sitemapPage = ({ lang, title, canonical, lastModified }: SitemapPage): SitemapPage =>
  lastModified === undefined ? { lang, title, canonical } : { lang, title, canonical, lastModified };

export function siteBodies(data: SiteData, context: SiteContext) {
  const { baseUrl, policy, api, renderPage: render = renderPage, sitemapLimits } = context;
  const index: ApiIndex = api.index.value();
  const layout: LayoutContext = { site: data.site, baseUrl, sections: sectionsOf(data) };
  const { langRoot } = siteLinks(data.site.languages);
  const tools = toolDescriptors(data.site.languages);
  const content = contentPages(data);
  const portals = data.site.languages.map((lang) =>
    portalPage(lang, { data, baseUrl, policy, index, endpoints: api.endpoints, tools }),
  );
  const homes = new Set(data.site.languages.map(langRoot));

  const pageLinks: Record<string, string> = {};
  for (const home of homes) pageLinks[home] = apiCatalogLink(baseUrl);

  const bodiesOf = (page: Page, kind: PageKind, post: Lang | null = null): PageBodies => ({
    path: page.canonical.path,
    twinPath: markdownTwinPath(page.canonical.path),
    ...render(page, layout),
    kind,
    post,
  });
  /** Each page rendered when it is reached, so a large blog's pages are never all in memory at once. */
  function* pages(): Generator<PageBodies> {
    for (const page of content.listings()) yield bodiesOf(page, 'listing');
    for (const post of data.posts) yield bodiesOf(content.post(post), 'entry', post.lang);
    for (const page of content.others()) yield bodiesOf(page, 'entry');
    for (const page of portals) yield bodiesOf(page, 'portal');
  }

  const { languages } = data.site;
  /** What the sitemaps say of every page, in the order the pages are written; made once, when first asked. */
  let sitemapPages: readonly SitemapPage[] | undefined;
  const everyPage = () => {
    sitemapPages ??= context.sitemapPages ?? [
      ...Array.from(content.listings(), sitemapPage),
      ...data.posts.map((post) => sitemapPage(content.postShell(post))),
      ...Array.from(content.others(), sitemapPage),
      ...portals,
    ];
    return sitemapPages;
  };
  /** Each feed of each listing, made when it is reached: `[path, body]`. */
  function* feeds(): Generator<[string, string]> {
    const context = { site: data.site, baseUrl };
    const subjects = [...feedSubjects(data)];
    const items = feedItems(context, data.bodies, postsInManyFeeds(subjects));
    for (const subject of subjects) yield* feedBodies(subject, context, items);
  }
  const sitemaps = () => sitemapFiles(everyPage(), languages, baseUrl, sitemapLimits);
  const sitemapText = () => sitemapMarkdown(everyPage(), languages, data.site.name, baseUrl);

  const skill = skillMarkdown(data, baseUrl, tools, policy);
  const serverCard = { text: json(mcpServerCard(data, baseUrl)), type: SERVER_CARD_TYPE };
  /** The discovery documents; llms.txt and its indexes link llms-full.txt's parts, written before them. */
  const documents = (fullParts: LlmsFullParts): Record<string, DocumentBody> => {
    const documents: Record<string, DocumentBody> = {
      [PATHS.openapi]: { text: json(buildOpenApi({ data, baseUrl, api })), type: JSON_TYPE },
      [PATHS.llmsTxt]: { text: llmsTxt(data, baseUrl, tools, fullParts), type: TEXT_TYPE },
      [PATHS.robots]: { text: robotsTxt(data.robots, usageOf(data.site), baseUrl), type: TEXT_TYPE },
      [PATHS.auth]: { text: authMarkdown(data, baseUrl, policy), type: MARKDOWN_TYPE },
      [PATHS.apiCatalog]: {
        text: json(apiCatalog(baseUrl)),
        type: LINKSET_TYPE,
        link: apiCatalogLink(baseUrl),
      },
      [PATHS.mcpServerCard]: serverCard,
      [PATHS.mcpServerCardRecommended]: serverCard,
      [SKILL_PATH]: { text: skill, type: SKILL_TYPE },
      [PATHS.agentSkills]: {
        text: json(skillsIndex(data, baseUrl, new TextEncoder().encode(skill))),
        type: JSON_TYPE,
      },
    };
    for (const [path, text] of llmsIndexes(data, baseUrl, fullParts))
      documents[path] = { text, type: TEXT_TYPE };
    documents[WEBMCP_PATH] = { text: webmcpScript(tools), type: SCRIPT_TYPE };
    // The catalog declares each entry's type from this table, the one its URLs are served from;
    // llms-full.txt, written apart (it may be streamed), is plain text.
    const typeOf = (path: string) => documents[path]?.type ?? TEXT_TYPE;
    documents[PATHS.aiCatalog] = { text: json(aiCatalog(data, baseUrl, typeOf)), type: AI_CATALOG_TYPE };
    return documents;
  };

  /** One error page in each format, with the path and method left as slots for the run time. */
  function errorPage(lang: Lang, status: ErrorStatus, path: string, method: string) {
    const error: SiteError =
      status === 405 ? { code: 'method_not_allowed', method } : { code: ERRORS[status] as 'gone' };
    const root = langRoot(lang);
    const at = (format: ErrorFormat) =>
      SLOT_SPELLINGS[format].reduce(
        (text, spell) => text.split(spell(`${root}${path}`)).join(spell(path)),
        errorText(error, `${root}${path}`, format, layout),
      );
    return { html: at('html'), md: at('md'), json: at('json') };
  }

  return { pages, feeds, sitemaps, sitemapText, documents, pageLinks, errorPage };
}
