/**
 * The request target, read once and without trusting it: the path and query of `request.url`, a
 * usable `Host`, bounded length and parameter count. Never throws; a bad target is a refusal that
 * the caller answers (400 or 414) like any other request. A URL seen before with the same Host is
 * answered from a bounded cache, with the same path and query strings as before, so every later
 * lookup keyed by them finds their hash already computed.
 */
import { stringBytes } from '../core/byte-lru.ts';
import type { TargetFault } from '../core/errors.ts';
import { BoundedCache, memo } from '../runtime/memo.ts';

export const MAX_URL_LENGTH = 8192;
export const MAX_QUERY_PARAMETERS = 64;
/** Distinct Host values whose check is kept. */
const KEPT_HOSTS = 256;
/** Distinct request URLs whose reading is kept, and the longest kept (longer ones are read each time). */
const KEPT_URLS = 4096;
const MAX_KEPT_URL = 1024;
const KEPT_URL_BYTES = 2 * 1024 * 1024;

export interface Target {
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
}

/** A refused target: the path as far as it could be read, and the query as received (a 400's instance names it). */
export type TargetRefusal = { detail: string; path: string; search: string } & (
  | { status: 414 }
  | { status: 400; fault: TargetFault }
);
export type ParsedTarget = { ok: true; target: Target } | ({ ok: false } & TargetRefusal);

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
/** Printable ASCII but for space, `"`, `#`, `<`, `>` and `\\`: what a parsed URL's path and query may hold. */
const TARGET_CHARS = /^[\x21\x24-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

/** Hosts are few and repeat, so each is checked against HOST once. */
const isUsableHost = memo(KEPT_HOSTS, (host: string) => HOST.test(host));
const SLASH = 0x2f;

/** A reading holds the URL and, at most, its path and query again: three times the URL's cost. */
const readings = new BoundedCache<{ host: string | null; parsed: ParsedTarget }>(
  KEPT_URLS,
  (url) => 3 * stringBytes(url),
  KEPT_URL_BYTES,
);

export function parseTarget(request: Request): ParsedTarget {
  const url = request.url;
  const host = request.headers.get('host');
  if (url.length > MAX_KEPT_URL) return readTarget(url, host);
  const kept = readings.get(url);
  if (kept !== undefined && kept.host === host) return kept.parsed;
  return readings.set(url, { host, parsed: readTarget(url, host) }).parsed;
}

function readTarget(url: string, host: string | null): ParsedTarget {
  // Origin-form (`/path`) when a runtime had no Host to build an absolute URL from (HTTP/1.0).
  const schemeEnd = url.charCodeAt(0) === SLASH ? -3 : url.indexOf('://');
  // Some adapters glue the Host header in front of the target as it is: cut exactly that off.
  const gluedHost = !!host && schemeEnd >= 0 && url.startsWith(host, schemeEnd + 3);
  const pathStart = gluedHost ? schemeEnd + 3 + (host as string).length : url.indexOf('/', schemeEnd + 3);
  const authority = schemeEnd < 0 ? '' : url.slice(schemeEnd + 3, pathStart === -1 ? undefined : pathStart);
  let rawPath = '/';
  let search = '';
  if (pathStart !== -1 && pathStart !== url.length) {
    const hashAt = url.indexOf('#', pathStart);
    const end = hashAt === -1 ? url.length : hashAt;
    const queryAt = url.indexOf('?', pathStart);
    const pathEnd = queryAt === -1 || queryAt > end ? end : queryAt;
    rawPath = url.slice(pathStart, pathEnd);
    search = url.slice(pathEnd, end);
  }
  const isPath = TARGET_CHARS.test(rawPath);
  const path = isPath ? withoutDotSegments(oneLeadingSlash(rawPath)) : '/';
  const refuse = (fault: TargetFault, detail: string): ParsedTarget => ({
    ok: false,
    status: 400,
    fault,
    detail,
    path,
    search,
  });

  if (url.length > MAX_URL_LENGTH)
    return {
      ok: false,
      status: 414,
      detail: `The request target is longer than ${MAX_URL_LENGTH} characters.`,
      path,
      search,
    };
  if (
    (host !== null && !isUsableHost(host)) ||
    (authority !== '' && authority !== host && !isUsableHost(authority))
  )
    return refuse('host', `The Host header ${JSON.stringify(host ?? authority)} is not a usable host name.`);
  if (!isPath || rawPath.charCodeAt(0) !== SLASH)
    return refuse('path', `The request target ${JSON.stringify(rawPath.slice(0, 200))} is not a path.`);
  if (search !== '' && !TARGET_CHARS.test(search))
    return refuse('encoding', 'The query string has characters that must be percent-encoded.');
  if (countParameters(search) > MAX_QUERY_PARAMETERS)
    return refuse('parameters', `The query string has more than ${MAX_QUERY_PARAMETERS} parameters.`);
  return { ok: true, target: { path, search } };
}

function countParameters(search: string): number {
  let count = search.length > 1 ? 1 : 0;
  for (let i = 1; i < search.length; i++) if (search.charCodeAt(i) === 0x26) count++;
  return count;
}

/**
 * `//x` as `/x`: a path that starts with two slashes reads, in a redirect's Location or a link, as
 * a reference to the host `x` (RFC 3986 4.2), so no answer may be built from it.
 */
function oneLeadingSlash(path: string): string {
  if (path.charCodeAt(1) !== SLASH) return path;
  let at = 1;
  while (path.charCodeAt(at) === SLASH) at++;
  return path.slice(at - 1);
}

/** RFC 3986 5.2.4, only when the path has a dot segment (runtimes that parse the URL did it already). */
function withoutDotSegments(path: string): string {
  if (!path.includes('/.')) return path;
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    if (segment === '..') out.pop();
    if (segment === '.' || segment === '..') {
      if (i === segments.length - 1) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

/** Every value of one query parameter, in one linear pass; `+` is a space, as forms send it. */
export function queryValues(search: string, name: string): string[] {
  const values: string[] = [];
  let start = 1;
  while (start < search.length) {
    let end = search.indexOf('&', start);
    if (end === -1) end = search.length;
    const equals = search.indexOf('=', start);
    const keyEnd = equals === -1 || equals > end ? end : equals;
    if (decodeComponent(search.slice(start, keyEnd)) === name)
      values.push(keyEnd === end ? '' : decodeComponent(search.slice(keyEnd + 1, end)));
    start = end + 1;
  }
  return values;
}

function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
