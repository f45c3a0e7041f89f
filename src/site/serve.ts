/**
 * Everything outside /api/ and the MCP paths at run time: pages and their Markdown twins, the
 * developer portal and the discovery documents, read as built. A request negotiates, looks up
 * and picks headers; the error pages are templates with the path filled in.
 */
import {
  bodyKey,
  type ErrorFormat,
  type ErrorStatus,
  errorPageKey,
  type Manifest,
  pageFileKey,
  SLOTS,
} from '../core/deployment.ts';
import { markdownTwinPath, pageOfTwin } from '../core/paths.ts';
import { CACHE_PUBLIC } from '../http/api-headers.ts';
import { type Body, type BodyCache, derive, type Encoding } from '../http/body-cache.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { ALLOW_ANY_ORIGIN, type HeaderMap } from '../http/cors.ts';
import { negotiate } from '../http/negotiate.ts';
import { PROBLEM_TYPE } from '../http/problem-response.ts';
import type { Target } from '../http/request-target.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';
import { escapeHtml } from './html.ts';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const SITE_ALLOW = 'GET, HEAD';

export interface SiteRequest {
  target: Target;
  encoding: Encoding | null;
}

export interface SiteOptions {
  manifest: Manifest;
  bodies: BodyCache;
  Response: ResponseConstructor;
}

const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;
const ERROR_OFFERS = ['text/html', 'text/markdown', 'application/problem+json', 'application/json'] as const;
const FORMAT_TYPES: Record<ErrorFormat, string> = { html: HTML_TYPE, md: MARKDOWN_TYPE, json: PROBLEM_TYPE };
const decoder = new TextDecoder();

/** A rough token count for agents budgeting their context: about four characters a token. */
const estimateTokens = (text: string) => String(Math.ceil(text.length / 4));
const tokensOf = (body: Body) => derive(body, 'tokens', () => estimateTokens(decoder.decode(body.bytes)));
const encoder = new TextEncoder();

export function createSite(options: SiteOptions) {
  const { manifest, bodies, Response } = options;
  const gone = new Set(manifest.gone);
  const languages = manifest.languages;
  const compressing = bodies.compresses;

  function headersFor(contentType: string, tokens: () => string, extra: HeaderMap): HeaderMap {
    const headers: HeaderMap = {
      'content-type': contentType,
      'cache-control': CACHE_PUBLIC,
      'access-control-allow-origin': ALLOW_ANY_ORIGIN,
      ...extra,
    };
    if (contentType === MARKDOWN_TYPE) headers['x-markdown-tokens'] = tokens();
    return headers;
  }

  function send(request: Request, site: SiteRequest, body: Body, contentType: string, extra: HeaderMap = {}) {
    const headers = headersFor(contentType, () => tokensOf(body), extra);
    const chosen = bodies.encodedFor(body, site.encoding);
    headers.etag = chosen.etag;
    if (compressing) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    if (chosen !== body) headers['content-encoding'] = site.encoding as Encoding;
    const status = matchesIfNoneMatch(request.headers.get('if-none-match'), chosen.etag) ? 304 : 200;
    return respond(Response, request, status, headers, chosen.bytes);
  }

  /** The language of a path: its first segment when that is a language other than the first. */
  function langOf(path: string): string {
    const first = path.split('/')[1] ?? '';
    return languages.includes(first) && first !== languages[0] ? first : (languages[0] as string);
  }

  async function fail(request: Request, site: SiteRequest, status: ErrorStatus, extra: HeaderMap = {}) {
    const format = negotiate(request.headers.get('accept'), ERROR_OFFERS);
    const kind: ErrorFormat = format === 'text/html' ? 'html' : format === 'text/markdown' ? 'md' : 'json';
    const template = await bodies.get(errorPageKey(langOf(site.target.path), status, kind));
    const text = fillSlots(
      template ? decoder.decode(template.bytes) : '',
      kind,
      site.target.path,
      request.method,
    );
    const headers = headersFor(FORMAT_TYPES[kind], () => estimateTokens(text), { vary: 'Accept', ...extra });
    return respond(Response, request, status, headers, encoder.encode(text));
  }

  function refusal(request: Request, site: SiteRequest): Promise<Response> | null {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return fail(request, site, 405, { allow: SITE_ALLOW });
    return gone.has(site.target.path) ? fail(request, site, 410) : null;
  }

  /** A discovery document: one representation, listed in the manifest. */
  async function document(request: Request, site: SiteRequest) {
    const refused = refusal(request, site);
    if (refused) return refused;
    const facts = manifest.documents[site.target.path];
    const body = facts && (await bodies.get(bodyKey(site.target.path) ?? ''));
    if (!facts || !body) return fail(request, site, 404);
    return send(request, site, body, facts.type, facts.link ? { link: facts.link } : {});
  }

  /** A Markdown twin by its `.md` URL; 410 when its page was removed. */
  async function twin(request: Request, site: SiteRequest) {
    const refused = refusal(request, site);
    if (refused) return refused;
    const page = pageOfTwin(site.target.path);
    if (page.some((path) => gone.has(path))) return fail(request, site, 410);
    const key = bodyKey(site.target.path);
    const body = key && (await bodies.get(key));
    if (!body) return fail(request, site, 404);
    const link = page.map((path) => manifest.pageLinks[path]).find(Boolean);
    return send(request, site, body, MARKDOWN_TYPE, { vary: 'Accept', ...(link ? { link } : {}) });
  }

  /** A page: HTML or its Markdown twin by `Accept`; `/x` redirects to `/x/` when that is the page. */
  async function page(request: Request, site: SiteRequest) {
    const refused = refusal(request, site);
    if (refused) return refused;
    const { path, search } = site.target;
    const key = bodyKey(path);
    const html = key && (await bodies.get(pageFileKey(key)));
    if (!html) {
      if (key && !path.endsWith('/') && (await bodies.get(pageFileKey(`${key}/`))))
        return respond(Response, request, 308, { location: `${path}/${search}` }, null);
      return fail(request, site, 404);
    }
    const twinPath = markdownTwinPath(path);
    const links = [
      `<${manifest.baseUrl}${twinPath}>; rel="alternate"; type="text/markdown"`,
      manifest.pageLinks[path],
    ];
    const extra = { vary: 'Accept', link: links.filter(Boolean).join(', ') };
    if (negotiate(request.headers.get('accept'), PAGE_OFFERS) === 'text/markdown') {
      const markdown = await bodies.get(bodyKey(twinPath) ?? '');
      if (markdown) return send(request, site, markdown, MARKDOWN_TYPE, extra);
    }
    return send(request, site, html, HTML_TYPE, extra);
  }

  return { document, twin, page, fail };
}

/** The error template with the request's path and method written in, escaped for its format. */
function fillSlots(template: string, format: ErrorFormat, path: string, method: string): string {
  const encode = (text: string) =>
    format === 'html' ? escapeHtml(text) : format === 'json' ? JSON.stringify(text).slice(1, -1) : text;
  const slot = (name: string) => (format === 'json' ? JSON.stringify(name).slice(1, -1) : name);
  return template.split(slot(SLOTS.path)).join(encode(path)).split(slot(SLOTS.method)).join(encode(method));
}

export type Site = ReturnType<typeof createSite>;
