/**
 * The request target, read once and without trusting it: the path and query of `request.url`, a
 * usable `Host`, bounded length and parameter count. Never throws; a bad target is a refusal that
 * the caller answers (400 or 414) like any other request.
 */
export const MAX_URL_LENGTH = 8192;
export const MAX_QUERY_PARAMETERS = 64;

export interface Target {
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
}

export type TargetRefusal = { status: 400 | 414; detail: string; path: string };
export type ParsedTarget = { ok: true; target: Target } | ({ ok: false } & TargetRefusal);

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
/** Printable ASCII but for space, `"`, `#`, `<`, `>` and `\\`: what a parsed URL's path and query may hold. */
const TARGET_CHARS = /^[\x21\x24-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

export function parseTarget(request: Request): ParsedTarget {
  const url = request.url;
  const host = request.headers.get('host');
  // Origin-form (`/path`) when a runtime had no Host to build an absolute URL from (HTTP/1.0).
  const schemeEnd = url.startsWith('/') ? -3 : url.indexOf('://');
  // Some adapters glue the Host header in front of the target as it is: cut exactly that off.
  const gluedHost = !!host && schemeEnd >= 0 && url.startsWith(host, schemeEnd + 3);
  const pathStart = gluedHost ? schemeEnd + 3 + (host as string).length : url.indexOf('/', schemeEnd + 3);
  const authority = schemeEnd < 0 ? '' : url.slice(schemeEnd + 3, pathStart === -1 ? undefined : pathStart);
  const rest = pathStart === -1 || pathStart === url.length ? '/' : url.slice(pathStart);
  const hashAt = rest.indexOf('#');
  const target = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  const path = TARGET_CHARS.test(rawPath) ? withoutDotSegments(rawPath) : '/';
  const refuse = (status: 400 | 414, detail: string): ParsedTarget => ({ ok: false, status, detail, path });

  if (url.length > MAX_URL_LENGTH)
    return refuse(414, `The request target is longer than ${MAX_URL_LENGTH} characters.`);
  if ((host !== null && !HOST.test(host)) || (authority !== '' && !HOST.test(authority)))
    return refuse(400, `The Host header ${JSON.stringify(host ?? authority)} is not a usable host name.`);
  if (!TARGET_CHARS.test(rawPath) || !rawPath.startsWith('/'))
    return refuse(400, `The request target ${JSON.stringify(rawPath.slice(0, 200))} is not a path.`);
  if (!TARGET_CHARS.test(search))
    return refuse(400, 'The query string has characters that must be percent-encoded.');
  if (countParameters(search) > MAX_QUERY_PARAMETERS)
    return refuse(400, `The query string has more than ${MAX_QUERY_PARAMETERS} parameters.`);
  return { ok: true, target: { path, search } };
}

function countParameters(search: string): number {
  let count = search.length > 1 ? 1 : 0;
  for (let i = 1; i < search.length; i++) if (search.charCodeAt(i) === 0x26) count++;
  return count;
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
