/**
 * The MCP endpoint (POST /mcp and /.well-known/mcp): stateless Streamable HTTP answered with plain JSON,
 * no session, the REST API's headers and rate limit. Refusals before a JSON-RPC message exists carry a
 * JSON-RPC error with a null id, as the MCP SDK's servers send them; only the 429 is problem+json, like
 * every rate-limited answer of the service. An unexpected error is JSON-RPC's internal error, with
 * the request's id once it is read (./internal-error.ts).
 */

import type { HeaderMap } from '../core/api.ts';
import type { Manifest } from '../core/deployment.ts';
import { METHOD_NOT_FOUND, SERVER_ERROR } from '../core/json-rpc-codes.ts';
import { JSON_TYPE } from '../core/media-types.ts';
import { apiHeaders, CACHE_NONE } from '../http/api-headers.ts';
import type { Target } from '../http/request-target.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';
import { logUnexpectedError } from '../http/unexpected-error.ts';
import type { BodyCache } from '../runtime/body-cache.ts';
import { DeploymentReplaced } from '../runtime/body-source.ts';
import type { RateState } from '../runtime/limiter.ts';
import { MCP_ALLOW } from './allow.ts';
import { type CallerPolicy, callerCheck } from './dns-rebinding.ts';
import { eraOf, isRefusal, unsupportedHeader } from './era.ts';
import { INTERNAL_ERROR_STATUS, internalErrorBody } from './internal-error.ts';
import { errorMessage, type JsonRpcError, parseMessage, type RequestId, resultMessage } from './json-rpc.ts';
import { MAX_BODY_BYTES, readBody } from './request-body.ts';
import { warmSearch } from './search-warm.ts';
import { createServer } from './server.ts';
import { createTools } from './tools.ts';
import { checkPost } from './transport.ts';

export interface McpOptions extends CallerPolicy {
  manifest: Manifest;
  bodies: BodyCache;
  Response: ResponseConstructor;
  policyHeader: string;
}

export interface McpRequest {
  target: Target;
  rate: RateState;
}

const encoder = new TextEncoder();

export function createMcp(options: McpOptions) {
  const { policyHeader, Response } = options;
  const server = createServer(
    options.manifest,
    options.bodies,
    createTools(options.manifest, options.bodies),
  );
  const checkCaller = callerCheck(options);

  function send(
    request: Request,
    rate: RateState,
    status: number,
    body: string | Uint8Array | null,
    extra: HeaderMap = {},
  ) {
    const headers = Object.assign(apiHeaders(rate, policyHeader, JSON_TYPE, CACHE_NONE), extra);
    if (body === null) delete headers['content-type'];
    const bytes = typeof body === 'string' ? encoder.encode(body) : body;
    return respond(Response, request, status, headers, bytes);
  }

  function sendError(
    request: Request,
    rate: RateState,
    status: number,
    error: JsonRpcError,
    id: RequestId | null = null,
    extra?: HeaderMap,
  ): Response {
    return send(request, rate, status, errorMessage(id, error), extra);
  }

  /** An error no answer expected: logged whole, answered -32603 (a replaced deployment is the adapter's to answer). */
  function internalError(request: Request, mcp: McpRequest, id: RequestId | null, error: unknown): Response {
    if (error instanceof DeploymentReplaced) throw error;
    logUnexpectedError(request.method, mcp.target.path, error);
    return send(request, mcp.rate, INTERNAL_ERROR_STATUS, internalErrorBody(id));
  }

  async function handlePost(request: Request, mcp: McpRequest): Promise<Response> {
    const { rate } = mcp;
    const refusal = checkPost(request);
    if (refusal) {
      return sendError(request, rate, refusal.status, { code: SERVER_ERROR, message: refusal.message });
    }
    const read = await readBody(request);
    if (read.kind === 'too-large') {
      const message = `Payload Too Large: the request body must be at most ${MAX_BODY_BYTES} bytes.`;
      return sendError(request, rate, 413, { code: SERVER_ERROR, message });
    }
    if (read.kind === 'incomplete') {
      // Most often nobody is left to read this: the client hung up mid-body.
      const message = 'Bad Request: the request body ended before it was complete.';
      return sendError(request, rate, 400, { code: SERVER_ERROR, message });
    }
    const parsed = parseMessage(read.bytes);
    if (!parsed.ok) return sendError(request, rate, 400, parsed.rejection.error, parsed.rejection.id);
    const { message } = parsed;
    if (message.kind !== 'request') {
      // A notification is only acknowledged, but not in a version this server does not speak.
      const refusal = unsupportedHeader(request.headers);
      return refusal ? sendError(request, rate, 400, refusal.error) : send(request, rate, 202, null);
    }
    const { id, method, params } = message;
    const era = eraOf(request.headers, method, params);
    if (isRefusal(era)) return sendError(request, rate, 400, era.error, id);
    if (era.modern && !server.knows(method, era)) {
      return sendError(
        request,
        rate,
        404,
        { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` },
        id,
      );
    }
    try {
      const reply = await server.answer(method, params, era);
      return send(
        request,
        rate,
        200,
        reply.ok ? resultMessage(id, reply.result) : errorMessage(id, reply.error),
      );
    } catch (error) {
      return internalError(request, mcp, id, error);
    }
  }

  /** Not async: handlePost's promise is handed on as it is, not wrapped in another one. */
  function handle(request: Request, mcp: McpRequest): Response | Promise<Response> {
    const { rate } = mcp;
    const refusal = checkCaller(request);
    if (refusal) return sendError(request, rate, 403, { code: SERVER_ERROR, message: refusal });
    if (request.method !== 'POST') {
      // HEAD is answered as GET would be (RFC 9110 9.3.2), so both report the same Content-Length.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const message = `Method Not Allowed: ${method} ${mcp.target.path}; send JSON-RPC 2.0 messages with POST.`;
      return sendError(request, rate, 405, { code: SERVER_ERROR, message }, null, { allow: MCP_ALLOW });
    }
    return handlePost(request, mcp).catch((error: unknown) => internalError(request, mcp, null, error));
  }

  /** Compiles the search scorer before the first search needs it (search-warm.ts). */
  async function prepare(): Promise<void> {
    await warmSearch();
  }

  return { handle, prepare };
}

export type Mcp = ReturnType<typeof createMcp>;
