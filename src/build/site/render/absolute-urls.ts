/**
 * URLs made absolute for bodies read away from the site (Markdown twins, feeds): each URL a body
 * holds is taken from the page it is on, as a browser showing that page would take it. The twins'
 * sanitizer (./sanitize.ts) and the feeds' rewriting of rendered HTML share the attributes named
 * here and the way each is resolved.
 */
import { escapeHtml } from '../../../core/html.ts';
import { mapSrcset } from './srcset.ts';

/** How each kept URL is written (absolute in twins and feeds); unchanged on pages. */
export type UrlResolver = (url: string) => string;

/** A URL as an absolute one, taken from the page it is on; mailto: and the like stay. */
export function absoluteUrl(url: string, pageUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/** The attributes whose value is a URL, and `srcset`, whose value is a list of image candidates. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'poster', 'cite', 'srcset']);

/** An attribute's value with the URLs it holds written by `resolve`; another attribute's as it is. */
export function resolveAttribute(name: string, value: string, resolve: UrlResolver): string {
  if (!URL_ATTRIBUTES.has(name)) return value;
  return name === 'srcset' ? mapSrcset(value, resolve) : resolve(value);
}

const TAG = /<[A-Za-z][^>]*>/g;
const ATTRIBUTE = /(\s)([a-z][a-z0-9-]*)="([^"]*)"/g;
const ESCAPED: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** An attribute value as written by the renderers (and escapeHtml), unescaped. */
const unescapeAttribute = (value: string) =>
  value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ESCAPED[entity] as string);

/**
 * The rendered HTML of a body (markdown-it's output, or sanitize-html's for a body holding raw
 * HTML) with every URL absolute, taken from the page at `pageUrl`. Both write each attribute
 * lowercase and double-quoted with `&`, `<`, `>` and `"` escaped, and escape `<` in text, so a tag
 * is `<name …>` and an attribute `name="…"` within it, never text that looks like one.
 */
export function absoluteHtml(html: string, pageUrl: string): string {
  const resolve: UrlResolver = (url) => absoluteUrl(url, pageUrl);
  return html.replace(TAG, (tag) =>
    tag.replace(ATTRIBUTE, (attribute, space: string, name: string, value: string) =>
      URL_ATTRIBUTES.has(name)
        ? `${space}${name}="${escapeHtml(resolveAttribute(name, unescapeAttribute(value), resolve))}"`
        : attribute,
    ),
  );
}
