/**
 * The sitemaps: an index (`/sitemap.xml`, and `/sitemap-index.xml` as Astro names it) of one or more sitemaps per language, each page with its
 * last modification and its hreflang alternates, split at the protocol's limits. The same list as
 * Markdown, for agents, is sitemap-markdown.ts.
 */

import { PATHS } from '../../core/paths.ts';
import type { Lang } from '../data/types.ts';
import { utf8Length } from '../prerender.ts';
import type { Page } from './page.ts';
import { element, textElement, XML_DECLARATION } from './xml.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The protocol's limits on one sitemap file. */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

/** What a sitemap says of a page: its address, its alternates and when it last changed. */
export type SitemapPage = Pick<Page, 'lang' | 'title' | 'canonical' | 'lastModified'>;

/** The n-th (from 1) sitemap of a language. */
export const sitemapPath = (lang: Lang, n: number) => `/sitemap-${lang}-${n}.xml`;

const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

function urlEntry(page: SitemapPage, languages: readonly Lang[], baseUrl: string): string {
  const { path, alternates } = page.canonical;
  const langs = Object.keys(alternates);
  const links =
    langs.length > 1
      ? [
          ...langs.map((lang) =>
            element('xhtml:link', { rel: 'alternate', hreflang: lang, href: baseUrl + alternates[lang] }, ''),
          ),
          element(
            'xhtml:link',
            {
              rel: 'alternate',
              hreflang: 'x-default',
              href: baseUrl + (alternates[languages[0] as Lang] ?? path),
            },
            '',
          ),
        ]
      : [];
  return `${element('url', {}, [
    textElement('loc', baseUrl + path),
    ...(page.lastModified ? [textElement('lastmod', page.lastModified)] : []),
    ...links,
  ])}\n`;
}

const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * A piece of a sitemap's text. A file's pieces come one after another, in order, so a file of
 * 50,000 URLs is written as it is made, never whole as one string.
 */
export interface SitemapPiece {
  path: string;
  text: string;
}

/** URL entries per piece: few enough that each piece's strings die young. */
const ENTRIES_PER_PIECE = 512;

/** A sitemap being filled: its path, how much it holds, and when its newest page changed. */
interface OpenSitemap {
  path: string;
  urls: number;
  bytes: number;
  lastModified: string | undefined;
}

/**
 * Each language's sitemaps in pieces, then the index of them all: a file is closed before it would
 * pass either limit.
 */
export function* sitemapFiles(
  pages: readonly SitemapPage[],
  languages: readonly Lang[],
  baseUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Generator<SitemapPiece> {
  const closed: OpenSitemap[] = [];
  const frameBytes = utf8Length(URLSET_OPEN + URLSET_CLOSE);
  for (const lang of languages) {
    let open: OpenSitemap | undefined;
    let texts: string[] = [];
    let files = 0;
    /** What was gathered since the last piece, as the next piece of `file`. */
    const take = (file: OpenSitemap, close: boolean): SitemapPiece => {
      const text = texts.join('') + (close ? URLSET_CLOSE : '');
      texts = [];
      return { path: file.path, text };
    };
    for (const page of pages) {
      if (page.lang !== lang) continue;
      const entry = urlEntry(page, languages, baseUrl);
      const entryBytes = utf8Length(entry);
      if (open && (open.urls === limits.urls || frameBytes + open.bytes + entryBytes > limits.bytes)) {
        yield take(open, true);
        closed.push(open);
        open = undefined;
      }
      if (!open) {
        open = { path: sitemapPath(lang, ++files), urls: 0, bytes: 0, lastModified: undefined };
        texts.push(URLSET_OPEN);
      }
      texts.push(entry);
      open.urls++;
      open.bytes += entryBytes;
      open.lastModified = later(open.lastModified, page.lastModified);
      if (texts.length === ENTRIES_PER_PIECE) yield take(open, false);
    }
    if (open) {
      yield take(open, true);
      closed.push(open);
    }
  }
  const sitemaps = closed.map(({ path, lastModified }) =>
    element('sitemap', {}, [
      textElement('loc', baseUrl + path),
      ...(lastModified ? [textElement('lastmod', lastModified)] : []),
    ]),
  );
  const index = `${XML_DECLARATION}${element('sitemapindex', { xmlns: SITEMAP_NS }, `\n${sitemaps.join('\n')}\n`)}\n`;
  yield { path: PATHS.sitemap, text: index };
  yield { path: PATHS.sitemapIndex, text: index };
}
