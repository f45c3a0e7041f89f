/**
 * The handler's answers on Node, made the way @hono/node-server makes its own: a Response that keeps
 * the status, header object and bytes it was given, so the server writes it with one writeHead and
 * one end as a bare node:http server would. Reading anything else from it (its Headers, its body
 * stream, text()...) makes the full Response once.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { delegate } from './delegate.ts';

type Bytes = Uint8Array | null;

const fullResponse = Symbol('fullResponse');

export class NodeResponse {
  readonly status: number;
  private [fullResponse]: Response | undefined;

  constructor(
    private readonly given: BodyInit | null | undefined,
    private readonly init: ResponseInit | undefined,
  ) {
    this.status = init?.status ?? 200;
  }

  /** Bytes (or none) under a plain header object, as every Folio answer is; else null. */
  parts(): { headers: Record<string, string>; body: Bytes } | null {
    const headers = this.init?.headers;
    const body = this.given ?? null;
    if (headers === undefined || Object.getPrototypeOf(headers) !== Object.prototype) return null;
    return body === null || body instanceof Uint8Array
      ? { headers: headers as Record<string, string>, body }
      : null;
  }

  full(): Response {
    this[fullResponse] ??= new Response(this.given, this.init);
    return this[fullResponse];
  }
}

delegate(NodeResponse.prototype, (response: NodeResponse) => response.full(), {
  methods: ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'],
  getters: ['body', 'bodyUsed', 'headers', 'ok', 'redirected', 'statusText', 'type', 'url'],
});

export function writeResponse(response: Response, res: ServerResponse) {
  const parts = response instanceof NodeResponse ? response.parts() : null;
  if (parts) {
    res.writeHead(response.status, parts.headers);
    if (parts.body === null) res.end();
    else res.end(parts.body);
    return;
  }
  const full = response instanceof NodeResponse ? response.full() : response;
  res.writeHead(full.status, Object.fromEntries(full.headers));
  if (full.body) Readable.fromWeb(full.body as unknown as NodeReadableStream).pipe(res);
  else res.end();
}
