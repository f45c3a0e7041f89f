/**
 * The handler's answers on Node, made the way @hono/node-server makes its own: a Response that keeps
 * the status, header object and bytes it was given, so the server writes it with one writeHead and
 * one end as a bare node:http server would. A streamed body is piped with backpressure. Reading
 * anything else from it (its Headers, its body stream, text()...) makes the full Response once.
 */
import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { delegate } from './delegate.ts';
import { FileParts } from './node-files.ts';

type Content = Uint8Array | ReadableStream<Uint8Array> | FileParts | null;

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

  /** Bytes, a stream or nothing under a plain header object, as every Folio answer is; else null. */
  parts(): { headers: Record<string, string>; body: Content } | null {
    const headers = this.init?.headers;
    const body = this.given ?? null;
    if (headers === undefined || Object.getPrototypeOf(headers) !== Object.prototype) return null;
    return body === null ||
      body instanceof Uint8Array ||
      body instanceof FileParts ||
      body instanceof ReadableStream
      ? { headers: headers as Record<string, string>, body: body as Content }
      : null;
  }

  full(): Response {
    const given = this.given instanceof FileParts ? this.given.full() : this.given;
    this[fullResponse] ??= new Response(given, this.init);
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
    else if (parts.body instanceof Uint8Array) res.end(parts.body);
    else if (parts.body instanceof FileParts)
      parts.body.sendTo(res).catch((error: Error) => stopped(error, res));
    else send(Readable.fromWeb(parts.body as unknown as NodeReadableStream), res);
    return;
  }
  const full = response instanceof NodeResponse ? response.full() : response;
  res.writeHead(full.status, Object.fromEntries(full.headers));
  if (full.body) send(Readable.fromWeb(full.body as unknown as NodeReadableStream), res);
  else res.end();
}

/**
 * A body stream written as the client takes it. When the client goes away first, the stream is
 * cancelled (which closes what it reads) and nothing is logged; when the stream fails, the
 * connection is cut, so the client sees a body shorter than its Content-Length.
 */
function send(body: Readable, res: ServerResponse) {
  pipeline(body, res, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') stopped(error, res);
  });
}

/** A body that failed while being sent: one line, and the connection cut short of its Content-Length. */
function stopped(error: Error, res: ServerResponse) {
  if (!res.destroyed) res.destroy();
  console.error(`folio: a body stopped while being sent: ${error.message}`);
}
