/**
 * A node:http request as the fetch Request the handler takes, built the way @hono/node-server
 * builds its own: method, URL and header lookups are read straight from the parsed message, the
 * body is a stream over the message, and only a use beyond those (the signal, clone, iterating the
 * headers...) makes the full Request, once.
 */
import type { IncomingMessage } from 'node:http';
import { Response } from '@whatwg-node/server';

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
  readonly body: ReadableStream<Uint8Array> | null;
  private [fullRequest]: Request | undefined;

  constructor(message: IncomingMessage, url: string) {
    this.method = message.method as string;
    this.url = url;
    this.headers = new NodeHeaders(message.headers);
    this.body = this.method === 'GET' || this.method === 'HEAD' ? null : bodyStream(message);
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

/**
 * The message body as a web stream: @whatwg-node/server's Body over the message, the stream its own
 * Request would read (Node's native ReadableStream costs about five times as much to set up).
 */
function bodyStream(message: IncomingMessage): ReadableStream<Uint8Array> | null {
  return new Response(message as unknown as BodyInit).body;
}

delegateTheRest(NodeHeaders.prototype, Headers.prototype, (headers: NodeHeaders) => headers.full());
delegateTheRest(NodeRequest.prototype, Request.prototype, (request: NodeRequest) => request.full());

/** Members of `real` that `light` does not define itself, answered by the full object; `instanceof` holds. */
function delegateTheRest<T>(light: object, real: object, full: (self: T) => object) {
  for (const name of Reflect.ownKeys(real)) {
    if (name === 'constructor' || Object.hasOwn(light, name)) continue;
    const member = Object.getOwnPropertyDescriptor(real, name);
    if (typeof member?.value === 'function') {
      Object.defineProperty(light, name, {
        value(this: T, ...args: unknown[]) {
          const target = full(this) as Record<PropertyKey, (...args: unknown[]) => unknown>;
          return target[name]!(...args);
        },
      });
    } else if (member?.get) {
      Object.defineProperty(light, name, {
        get(this: T) {
          return (full(this) as Record<PropertyKey, unknown>)[name];
        },
      });
    }
  }
  Object.setPrototypeOf(light, real);
}

/**
 * The request node:http parsed; its URL is built as @whatwg-node/server builds it, from the Host
 * header (or the local address when there is none) and the target as sent.
 */
export function nodeRequest(message: IncomingMessage, target: string): Request {
  return new NodeRequest(message, `http://${hostOf(message)}${target}`) as unknown as Request;
}

function hostOf(message: IncomingMessage): string {
  if (message.headers.host) return message.headers.host;
  const { localAddress, localPort } = message.socket;
  return localAddress && !localAddress.includes(':') ? `${localAddress}:${localPort}` : 'localhost';
}
