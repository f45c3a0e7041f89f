/**
 * The one handler: a pure `fetch(request, context) => Response` over a deployment (the manifest and
 * the prerendered bodies), the same on every runtime. It reads the request target once, routes it
 * through the one route table, whose routes are the area functions made here (the rate-limited
 * areas, /api/ and /mcp, take their limiter step first), and calls the one it finds. Adapters supply the body source, the client address and, where it pays,
 * their runtime's Response constructor and a compressor.
 */
import { createApi } from './api/serve.ts';
import type { Manifest } from './core/deployment.ts';
import { type ErrorCode, TARGET_FAULT_HINTS } from './core/errors.ts';
import { HTML_TYPE, JSON_TYPE } from './core/media-types.ts';
import { apiHeaders, CACHE_NONE } from './http/api-headers.ts';
import { isPreflight, preflightHeaders } from './http/cors.ts';
import { type AcceptedCodings, acceptedCodings } from './http/negotiate.ts';
import { problemAnswers, problemInstance, rateLimitedDetail } from './http/problem.ts';
import { ratePolicy } from './http/rate-limit-headers.ts';
import { prefersPage, refusalPage } from './http/refusal-page.ts';
import { parseTarget, type Target, type TargetRefusal } from './http/request-target.ts';
import { type ResponseConstructor, respond } from './http/respond.ts';
import { logUnexpectedError } from './http/unexpected-error.ts';
import { MCP_ALLOW } from './mcp/allow.ts';
import { INTERNAL_ERROR_STATUS, internalErrorBody } from './mcp/internal-error.ts';
import { type Answer, createRouteTable } from './routes.ts';
import { after, loadOnce } from './runtime/after.ts';
import { type Compress, createBodyCache, type FixedLength } from './runtime/body-cache.ts';
import { type BodySource, DeploymentReplaced } from './runtime/body-source.ts';
import { addressFromHeader, clientKey } from './runtime/client-key.ts';
import { type LimiterOptions, type RateState, SlidingWindowLimiter } from './runtime/limiter.ts';
import { memo } from './runtime/memo.ts';
import type { RateStore } from './runtime/rate-store.ts';
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
  /**
   * Bytes kept in memory per deployment (FOLIO_CACHE_BYTES): bodies, their compressed variants and
   * what is derived from them (list prefixes, MCP results, parsed search files, decoded text).
   */
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
  /**
   * Loads and compiles what the first MCP request would otherwise wait for: the area's code and
   * the search scorer's optimized loops. For servers that live long (Node, Bun), in their first
   * lull (src/adapters/prepare-when-quiet.ts); an edge isolate pays for every millisecond and does
   * not call it.
   */
  prepare(): Promise<void>;
}

const API_AREA = { allow: 'GET, HEAD', cacheControl: 'public, max-age=3600' };
const MCP_AREA = { allow: MCP_ALLOW, cacheControl: CACHE_NONE };
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
  // code, so a server that is never asked over MCP never compiles them.
  const mcp = loadOnce(() =>
    import('./mcp/serve.ts').then(({ createMcp }) =>
      createMcp({ ...shared, allowedOrigins: options.allowedOrigins ?? [], listenHost: options.listenHost }),
    ),
  );
  const site = createSite(shared);

  const addressOf = (request: Request, context: RequestContext | undefined) =>
    (options.clientAddressHeader && addressFromHeader(request.headers, options.clientAddressHeader)) ||
    context?.clientAddress;

  const codingsOf = memo(KEPT_ENCODINGS, (header: string) => acceptedCodings(header));

  /** The codings the client accepts; HEAD negotiates as GET does. */
  function acceptedFor(request: Request): AcceptedCodings {
    const header = request.headers.get('accept-encoding');
    return header === null ? acceptedCodings(null) : codingsOf(header);
  }

  /** What a rate-limited area does with a request within its quota. */
  type CountedAnswer = (request: Request, target: Target, rate: RateState) => Response | Promise<Response>;
  type SiteAnswer = (
    request: Request,
    call: { target: Target; accepted: AcceptedCodings },
  ) => Response | Promise<Response>;

  /**
   * The limiter step in front of an area: a preflight only looks at the quota, a request past it
   * gets the 429, any other goes on to the area.
   */
  const counted =
    (area: typeof API_AREA, answer: CountedAnswer): Answer<RequestContext | undefined> =>
    (request, target, context) => {
      const key = clientKey(addressOf(request, context));
      if (isPreflight(request)) return after(limiter.peek(key), (rate) => preflight(request, area, rate));
      return after(limiter.hit(key), (rate) =>
        rate.allowed
          ? answer(request, target, rate)
          : refuse(request, target, rate, 'rate_limited', rateLimitedDetail(rate, limiter.windowSeconds)),
      );
    };

  /** A site answer: not counted; a preflight gets the site's methods. */
  const uncounted =
    (answer: SiteAnswer): Answer<RequestContext | undefined> =>
    (request, target) =>
      isPreflight(request)
        ? respond(Response, request, 204, preflightHeaders(request, SITE_ALLOW), null)
        : answer(request, { target, accepted: acceptedFor(request) });

  const match = createRouteTable<RequestContext | undefined>(manifest, {
    apiDocument(operationId) {
      const deprecation = manifest.deprecations[operationId];
      return counted(API_AREA, (request, target, rate) =>
        api.document(request, { target, rate, accepted: acceptedFor(request) }, deprecation),
      );
    },
    apiPostList(operationId) {
      const deprecation = manifest.deprecations[operationId];
      return counted(API_AREA, (request, target, rate) =>
        api.postList(request, { target, rate, accepted: acceptedFor(request) }, deprecation),
      );
    },
    apiSearch(operationId) {
      const deprecation = manifest.deprecations[operationId];
      return counted(API_AREA, (request, target, rate) =>
        api.search(request, { target, rate, accepted: acceptedFor(request) }, deprecation),
      );
    },
    apiFallback: counted(API_AREA, (request, target, rate) =>
      api.fallback(request, { target, rate, accepted: acceptedFor(request) }),
    ),
    mcp: counted(MCP_AREA, (request, target, rate) =>
      after(mcp(), (area) => area.handle(request, { target, rate })),
    ),
    siteDocument: uncounted(site.document),
    sitePage: uncounted(site.page),
    siteTwin: uncounted(site.twin),
  });

  function preflight(request: Request, area: typeof API_AREA, rate: RateState) {
    const headers = Object.assign(
      apiHeaders(rate, policyHeader, '', area.cacheControl),
      preflightHeaders(request, area.allow),
    );
    delete headers['content-type'];
    return respond(Response, request, 204, headers, null);
  }

  function refuse(
    request: Request,
    target: Target,
    rate: RateState,
    code: ErrorCode,
    detail: string,
    hint?: string,
  ) {
    return problems.respond(request, rate, code, detail, problemInstance(code, target), undefined, hint);
  }

  /** An unusable Host or target: counted like any request, then 400/414 in the area's format. */
  function badTarget(request: Request, refused: TargetRefusal, context: RequestContext | undefined) {
    return after(limiter.hit(clientKey(addressOf(request, context))), (rate) => {
      if (!rate.allowed)
        return refuse(request, refused, rate, 'rate_limited', rateLimitedDetail(rate, limiter.windowSeconds));
      return refuseTarget(request, refused, rate);
    });
  }

  /** The refusal in the area's format; a 400's hint is the one that mends its fault. */
  function refuseTarget(request: Request, refused: TargetRefusal, rate: RateState) {
    if (match(refused.path).area === 'site' && prefersPage(request)) {
      const text =
        refused.status === 414 ? 'The address is too long.' : 'The request could not be understood.';
      return respond(
        Response,
        request,
        refused.status,
        { 'content-type': HTML_TYPE, 'cache-control': CACHE_NONE },
        refusalPage('Bad request', text),
      );
    }
    if (refused.status === 414) return refuse(request, refused, rate, 'uri_too_long', refused.detail);
    const hint = TARGET_FAULT_HINTS[refused.fault];
    return refuse(request, refused, rate, 'invalid_request', refused.detail, hint);
  }

  async function internalError(request: Request, context: RequestContext | undefined, error: unknown) {
    // The adapter loads the new deployment and answers from it (self-hosted.ts).
    if (error instanceof DeploymentReplaced) throw error;
    const parsed = parseTarget(request);
    const path = parsed.ok ? parsed.target.path : parsed.path;
    logUnexpectedError(request.method, path, error);
    const rate = { ...(await limiter.peek(clientKey(addressOf(request, context)))), allowed: true };
    if (match(path).area === 'mcp') {
      // Before the MCP area read the message, so there is no id to echo.
      const headers = apiHeaders(rate, policyHeader, JSON_TYPE, CACHE_NONE);
      return respond(Response, request, INTERNAL_ERROR_STATUS, headers, internalErrorBody(null));
    }
    const detail = `The request to ${path} could not be completed.`;
    return problems.respond(request, rate, 'internal_error', detail, path);
  }

  return {
    prepare: () => Promise.resolve(mcp()).then((area) => area.prepare()),
    fetch(request, context) {
      try {
        const parsed = parseTarget(request);
        if (!parsed.ok) return badTarget(request, parsed, context);
        const answer = match(parsed.target.path).answer(request, parsed.target, context);
        return answer instanceof Promise
          ? answer.catch((error) => internalError(request, context, error))
          : answer;
      } catch (error) {
        return internalError(request, context, error);
      }
    },
  };
}
