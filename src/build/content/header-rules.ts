/**
 * A built site's `_headers` file, in the format Netlify and Cloudflare Pages read: a path pattern
 * on a line of its own (`/blog/*`, `/docs/:page`), then its headers on indented `Name: value`
 * lines, `#` starting a comment. It is read at build time into the headers of each path the site
 * publishes (the manifest's `headers`), so the run time only looks a path up. A line that is not of
 * the format stops the build; a rule Folio does not honour is kept apart with the reason, for the
 * build summary.
 */
import { isFolioPath } from '../../core/paths.ts';
import type { UnfollowedRule } from './redirect-rules.ts';

/** A line of `_headers` that is not of the format: the build stops, naming it. */
export class HeaderLineError extends RangeError {}

export interface HeaderRule {
  line: number;
  pattern: RegExp;
  headers: [name: string, value: string][];
}

export interface HeaderRules {
  rules: HeaderRule[];
  unfollowed: UnfollowedRule[];
}

/**
 * Headers Folio sets to describe the body it sends (its type, length, coding, validator, what it
 * varies on) or that HTTP/1.1 hop-by-hop rules own: an owner's value would contradict the answer.
 */
const FOLIO_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'transfer-encoding',
  'connection',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A path pattern as a regular expression: `*` any rest of the path, `:name` one segment. */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(\*|:\w+)/)
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** Why a path line's rule is not honoured, or undefined when it is. */
function unfollowedPath(path: string): string | undefined {
  if (!path.startsWith('/')) return 'a rule for another host (an absolute URL) is not this site';
  if (isFolioPath(path.replace(/\*.*$/, '')))
    return '/api/ and /mcp answer with the headers of the API contract';
  return undefined;
}

/** Reads `_headers` (named `file` in messages); throws a HeaderLineError naming the first line that is not of the format. */
export function readHeaderRules(text: string, file: string): HeaderRules {
  const read: HeaderRules = { rules: [], unfollowed: [] };
  let current: HeaderRule | undefined;
  let skipped = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/(^|\s)#.*$/, '');
    if (content.trim() === '') return;
    const fail = (why: string) => {
      throw new HeaderLineError(`${file}:${line}: ${why}, received ${JSON.stringify(raw.trim())}`);
    };
    if (!/^\s/.test(content)) {
      const path = content.trim();
      if (/\s/.test(path)) fail('expected a path pattern alone on its line, such as /blog/*');
      const why = unfollowedPath(path);
      skipped = why !== undefined;
      if (why) read.unfollowed.push({ line, rule: path, reason: why });
      current = skipped ? undefined : { line, pattern: patternOf(path), headers: [] };
      if (current) read.rules.push(current);
      return;
    }
    if (!current && !skipped) fail('expected a path pattern before the first header');
    const header = content.trim();
    if (header.startsWith('!')) {
      read.unfollowed.push({
        line,
        rule: header,
        reason: 'removing a header (!) is not needed: Folio sets no header a site has to take back',
      });
      return;
    }
    const colon = header.indexOf(':');
    const name = header.slice(0, colon).trim();
    if (colon < 1 || !HEADER_NAME.test(name))
      fail('expected a header line such as "  X-Frame-Options: DENY"');
    if (!current) return;
    if (FOLIO_HEADERS.has(name.toLowerCase()))
      read.unfollowed.push({
        line,
        rule: header,
        reason: `Folio sets ${name.toLowerCase()} to describe the body it sends`,
      });
    else current.headers.push([name.toLowerCase(), header.slice(colon + 1).trim()]);
  });
  return read;
}

/** A page's path matches with or without its trailing slash, as a host that serves `/a/` for `/a` does. */
const matches = (pattern: RegExp, path: string) =>
  pattern.test(path) || (path.length > 1 && path.endsWith('/') && pattern.test(path.slice(0, -1)));

/**
 * The headers each of `paths` gets: those of every rule whose pattern matches it, in the file's
 * order; a header two rules give has both values, comma-separated, as Netlify sends it.
 */
export function headersByPath(
  { rules }: HeaderRules,
  paths: Iterable<string>,
): Record<string, Record<string, string>> {
  const byPath: Record<string, Record<string, string>> = {};
  for (const path of paths) {
    const headers: Record<string, string> = {};
    for (const rule of rules)
      if (matches(rule.pattern, path))
        for (const [name, value] of rule.headers)
          headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    if (Object.keys(headers).length > 0) byPath[path] = headers;
  }
  return byPath;
}
