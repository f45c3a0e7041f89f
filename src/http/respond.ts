import { notModifiedHeaders } from './conditional.ts';
import type { HeaderMap } from './cors.ts';

/**
 * The Response constructor to build answers with: adapters may supply their runtime's fastest one
 * (on Node, the one @whatwg-node/server exports).
 */
export type ResponseConstructor = typeof Response;

/**
 * A response with `Content-Length` set from the body; HEAD keeps every header but sends no body,
 * so it reports the length a GET would send; 304 and 204 send neither.
 */
export function respond(
  Response: ResponseConstructor,
  request: Request,
  status: number,
  headers: HeaderMap,
  body: Uint8Array | null,
): Response {
  if (status === 304) return new Response(null, { status, headers: notModifiedHeaders(headers) });
  if (status === 204) return new Response(null, { status, headers });
  headers['content-length'] = String(body?.byteLength ?? 0);
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit | null), { status, headers });
}
