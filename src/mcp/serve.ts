/** The MCP endpoint (POST /mcp): filled in by the MCP server module. */

import type { RateLimitPolicy } from '../api/index-document.ts';
import type { ApiResources } from '../api/resources.ts';
import type { SiteData } from '../data/types.ts';
import type { LimitedContext } from '../handler.ts';
import { PROBLEM_TYPE } from '../http/body.ts';
import { apiHeaders, CACHE_NONE } from '../http/headers.ts';
import { problem } from '../http/problem.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';

export interface McpOptions {
  baseUrl: string;
  Response: ResponseConstructor;
  policy: RateLimitPolicy;
  policyHeader: string;
  api: ApiResources;
}

export function createMcp(_data: SiteData, options: McpOptions) {
  function handle(request: Request, { url, rate }: LimitedContext): Response {
    const code = rate.allowed ? 'resource_not_found' : 'rate_limited';
    const body = problem(options.baseUrl, code, `No MCP server at ${url.pathname} yet.`, url.pathname);
    const headers = apiHeaders(rate, options.policyHeader, PROBLEM_TYPE, CACHE_NONE);
    return respond(
      options.Response,
      request,
      body.status,
      headers,
      new TextEncoder().encode(JSON.stringify(body)),
    );
  }
  return { handle };
}
