/**
 * The one handler: a pure `fetch(request, context) => Response` over a deployment (the manifest and
 * the prerendered bodies), the same on every runtime. It reads the request target once, routes it
 * through the one route table, runs the limiter step of the rate-limited areas and hands the
 * request to its area. Adapters supply the body source, the client address and, where it pays,
 * their runtime's Response constructor and a compressor.
 */
import { createApi } from './api/serve.ts';
import type { Manifest } from './core/deployment.ts';
import type { ErrorCode } from './core/errors.ts';
import { after, loadOnce } from './http/after.ts';
import { apiHeaders, CACHE_NONE } from './http/api-headers.ts';
import { type Compress, createBodyCache, type Encoding, type FixedLength } from './http/body-cache.ts';
import { type BodySource, DeploymentReplaced } from './http/body-source.ts';
import { addressFromHeader, clientKey } from './http/client-key.ts';
import { isPreflight, preflightHeaders } from './http/cors.ts';
import { type LimiterOptions, type RateState, SlidingWindowLimiter } from './http/limiter.ts';
import { HTML_TYPE } from './http/media-types.ts';
import { memo } from './http/memo.ts';
import { acceptedEncoding, negotiate } from './http/negotiate.ts';
import { problemAnswers, rateLimitedDetail } from './http/problem.ts';
import { ratePolicy } from './http/rate-limit-headers.ts';
import type { RateStore } from './http/rate-store.ts';
import { type ParsedTarget, parseTarget, type Target } from './http/request-target.ts';
import { type ResponseConstructor, respond } from './http/respond.ts';
import { MCP_ALLOW } from './mcp/allow.ts';
import { createRouteTable, type Route } from './routes.ts';
import { createSite, SITE_ALLOW } from './site/serve.ts';

/** What the build produced: the manifest, and where the bodies are read from on this platform. */
export interface Deployment {
  manifest: Manifest;
  source: BodySource;
}

export interface HandlerOptions {
  Response?: ResponseConstructor;
  /** The quota; defaults to the one the build announced in its documents. */
  rateLimit?: LimiterOptions;
  /** A shared quota (the Redis store) in place of the in-memory limiter built from `rateLimit`. */
  rateStore?: RateStore;
  /**
   * A request header that carries the client address and that the platform or a trusted proxy
   * always sets (for example `x-forwarded-for` behind a proxy that appends to it). Unset, the
   * address comes from the adapter alone, so a client cannot invent one.
   */
  clientAddressHeader?: string;
  /** Bytes of bodies kept in memory. */
  cacheBytes?: number;
  /** Compresses bodies for clients that accept it (Node and Bun; on the edge the CDN does). */
  compress?: Compress;
  /** How this runtime sends a stream with its Content-Length (Cloudflare's FixedLengthStream). */
  fixedLength?: FixedLength;
  /** Origins besides the service's own whose web pages may call /mcp (FOLIO_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The address a self-hosted server listens on: on loopback, /mcp also checks `Host` (DNS rebinding). */
  listenHost?: string;
}

/** What the adapter knows about the connection. */
export interface RequestContext {
  /** Read only for requests the limiter counts, so an adapter may make it a getter when it costs. */
  readonly clientAddress?: string | null | undefined;
}

export interface Handler {
  fetch(request: Request, context?: RequestContext): Response | Promise<Response>;
}

const API_AREA = { allow: 'GET, HEAD', cacheControl: 'public, max-age=3600' };
const MCP_AREA = { allow: MCP_ALLOW, cacheControl: CACHE_NONE };
const BAD_REQUEST_OFFERS = ['text/html', 'application/problem+json', 'application/json'] as const;
/** Distinct Accept-Encoding values whose choice is kept. */
const KEPT_ENCODINGS = 256;

export function createHandler(deployment: Deployment, options: HandlerOptions = {}): Handler {
  const { manifest } = deployment;
  const Response = options.Response ?? globalThis.Response;
  const limiter: RateStore =
    options.rateStore ?? new SlidingWindowLimiter({ ...manifest.policy, ...options.rateLimit });
  const policyHeader = ratePolicy(limiter.quota, limiter.windowSeconds);
  const bodies = createBodyCache(deployment.source, {
    budget: options.cacheBytes,
    compress: options.compress,
    streamed: manifest.streamed,
    fixedLength: options.fixedLength,
  });
  const shared = { Response, baseUrl: manifest.baseUrl, policyHeader, manifest, bodies };
  const problems = problemAnswers(shared);
  const api = createApi({ ...shared, problems });
  // Loaded and made on the first MCP request: its tools, search engine and schemas are most of the
  // code, and compiling them a share of a server's start.
  const mcp = loadOnce(() =>
    import('./mcp/serve.ts').then(({ createMcp }) =>
      createMcp({ ...shared, allowedOrigins: options.allowedOrigins ?? [], listenHost: options.listenHost }),
    ),
  );
  const site = createSite(shared);
  const match = createRouteTable(manifest);
  const deprecations = manifest.deprecations;

  const addressOf = (request: Request, context: RequestContext | undefined) =>
    (options.clientAddressHeader && addressFromHeader(request.headers, options.clientAddressHeader)) ||
    context?.clientAddress;

  const encodingOf = memo(KEPT_ENCODINGS, (header: string) => acceptedEncoding(header));

  /**
   * The content coding of a GET. HEAD describes the identity representation: clients compare its
   * Content-Length with the decoded body of a GET, and some runtimes rewrite a missing length.
   */
  function encodingFor(request: Request): Encoding | null {
    if (!bodies.compresses || request.method !== 'GET') return null;
    const accepted = request.headers.get('accept-encoding');
    return accepted ? encodingOf(accepted) : null;
  }

  /** The limiter step: a preflight only looks at the quota, a request past it gets the 429. */
  function counted(
    request: Request,
    target: Target,
    route: Route,
    context: RequestContext | undefined,
  ): Response | Promise<Response> {
    const key = clientKey(addressOf(request, context));
    if (isPreflight(request))
      return after(limiter.peek(key), (rate) =>
        preflight(request, route.name === 'mcp' ? MCP_AREA : API_AREA, rate),
      );
    return after(limiter.hit(key), (rate) =>
      rate.allowed
        ? serveCounted(request, target, route, rate)
        : refuse(request, target, rate, 'rate_limited', rateLimitedDetail(rate, limiter.windowSeconds)),
    );
  }

  function preflight(request: Request, area: typeof API_AREA, rate: RateState) {
    const headers = Object.assign(
      apiHeaders(rate, policyHeader, '', area.cacheControl),
      preflightHeaders(request, area.allow),
    );
    delete headers['content-type'];
    return respond(Response, request, 204, headers, null);
  }

  function refuse(request: Request, target: Target, rate: RateState, code: ErrorCode, detail: string) {
    const instance = code === 'invalid_request' ? target.path + target.search : target.path;
    return problems.respond(request, rate, code, detail, instance);
  }

  /** A request to /api/ or /mcp within its quota. */
  function serveCounted(request: Request, target: Target, route: Route, rate: RateState) {
    if (route.name === 'mcp') return after(mcp(), (area) => area.handle(request, { target, rate }));
    const call = { target, rate, encoding: encodingFor(request) };
    if (route.name === 'apiFallback') return api.fallback(request, call);
    const deprecation = deprecations[route.operationId as string];
    return route.name === 'apiPostList'
      ? api.postList(request, call, deprecation)
      : api.document(request, call, deprecation);
  }

  function serve(request: Request, target: Target, route: Route, context: RequestContext | undefined) {
    switch (route.name) {
      case 'apiDocument':
      case 'apiPostList':
      case 'apiFallback':
      case 'mcp':
        return counted(request, target, route, context);
      default: {
        if (isPreflight(request))
          return respond(Response, request, 204, preflightHeaders(request, SITE_ALLOW), null);
        const call = { target, encoding: encodingFor(request) };
        if (route.name === 'siteDocument') return site.document(request, call);
        return route.name === 'siteTwin' ? site.twin(request, call) : site.page(request, call);
      }
    }
  }

  /** An unusable Host or target: counted like any request, then 400/414 in the area's format. */
  function badTarget(
    request: Request,
    refused: Extract<ParsedTarget, { ok: false }>,
    context: RequestContext | undefined,
  ) {
    const target = { path: refused.path, search: '' };
    return after(limiter.hit(clientKey(addressOf(request, context))), (rate) => {
      if (!rate.allowed)
        return refuse(request, target, rate, 'rate_limited', rateLimitedDetail(rate, limiter.windowSeconds));
      return refuseTarget(request, refused, target, rate);
    });
  }

  function refuseTarget(
    request: Request,
    refused: Extract<ParsedTarget, { ok: false }>,
    target: Target,
    rate: RateState,
  ) {
    const code: ErrorCode = refused.status === 414 ? 'uri_too_long' : 'invalid_request';
    const area = match(refused.path).name;
    const isSite = area !== 'mcp' && !area.startsWith('api');
    if (isSite && negotiate(request.headers.get('accept'), BAD_REQUEST_OFFERS) === 'text/html') {
      const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad request</title><h1>Bad request</h1><p>${refused.status === 414 ? 'The address is too long.' : 'The request could not be understood.'}</p></html>\n`;
      return respond(
        Response,
        request,
        refused.status,
        { 'content-type': HTML_TYPE, 'cache-control': CACHE_NONE },
        new TextEncoder().encode(html),
      );
    }
    return refuse(request, target, rate, code, refused.detail);
  }

  async function internalError(request: Request, context: RequestContext | undefined, error: unknown) {
    // The adapter loads the new deployment and answers from it (self-hosted.ts).
    if (error instanceof DeploymentReplaced) throw error;
    console.error(
      `folio: unexpected error on ${request.method}: ${error instanceof Error ? error.message : String(error)}`,
    );
    const parsed = parseTarget(request);
    const path = parsed.ok ? parsed.target.path : parsed.path;
    const rate = { ...(await limiter.peek(clientKey(addressOf(request, context)))), allowed: true };
    const detail = `The request to ${path} could not be completed.`;
    return problems.respond(request, rate, 'internal_error', detail, path);
  }

  return {
    fetch(request, context) {
      try {
        const parsed = parseTarget(request);
        if (!parsed.ok) return badTarget(request, parsed, context);
        const answer = serve(request, parsed.target, match(parsed.target.path), context);
        return answer instanceof Promise
          ? answer.catch((error) => internalError(request, context, error))
          : answer;
      } catch (error) {
        return internalError(request, context, error);
      }
    },
  };
}
