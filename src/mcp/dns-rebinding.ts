/**
 * DNS rebinding protection (MCP basic/transports, security warning): a web page must not drive the
 * endpoint from a browser unless the operator allows its origin, and a server listening on loopback
 * answers only to loopback names, so a hostile domain rebound to 127.0.0.1 gets nothing. A loopback
 * server's own pages, at the loopback address the browser used, are same-origin and served: a
 * rebinding page cannot have a loopback origin, as its origin is the hostile domain.
 */

import { originOf } from '../http/origin.ts';
import { memo } from '../runtime/memo.ts';
import { shown } from './shown.ts';

export interface CallerPolicy {
  /** The service's public address: its origin is always allowed. */
  baseUrl: string;
  /** Other origins whose pages may call the endpoint, as `originOf` gives them. */
  allowedOrigins: readonly string[];
  /** The address a self-hosted server listens on, when the adapter knows it. */
  listenHost: string | undefined;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Distinct Host values whose check is kept. */
const KEPT_HOSTS = 64;

/** The name in a Host header value, lower case: `localhost:8787` gives `localhost`, `[::1]:80` `[::1]`. */
function hostnameOf(host: string): string {
  return host.toLowerCase().replace(/:\d*$/, '');
}

function isLoopback(listenHost: string): boolean {
  const name = listenHost.toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A check of each request's caller: null when it may be served, else why it is refused (a 403). */
export function callerCheck(policy: CallerPolicy): (request: Request) => string | null {
  const base = new URL(policy.baseUrl);
  const origins = new Set([base.origin, ...policy.allowedOrigins]);
  const checksHost = policy.listenHost !== undefined && isLoopback(policy.listenHost);

  const hostRefusal = memo(KEPT_HOSTS, (host: string): string | null => {
    if (LOOPBACK_NAMES.has(hostnameOf(host)) || host.toLowerCase() === base.host) return null;
    return `Forbidden: Host ${shown(host)} is not a name of this server, which listens on loopback only.`;
  });

  return (request) => {
    const host = checksHost ? hostNamed(request) : null;
    const origin = request.headers.get('origin');
    if (
      origin !== null &&
      !origins.has(originOf(origin) ?? '') &&
      !isOwnLoopbackOrigin(origin, host, request)
    ) {
      return `Forbidden: pages from Origin ${shown(origin)} may not call this endpoint.`;
    }
    return host === null ? null : hostRefusal(host);
  };
}

/**
 * Whether `origin` is the loopback address the request was sent to (`host`, checked on loopback
 * only), in scheme, host and port: an `https:` page on the host of a plain-HTTP listener is
 * another origin, whatever the host.
 */
function isOwnLoopbackOrigin(origin: string, host: string | null, request: Request): boolean {
  if (host === null || !LOOPBACK_NAMES.has(hostnameOf(host))) return false;
  const serialized = originOf(origin);
  const own = `${schemeOf(request)}//${host}`;
  return serialized !== null && URL.canParse(own) && serialized === new URL(own).origin;
}

/** The scheme the request arrived over (`http:` on a self-hosted listener), as its URL gives it. */
function schemeOf(request: Request): string {
  return URL.canParse(request.url) ? new URL(request.url).protocol : 'http:';
}

/**
 * The host name the client addressed: its Host header, else the authority of an absolute target.
 * Null for an HTTP/1.0 request with neither (Bun then gives the target as it came, `/mcp`): it
 * names no host, so no rebound name can be in it, and the connection itself reached this listener.
 */
function hostNamed(request: Request): string | null {
  const header = request.headers.get('host');
  if (header !== null) return header;
  return URL.canParse(request.url) ? new URL(request.url).host : null;
}
