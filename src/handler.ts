/**
 * The one handler: a pure `fetch(request, context) => Response` over the prerendered data,
 * the same on every runtime. Adapters supply the client address and, where it pays, their
 * runtime's Response constructor.
 */
import { API_AREA, createApi } from './api/serve.ts';
import type { SiteData } from './data/types.ts';
import { addressFromHeader, clientKey } from './http/client-key.ts';
import { isPreflight, ratePolicy } from './http/headers.ts';
import { type LimiterOptions, type RateState, SlidingWindowLimiter } from './http/limiter.ts';
import {
  type AreaPolicy,
  preflightResponse,
  problemResponse,
  rateLimitedDetail,
} from './http/problem-response.ts';
import { type RateStore, withRate } from './http/rate-store.ts';
import type { ResponseConstructor } from './http/respond.ts';
import { createMcp, MCP_AREA } from './mcp/serve.ts';
import { createTools } from './mcp/tools.ts';
import { PATHS } from './site/paths.ts';
import { createSite } from './site/serve.ts';

export interface HandlerOptions {
  /** The public address of the service; defaults to the content's `baseUrl`. */
  baseUrl?: string;
  Response?: ResponseConstructor;
  rateLimit?: LimiterOptions;
  /** A shared quota (the Redis store) in place of the in-memory limiter built from `rateLimit`. */
  rateStore?: RateStore;
  /**
   * A request header that carries the client address and that the platform or a trusted proxy
   * always sets (for example `x-forwarded-for` behind a proxy that appends to it). Unset, the
   * address comes from the adapter alone, so a client cannot invent one.
   */
  clientAddressHeader?: string;
}

/** What the adapter knows about the connection. */
export interface RequestContext {
  clientAddress?: string | null | undefined;
}

export interface Handler {
  fetch(request: Request, context?: RequestContext): Promise<Response>;
}

/** The rate state of the request, on top of what the adapter told. */
export interface LimitedContext {
  url: URL;
  rate: RateState;
}

export function createHandler(data: SiteData, options: HandlerOptions = {}): Handler {
  const baseUrl = (options.baseUrl ?? data.site.baseUrl).replace(/\/+$/, '');
  const Response = options.Response ?? globalThis.Response;
  const limiter: RateStore = options.rateStore ?? new SlidingWindowLimiter(options.rateLimit);
  const policy = { quota: limiter.quota, windowSeconds: limiter.windowSeconds };
  const policyHeader = ratePolicy(limiter.quota, limiter.windowSeconds);
  const shared = { baseUrl, Response, policy, policyHeader };

  const api = createApi(data, shared);
  const tools = createTools(data, api.resources, baseUrl);
  const mcp = createMcp(data, { ...shared, tools });
  const site = createSite(data, { ...shared, api: api.resources, tools });

  const addressOf = (request: Request, context: RequestContext | undefined) =>
    (options.clientAddressHeader && addressFromHeader(request.headers, options.clientAddressHeader)) ||
    context?.clientAddress;

  /**
   * The limiter step of a rate-limited area: a CORS preflight only looks at the quota and is
   * answered here, a request past the quota gets the 429, anything else goes on to the area.
   */
  const limited =
    (serve: (request: Request, context: LimitedContext) => Promise<Response> | Response, area: AreaPolicy) =>
    (request: Request, url: URL, context: RequestContext | undefined) => {
      const key = clientKey(addressOf(request, context));
      if (isPreflight(request))
        return withRate(limiter.peek(key), (rate) => preflightResponse(shared, request, rate, area));
      return withRate(limiter.hit(key), (rate) => {
        if (!rate.allowed) {
          const detail = rateLimitedDetail(rate, limiter.windowSeconds);
          return problemResponse(shared, request, rate, 'rate_limited', detail, url.pathname);
        }
        return serve(request, { url, rate });
      });
    };
  const serveApi = limited(api.handle, API_AREA);
  const serveMcp = limited(mcp.handle, MCP_AREA);

  /**
   * The three areas are told apart by prefix, once; the API's parameterised routes are matched
   * by its own router.
   */
  function route(request: Request, context: RequestContext | undefined): Promise<Response> | Response {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === '/api' || path.startsWith('/api/')) return serveApi(request, url, context);
    if (path === PATHS.mcpEndpoint || path === PATHS.mcpWellKnown) return serveMcp(request, url, context);
    return site.handle(request, url);
  }

  async function internalError(request: Request, context: RequestContext | undefined, error: unknown) {
    console.error('folio: unexpected error', error);
    const path = new URL(request.url).pathname;
    const rate = { ...(await limiter.peek(clientKey(addressOf(request, context)))), allowed: true };
    const detail = `The request to ${path} could not be completed.`;
    return problemResponse(shared, request, rate, 'internal_error', detail, path);
  }

  return {
    async fetch(request, context) {
      try {
        return await route(request, context);
      } catch (error) {
        return internalError(request, context, error);
      }
    },
  };
}
