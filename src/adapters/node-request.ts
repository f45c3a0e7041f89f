/**
 * A node:http GET or HEAD request as the fetch Request the handler takes, built the way
 * @hono/node-server builds its own: method, URL and header lookups are read straight from the
 * parsed message, and only a use beyond those (the signal, clone, iterating the headers...) makes
 * the full Request, once. It has no body: requests with one take @whatwg-node/server's path.
 */
import type { IncomingMessage } from 'node:http';
import { delegate } from './delegate.ts';

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
  readonly body = null;
  private [fullRequest]: Request | undefined;

  constructor(message: IncomingMessage, url: string) {
    this.method = message.method as string;
    this.url = url;
    this.headers = new NodeHeaders(message.headers);
  }

  full(): Request {
    this[fullRequest] ??= new Request(this.url, { method: this.method, headers: this.headers.full() });
    return this[fullRequest];
  }
}

// The rest of each interface, answered by the full object. The names are listed rather than read
// from Request.prototype: Node loads its whole fetch implementation on first touch of the global
// Request, which a server that only answers GET would otherwise pay for at start.
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
  methods: ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'],
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
 * The request node:http parsed; its URL is built as @whatwg-node/server builds it, from the Host
 * header (or the local address when there is none) and the target in origin form.
 */
export function nodeRequest(message: IncomingMessage): Request {
  return new NodeRequest(message, `http://${hostOf(message)}${message.url}`) as unknown as Request;
}

function hostOf(message: IncomingMessage): string {
  if (message.headers.host) return message.headers.host;
  const { localAddress, localPort } = message.socket;
  return localAddress && !localAddress.includes(':') ? `${localAddress}:${localPort}` : 'localhost';
}
