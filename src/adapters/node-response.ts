/**
 * The handler's answers on Node: @whatwg-node/server's own Response, which also keeps what it was
 * made from when that is a status, a plain header object and bytes (every prerendered answer), so
 * the server writes it with one writeHead and one end, as a bare node:http server would. Any other
 * Response is written by @whatwg-node/server's sendNodeResponse.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Response, sendNodeResponse } from '@whatwg-node/server';

interface Parts {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

export class NodeResponse extends Response {
  readonly parts: Parts | null;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, init);
    const headers = init?.headers;
    const plain = headers !== undefined && Object.getPrototypeOf(headers) === Object.prototype;
    this.parts =
      plain && (body == null || body instanceof Uint8Array)
        ? { status: this.status, headers: headers as Record<string, string>, body: body ?? null }
        : null;
  }
}

export function writeResponse(response: globalThis.Response, req: IncomingMessage, res: ServerResponse) {
  const parts = response instanceof NodeResponse ? response.parts : null;
  if (parts === null) {
    void sendNodeResponse(response, res, req, true);
    return;
  }
  res.writeHead(parts.status, parts.headers);
  if (parts.body === null) res.end();
  else res.end(parts.body);
}
