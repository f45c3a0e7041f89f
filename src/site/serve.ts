/**
 * Everything outside /api/ and the MCP paths at run time: pages and their Markdown twins, the
 * developer portal and the discovery documents, read as built. What a path stands for (its files,
 * its Link header, whether it is gone) is worked out on its first request and the header set of
 * each representation once, so a request negotiates, looks up and answers; the error pages are
 * templates, split once, with the path filled in.
 */

import type { HeaderMap } from '../core/api.ts';
import {
  bodyKey,
  type DocumentFacts,
  type ErrorFormat,
  type ErrorStatus,
  errorPageKey,
  type Manifest,
  pageFileKey,
  type RedirectStatus,
  SLOT_SPELLINGS,
  SLOTS,
  staticFileKey,
} from '../core/deployment.ts';
import { PROBLEM_TYPE, problem } from '../core/errors.ts';
import { escapeHtml } from '../core/html.ts';
import {
  ATOM_TYPE,
  HTML_TYPE,
  JSON_FEED_TYPE,
  MARKDOWN_TYPE,
  RSS_TYPE,
  SERVER_CARD_TYPE,
} from '../core/media-types.ts';
import { FEED_FILES, markdownTwinPath, PATHS, pageOfTwin } from '../core/paths.ts';
import { extensionOf, staticTypeOf } from '../core/static-types.ts';
import { CACHE_NONE, CACHE_PUBLIC } from '../http/api-headers.ts';
import { ALLOW_ANY_ORIGIN } from '../http/cors.ts';
import { type AcceptedCodings, negotiate, notAcceptableDetail } from '../http/negotiate.ts';
import { prefersPage, refusalPage } from '../http/refusal-page.ts';
import type { Target } from '../http/request-target.ts';
import {
  type PreparedVariants,
  preparedVariant,
  type ResponseConstructor,
  respond,
  respondPrepared,
} from '../http/respond.ts';
import { staticHeaders } from '../http/static-files.ts';
import { after } from '../runtime/after.ts';
import {
  type Body,
  type BodyCache,
  bodyText,
  derive,
  isStreamed,
  type StreamedBody,
} from '../runtime/body-cache.ts';
import { memo, planCache } from '../runtime/memo.ts';
import { slotTemplate } from '../runtime/slot-template.ts';

export const SITE_ALLOW = 'GET, HEAD';

export interface SiteRequest {
  target: Target;
  /** The codings the client accepts. */
  accepted: AcceptedCodings;
}

export interface SiteOptions {
  manifest: Manifest;
  bodies: BodyCache;
  Response: ResponseConstructor;
}

/** What a site path stands for, worked out on its first request. */
interface Plan {
  gone: boolean;
  /** Where an old path moved, answered with a redirect; null when it did not. */
  movedTo: Move | null;
  /** The file served at this path (a page's HTML, a twin, a document); null when there is none. */
  key: string | null;
  /** A page's Markdown twin, served when the client prefers Markdown. */
  twinKey: string | null;
  /** For a page path without its trailing slash: the page with one, which it redirects to. */
  slashedKey: string | null;
  /** For a path whose name has an extension: the static file it may be, looked up before a page. */
  staticKey: string | null;
  contentType: string;
  /** Headers of this path beyond the site's own (Vary, Link). */
  extra: HeaderMap;
  /** The format of this path's error answers for the request's Accept. */
  errorFormat: ErrorFormatOf;
  /** The prepared answer of each representation served at this path. */
  answers: PreparedVariants;
}

const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;
/** Feeds are too many to list in the manifest: each is known by its file name. */
const FEED_TYPES: Readonly<Record<string, string>> = {
  [FEED_FILES.rss]: RSS_TYPE,
  [FEED_FILES.atom]: ATOM_TYPE,
  [FEED_FILES.json]: JSON_FEED_TYPE,
};
const FORMAT_TYPES: Record<ErrorFormat, string> = { html: HTML_TYPE, md: MARKDOWN_TYPE, json: PROBLEM_TYPE };
/** Distinct paths and Accept values whose meaning is kept. */
const KEPT_PATHS = 4096;
const KEPT_ACCEPTS = 256;
const NO_HEADERS: HeaderMap = {};
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A rough token count for agents budgeting their context: about four characters a token. */
const tokensForLength = (textLength: number) => String(Math.ceil(textLength / 4));
const estimateTokens = (text: string) => tokensForLength(text.length);
const tokensOf = (body: Body | StreamedBody) =>
  isStreamed(body)
    ? tokensForLength(body.textLength)
    : derive(
        body,
        'tokens',
        () => estimateTokens(bodyText(body)),
        (tokens) => 2 * tokens.length,
      );

const pageFormatOf = memo(KEPT_ACCEPTS, (accept: string) => negotiate(accept, PAGE_OFFERS));

type ErrorFormatOf = (accept: string | null) => ErrorFormat;
type ErrorOffer = 'text/html' | 'text/markdown' | 'application/problem+json' | 'application/json';

/** The error format for an Accept, among `offers` (the first when the client states no preference). */
function errorFormatAmong(offers: readonly [ErrorOffer, ...ErrorOffer[]]): ErrorFormatOf {
  const formatOf = (offer: ErrorOffer): ErrorFormat =>
    offer === 'text/html' ? 'html' : offer === 'text/markdown' ? 'md' : 'json';
  const negotiated = memo(KEPT_ACCEPTS, (accept: string) => formatOf(negotiate(accept, offers)));
  return (accept) => (accept ? negotiated(accept) : formatOf(offers[0]));
}

/** Errors of pages and documents are HTML unless the client prefers another format. */
const pageErrorFormat = errorFormatAmong([
  'text/html',
  'text/markdown',
  'application/problem+json',
  'application/json',
]);
/** Errors at a `.md` URL are Markdown, as its answer would be, unless the client prefers another. */
const twinErrorFormat = errorFormatAmong([
  'text/markdown',
  'text/html',
  'application/problem+json',
  'application/json',
]);

/**
 * Every discovery document lets a browser client read its ETag (the server-card draft requires it
 * of cards; the others are revalidated the same way).
 */
/** Files of a site's public `.well-known/` (RFC 8615) are looked up even without an extension. */
const WELL_KNOWN = '/.well-known/';
const DOCUMENT_HEADERS: HeaderMap = { 'access-control-expose-headers': 'ETag' };
/** The CORS headers the server-card draft requires of every location a card is served at. */
const CARD_HEADERS: HeaderMap = {
  ...DOCUMENT_HEADERS,
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
};

export function createSite(options: SiteOptions) {
  const { manifest, bodies, Response } = options;
  const gone = new Set(manifest.gone);
  const movedTo = movedPaths(manifest);
  const languages = manifest.languages;
  const plans = planCache<Plan>(KEPT_PATHS);
  // Every page and twin points agents at llms.txt and at the AI catalog.
  const llmsLink = `<${manifest.baseUrl}${PATHS.llmsTxt}>; rel="describedby"; type="text/plain", <${manifest.baseUrl}${PATHS.aiCatalog}>; rel="ai-catalog"`;
  const usage = { 'content-usage': manifest.contentUsage };
  /** What a built site's `_headers` gives the path, beside which Folio runs. */
  const ownHeaders = (path: string): HeaderMap => manifest.headers[path] ?? NO_HEADERS;

  function planOf(path: string, make: (path: string) => Omit<Plan, 'answers'>): Plan {
    return plans.get(path) ?? plans.set(path, { ...make(path), answers: new WeakMap() });
  }

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

  function send(
    request: Request,
    site: SiteRequest,
    plan: Plan,
    body: Body | StreamedBody,
    contentType: string,
  ) {
    const prepared = preparedVariant(bodies, plan.answers, body, site.accepted, () =>
      headersFor(contentType, () => tokensOf(body), { ...usage, ...plan.extra }),
    );
    return prepared ? respondPrepared(Response, request, prepared, null) : notAcceptable(request, site);
  }

  /** The client accepts none of the codings the answer can be sent in: 406, not kept by caches. */
  function notAcceptable(request: Request, site: SiteRequest) {
    const { path } = site.target;
    const detail = notAcceptableDetail(path);
    const page = prefersPage(request);
    const headers = {
      'content-type': page ? HTML_TYPE : PROBLEM_TYPE,
      'cache-control': CACHE_NONE,
      'access-control-allow-origin': ALLOW_ANY_ORIGIN,
      vary: 'Accept, Accept-Encoding',
    };
    const body = page
      ? refusalPage('Not acceptable', detail)
      : encoder.encode(JSON.stringify(problem(manifest.baseUrl, 'not_acceptable', detail, path)));
    return respond(Response, request, 406, headers, body);
  }

  /** The language of a path: its first segment when that is a language other than the first. */
  function langOf(path: string): string {
    const first = path.split('/')[1] ?? '';
    return languages.includes(first) && first !== languages[0] ? first : (languages[0] as string);
  }

  function fail(request: Request, site: SiteRequest, plan: Plan, status: ErrorStatus, extra = NO_HEADERS) {
    const format = plan.errorFormat(request.headers.get('accept'));
    const { path } = site.target;
    return after(bodies.get(errorPageKey(langOf(path), status, format)), (template) => {
      const text = template ? errorFiller(template, format)(path, request.method) : '';
      const headers = headersFor(FORMAT_TYPES[format], () => estimateTokens(text), {
        vary: 'Accept',
        ...extra,
      });
      return respond(Response, request, status, headers, encoder.encode(text));
    });
  }

  function refusal(request: Request, site: SiteRequest, plan: Plan) {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return fail(request, site, plan, 405, { allow: SITE_ALLOW });
    if (plan.movedTo !== null) return moved(request, site, plan.movedTo);
    return plan.gone ? fail(request, site, plan, 410) : null;
  }

  /** A redirect with the status it was given; the query string goes along unless the new address has its own. */
  function moved(request: Request, site: SiteRequest, { location, status }: Move) {
    const search = location.includes('?') ? '' : site.target.search;
    const headers = {
      location: location + search,
      'cache-control': CACHE_PUBLIC,
      'access-control-allow-origin': ALLOW_ANY_ORIGIN,
    };
    return respond(Response, request, status, headers, null);
  }

  const documentPlan = (path: string) => {
    const facts = manifest.documents[path] ?? feedFacts(path);
    const headers = facts?.type === SERVER_CARD_TYPE ? CARD_HEADERS : DOCUMENT_HEADERS;
    return {
      gone: gone.has(path),
      movedTo: movedTo(path),
      key: facts ? bodyKey(path) : null,
      twinKey: null,
      slashedKey: null,
      staticKey: null,
      contentType: facts?.type ?? '',
      extra: facts?.link ? { ...headers, link: facts.link } : headers,
      errorFormat: pageErrorFormat,
    };
  };

  const twinPlan = (path: string) => {
    const page = pageOfTwin(path);
    const pageLink = page.map((pagePath) => manifest.pageLinks[pagePath]).find(Boolean);
    return {
      gone: gone.has(path) || page.some((pagePath) => gone.has(pagePath)),
      movedTo: movedTo(path) ?? page.map((pagePath) => movedTo(pagePath, '.md')).find(Boolean) ?? null,
      key: bodyKey(path),
      twinKey: null,
      slashedKey: null,
      staticKey: null,
      contentType: MARKDOWN_TYPE,
      extra: { vary: 'Accept', link: pageLink ? `${llmsLink}, ${pageLink}` : llmsLink },
      errorFormat: twinErrorFormat,
    };
  };

  const pagePlan = (path: string) => {
    const key = bodyKey(path);
    const twinPath = markdownTwinPath(path);
    const links = [
      `<${manifest.baseUrl}${twinPath}>; rel="alternate"; type="text/markdown"`,
      llmsLink,
      manifest.pageLinks[path],
    ];
    return {
      gone: gone.has(path),
      movedTo: movedTo(path),
      key: key && pageFileKey(key),
      twinKey: bodyKey(twinPath),
      slashedKey: key && !path.endsWith('/') ? pageFileKey(`${key}/`) : null,
      staticKey: key && (extensionOf(path) || path.startsWith(WELL_KNOWN)) ? staticFileKey(key) : null,
      contentType: HTML_TYPE,
      extra: { vary: 'Accept', link: links.filter(Boolean).join(', '), ...ownHeaders(path) },
      errorFormat: pageErrorFormat,
    };
  };

  /** A discovery document: one representation, listed in the manifest. */
  function document(request: Request, site: SiteRequest) {
    const plan = planOf(site.target.path, documentPlan);
    const refused = refusal(request, site, plan);
    if (refused) return refused;
    return after(plan.key === null ? null : bodies.answer(plan.key), (body) => {
      if (body) return send(request, site, plan, body, plan.contentType);
      // A feed path where the owner's public folder has the file in place of Folio's feed.
      const key = bodyKey(site.target.path);
      return key ? staticOrMissing(request, site, plan, staticFileKey(key)) : fail(request, site, plan, 404);
    });
  }

  /** The static file at `key`, else 404. */
  function staticOrMissing(request: Request, site: SiteRequest, plan: Plan, key: string) {
    return after(bodies.answer(key), (file) =>
      file ? sendStatic(request, site, plan, file) : fail(request, site, plan, 404),
    );
  }

  /** A Markdown twin by its `.md` URL; 410 when its page was removed. */
  function twin(request: Request, site: SiteRequest) {
    const plan = planOf(site.target.path, twinPlan);
    const refused = refusal(request, site, plan);
    if (refused) return refused;
    return after(plan.key === null ? null : bodies.answer(plan.key), (body) =>
      body ? send(request, site, plan, body, MARKDOWN_TYPE) : fail(request, site, plan, 404),
    );
  }

  /** A static file, else a page: HTML or its Markdown twin by `Accept`; `/x` redirects to `/x/` when that is the page. */
  function page(request: Request, site: SiteRequest) {
    const plan = planOf(site.target.path, pagePlan);
    const refused = refusal(request, site, plan);
    if (refused) return refused;
    if (plan.staticKey === null) return htmlPage(request, site, plan);
    return after(bodies.answer(plan.staticKey), (file) =>
      file ? sendStatic(request, site, plan, file) : htmlPage(request, site, plan),
    );
  }

  /** A static file as it was published, compressed only where that pays. */
  function sendStatic(request: Request, site: SiteRequest, plan: Plan, file: Body | StreamedBody) {
    const { path } = site.target;
    const headersOf = () => ({
      ...staticHeaders(path),
      'access-control-allow-origin': ALLOW_ANY_ORIGIN,
      ...ownHeaders(path),
    });
    const { compressible } = staticTypeOf(path);
    const prepared = preparedVariant(bodies, plan.answers, file, site.accepted, headersOf, compressible);
    return prepared ? respondPrepared(Response, request, prepared, null) : notAcceptable(request, site);
  }

  function htmlPage(request: Request, site: SiteRequest, plan: Plan) {
    return after(plan.key === null ? null : bodies.answer(plan.key), (html) => {
      if (!html) return missingPage(request, site, plan);
      const accept = request.headers.get('accept');
      if (plan.twinKey === null || !accept || pageFormatOf(accept) !== 'text/markdown')
        return send(request, site, plan, html, HTML_TYPE);
      return after(bodies.answer(plan.twinKey), (markdown) =>
        markdown
          ? send(request, site, plan, markdown, MARKDOWN_TYPE)
          : send(request, site, plan, html, HTML_TYPE),
      );
    });
  }

  /** No page at this path: a redirect when the path with a slash is one, else 404. */
  function missingPage(request: Request, site: SiteRequest, plan: Plan) {
    const { path, search } = site.target;
    return after(plan.slashedKey === null ? null : bodies.answer(plan.slashedKey), (slashed) =>
      slashed
        ? respond(Response, request, 308, { location: `${path}/${search}` }, null)
        : fail(request, site, plan, 404),
    );
  }

  return { document, twin, page };
}

/** A feed's facts from its file name (the route table sends only feed paths of listings here). */
function feedFacts(path: string): DocumentFacts | undefined {
  const type = FEED_TYPES[path.slice(path.lastIndexOf('/') + 1)];
  return type ? { type } : undefined;
}

/** The template's text, and its pieces split at the slots: two copies of it held as text. */
const TEMPLATE_COPIES = 2;

/**
 * The error template's filler: the request's path and method written in, escaped for its format.
 * The template is decoded and split once, and kept with its body.
 */
function errorFiller(template: Body, format: ErrorFormat): (path: string, method: string) => string {
  return derive(
    template,
    'filler',
    () => {
      const spellings = SLOT_SPELLINGS[format];
      const escapeValue = format === 'html' ? escapeHtml : (text: string) => text;
      const slots = spellings.flatMap((spell) => [spell(SLOTS.path), spell(SLOTS.method)]);
      const fill = slotTemplate(decoder.decode(template.bytes), slots);
      return (path: string, method: string) =>
        fill(spellings.flatMap((spell) => [spell(escapeValue(path)), spell(escapeValue(method))]));
    },
    () => 2 * TEMPLATE_COPIES * template.bytes.byteLength,
  );
}

/** Where an old path moved, as an absolute URL, and the status that says so. */
interface Move {
  location: string;
  status: RedirectStatus;
}

/**
 * Where an old path moved, with or without its trailing slash; a twin of a moved page (`suffix`
 * `.md`) moves to the twin of the new page when that is on this site.
 */
function movedPaths(manifest: Manifest): (path: string, suffix?: string) => Move | null {
  const redirects = new Map(Object.entries(manifest.redirects));
  return (path, suffix = '') => {
    const redirect =
      redirects.get(path) ?? redirects.get(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    if (redirect === undefined) return null;
    const { to, status } = redirect;
    if (!to.startsWith('/')) return suffix ? null : { location: to, status };
    return { location: manifest.baseUrl + (suffix ? markdownTwinPath(to) : to), status };
  };
}

export type Site = ReturnType<typeof createSite>;
