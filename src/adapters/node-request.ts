/**
 * A node:http request as the fetch Request the handler takes, built the way @hono/node-server
 * builds its own: method, URL and header lookups are read straight from the parsed message, the
 * body is the stream the server made for it (./node-body.ts), and only a use beyond those (the
 * signal, clone, iterating the headers...) makes the full Request, once.
 */
import type { IncomingMessage } from 'node:http';
import { delegate } from './delegate.ts';

/** A request body that can also be read whole in one step, as ./node-body.ts makes them. */
export interface WholeBody extends ReadableStream<Uint8Array> {
  bytes(): Promise<Uint8Array>;
}

const fullRequest = Symbol('fullRequest');
const fullHeaders = Symbol('fullHeaders');

/** The request headers node:http parsed (names in lower case, repeats joined as fetch joins them). */
class NodeHeaders {
  private [fullHeaders]: Headers | undefined;

  constructor(private readonly raw: IncomingMessage['headers']) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  /** Every other Headers member, on a full Headers made once. */
  full(): Headers {
    if (!this[fullHeaders]) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(this.raw))
        for (const one of typeof value === 'string' ? [value] : (value ?? [])) headers.append(name, one);
      this[fullHeaders] = headers;
    }
    return this[fullHeaders];
  }
}

class NodeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: NodeHeaders;
  readonly body: WholeBody | null;
  private [fullRequest]: Request | undefined;

  constructor(message: IncomingMessage, url: string, body: WholeBody | null) {
    this.method = message.method as string;
    this.url = url;
    this.headers = new NodeHeaders(message.headers);
    this.body = body;
  }

  /** The body read whole from the message, without a web stream or a full Request. */
  bytes(): Promise<Uint8Array> {
    return this.body ? this.body.bytes() : Promise.resolve(new Uint8Array(0));
  }

  full(): Request {
    this[fullRequest] ??= new Request(this.url, {
      method: this.method,
      headers: this.headers.full(),
      body: this.body,
      duplex: 'half',
    } as RequestInit);
    return this[fullRequest];
  }
}

// The rest of each interface, answered by the full object. The names are listed rather than read
// from Request.prototype: Node loads its fetch implementation on first touch of the global Request,
// which would add a fifth to the server's start.
delegate(NodeHeaders.prototype, (headers: NodeHeaders) => headers.full(), {
  methods: [
    'append',
    'delete',
    'entries',
    'forEach',
    'getSetCookie',
    'keys',
    'set',
    'values',
    Symbol.iterator,
  ],
});
delegate(NodeRequest.prototype, (request: NodeRequest) => request.full(), {
  methods: ['arrayBuffer', 'blob', 'clone', 'formData', 'json', 'text'],
  getters: [
    'bodyUsed',
    'cache',
    'credentials',
    'destination',
    'duplex',
    'integrity',
    'keepalive',
    'mode',
    'redirect',
    'referrer',
    'referrerPolicy',
    'signal',
  ],
});

/**
 * The request node:http parsed, with its body as a stream when it has one; its URL is built as
 * @whatwg-node/server builds it, from the Host header (or the local address when there is none)
 * and the target as sent.
 */
export function nodeRequest(message: IncomingMessage, target: string, body: WholeBody | null): Request {
  return new NodeRequest(message, `http://${hostOf(message)}${target}`, body) as unknown as Request;
}

function hostOf(message: IncomingMessage): string {
  if (message.headers.host) return message.headers.host;
  const { localAddress, localPort } = message.socket;
  return localAddress && !localAddress.includes(':') ? `${localAddress}:${localPort}` : 'localhost';
}
