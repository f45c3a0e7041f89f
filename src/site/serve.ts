/**
 * Everything outside /api/ and the MCP paths: the site pages with their Markdown twins, the
 * developer portal and the discovery documents. Bodies are assembled once per path on first use;
 * a request only negotiates and picks headers.
 */
import type { RateLimitPolicy } from '../api/index-document.ts';
import type { ApiResources } from '../api/resources.ts';
import { LANGS, type SiteData } from '../data/types.ts';
import { JSON_TYPE, once } from '../http/body.ts';
import { matchesIfNoneMatch } from '../http/etag.ts';
import type { HeaderMap } from '../http/headers.ts';
import { negotiate } from '../http/negotiate.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';
import type { McpTool } from '../mcp/tools.ts';
import {
  aiCatalog,
  apiCatalog,
  apiCatalogLink,
  authMarkdown,
  LINKSET_TYPE,
  mcpServerCard,
} from './catalogs.ts';
import { errorRepresentation, type SiteError } from './errors.ts';
import type { LayoutContext } from './layout.ts';
import { langRoot } from './links.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { buildOpenApi } from './openapi.ts';
import { type Page, pageHtml, pageMarkdown } from './page.ts';
import { contentPages } from './pages.ts';
import { markdownTwinPath, PATHS } from './paths.ts';
import { portalPage } from './portal.ts';
import { HTML_TYPE, lazily, MARKDOWN_TYPE, type Representation, TEXT_TYPE } from './representation.ts';
import { SKILL_PATH, skillMarkdown, skillsIndex } from './skills.ts';

export interface SiteOptions {
  baseUrl: string;
  Response: ResponseConstructor;
  policy: RateLimitPolicy;
  api: ApiResources;
  tools: readonly McpTool[];
}

/** A page answers HTML or Markdown by `Accept`; a document (twins included) has one type. */
type Route =
  | { kind: 'page'; html: () => Representation; markdown: () => Representation }
  | { kind: 'document'; representation: () => Representation };

const ALLOW = 'GET, HEAD';
const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;

export function createSite(data: SiteData, options: SiteOptions) {
  const { baseUrl, Response } = options;
  const layout: LayoutContext = { site: data.site, baseUrl };
  const gone = new Set(data.gone);
  const routes = once(() => buildRoutes(data, options, layout));

  function send(request: Request, status: number, representation: Representation, extra?: HeaderMap) {
    const headers = { ...representation.headers, ...extra };
    if (status === 200) {
      headers.etag = representation.body.etag;
      if (matchesIfNoneMatch(request.headers.get('if-none-match'), representation.body.etag)) {
        return respond(Response, request, 304, headers, null);
      }
    }
    return respond(Response, request, status, headers, representation.body.bytes);
  }

  function fail(request: Request, url: URL, error: SiteError, extra: HeaderMap = {}) {
    const status = { resource_not_found: 404, gone: 410, method_not_allowed: 405 }[error.code];
    const representation = errorRepresentation(
      error,
      url.pathname,
      request.headers.get('accept'),
      layout,
      extra,
    );
    return send(request, status, representation);
  }

  function handle(request: Request, url: URL): Response {
    const path = url.pathname;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return fail(request, url, { code: 'method_not_allowed', method: request.method }, { allow: ALLOW });
    }
    if (gone.has(path)) return fail(request, url, { code: 'gone' });
    const route = routes().get(path);
    if (route?.kind === 'document') return send(request, 200, route.representation());
    if (route?.kind === 'page') {
      const wanted = negotiate(request.headers.get('accept'), PAGE_OFFERS);
      return send(request, 200, wanted === 'text/markdown' ? route.markdown() : route.html(), {
        vary: 'Accept',
      });
    }
    if (routes().get(`${path}/`)?.kind === 'page') {
      return respond(Response, request, 308, { location: `${path}/${url.search}` }, null);
    }
    return fail(request, url, { code: 'resource_not_found' });
  }

  return { handle };
}

function buildRoutes(data: SiteData, options: SiteOptions, layout: LayoutContext): Map<string, Route> {
  const { baseUrl, policy, api } = options;
  const routes = new Map<string, Route>();
  const portalContext = () => ({ data, baseUrl, policy, index: api.index.value(), tools: options.tools });

  function addPage(path: string, page: () => Page, extra: HeaderMap = {}) {
    const markdownLink = `<${baseUrl}${markdownTwinPath(path)}>; rel="alternate"; type="text/markdown"`;
    const links = [markdownLink, extra.link].filter(Boolean).join(', ');
    const markdown = lazily(() => [pageMarkdown(page(), baseUrl), MARKDOWN_TYPE, { ...extra, link: links }]);
    routes.set(path, {
      kind: 'page',
      html: lazily(() => [pageHtml(page(), layout), HTML_TYPE, { ...extra, link: links }]),
      markdown,
    });
    routes.set(markdownTwinPath(path), { kind: 'document', representation: markdown });
  }

  const document = (path: string, make: Parameters<typeof lazily>[0]) =>
    routes.set(path, { kind: 'document', representation: lazily(make) });

  const { pages, posts } = contentPages(data);
  for (const page of pages) {
    const isHome = LANGS.some((lang) => page.canonical.path === langRoot(lang));
    addPage(page.canonical.path, () => page, isHome ? { link: apiCatalogLink(baseUrl) } : {});
  }
  for (const lang of LANGS) {
    const portal = once(() => portalPage(lang, portalContext()));
    addPage(portal().canonical.path, portal);
  }

  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const skill = once(() => skillMarkdown(data, baseUrl, options.tools, policy));
  document(PATHS.openapi, () => [json(buildOpenApi({ data, baseUrl, api })), JSON_TYPE]);
  document(PATHS.llmsTxt, () => [llmsTxt(data, baseUrl), TEXT_TYPE]);
  document(PATHS.llmsFullTxt, () => [llmsFullTxt(data, posts, baseUrl), TEXT_TYPE]);
  document(PATHS.auth, () => [authMarkdown(data, baseUrl, policy), MARKDOWN_TYPE]);
  document(PATHS.apiCatalog, () => [
    json(apiCatalog(baseUrl)),
    LINKSET_TYPE,
    { link: apiCatalogLink(baseUrl) },
  ]);
  document(PATHS.aiCatalog, () => [json(aiCatalog(data, baseUrl)), JSON_TYPE]);
  document(PATHS.mcpServerCard, () => [json(mcpServerCard(data, baseUrl)), JSON_TYPE]);
  document(SKILL_PATH, () => [skill(), MARKDOWN_TYPE]);
  document(PATHS.agentSkills, () => [
    json(skillsIndex(data, baseUrl, new TextEncoder().encode(skill()))),
    JSON_TYPE,
  ]);
  return routes;
}
