import type { HeaderMap } from './headers.ts';

/**
 * The Response constructor to build answers with: adapters may supply their runtime's fastest one
 * (on Node, the one @whatwg-node/server exports).
 */
export type ResponseConstructor = typeof Response;

/**
 * A response with `Content-Length` set from the body; HEAD and 304 keep every header but send no
 * body, so HEAD reports the length a GET would send.
 */
export function respond(
  Response: ResponseConstructor,
  request: Request,
  status: number,
  headers: HeaderMap,
  body: Uint8Array<ArrayBuffer> | null,
): Response {
  if (status === 304 || status === 204) return new Response(null, { status, headers });
  headers['content-length'] = String(body?.byteLength ?? 0);
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}
