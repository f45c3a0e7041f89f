/**
 * The data module's layout. Parsing one JSON text of every post costs seconds at start-up on a
 * large blog, so the module keeps only the record metadata as JSON and every Markdown body and
 * rendered HTML as a string literal of its own, decoded when a consumer first reads it; the search
 * indexes stay JSON text until the first search.
 */
import type { DeckRecord, PostRecord, SeriesRecord, SiteData } from './types.ts';

type TextField = 'body' | 'html';
type Texts = Pick<PostRecord, TextField>;

/** What the data module exports: the site data with the texts and search indexes set apart. */
export interface PackedSiteData {
  meta: Omit<SiteData, 'posts' | 'series' | 'decks' | 'searchIndex'> & {
    posts: Omit<PostRecord, TextField>[];
    series: Omit<SeriesRecord, TextField>[];
    decks: Omit<DeckRecord, TextField>[];
  };
  /** `body, html` of every post, then series, then deck, in the order of `meta`; see `encodeText`. */
  texts: string[];
  searchIndex: SiteData['searchIndex'];
}

/** Runs of anything but the printable ASCII characters other than `"`, `%` and `\`. */
const NOT_PLAIN = /[^ !#$&-[\]-~]+/g;

/**
 * Percent-encodes (UTF-8, as URIs do) every character a double-quoted string literal would have to
 * escape, and `%` itself. Bundlers print such a literal as it is, and engines scan it on their
 * fast path: on 10,000 posts, start-up takes about a third less than with escapes or template
 * literals.
 */
export function encodeText(text: string): string {
  return text.replace(NOT_PLAIN, encodeURIComponent);
}

export const decodeText: (encoded: string) => string = decodeURIComponent;

function withoutTexts<T extends Texts>({ body: _body, html: _html, ...rest }: T): Omit<T, TextField> {
  return rest;
}

export function packSiteData(data: SiteData): PackedSiteData {
  const { posts, series, decks, searchIndex, ...rest } = data;
  const records = [...posts, ...series, ...decks];
  return {
    meta: {
      ...rest,
      posts: posts.map(withoutTexts),
      series: series.map(withoutTexts),
      decks: decks.map(withoutTexts),
    },
    texts: records.flatMap((record) => [encodeText(record.body), encodeText(record.html)]),
    searchIndex,
  };
}

/** Where each record's encoded texts are: the getters below are shared, so records keep one shape. */
const sources = new WeakMap<object, { texts: readonly string[]; at: number }>();

/** Decodes the text on first read, then keeps it as a plain property. */
function lazyText(field: TextField, offset: number): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const source = sources.get(this);
      if (!source) throw new TypeError(`folio: ${field} read from an object that is not a record`);
      const value = decodeText(source.texts[source.at + offset] ?? '');
      Object.defineProperty(this, field, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  };
}

const TEXT_PROPERTIES = { body: lazyText('body', 0), html: lazyText('html', 1) };

export function unpackSiteData({ meta, texts, searchIndex }: PackedSiteData): SiteData {
  const count = meta.posts.length + meta.series.length + meta.decks.length;
  if (texts.length !== 2 * count) {
    throw new Error(`folio: the data module has ${texts.length} texts for ${count} records`);
  }
  let next = 0;
  const withTexts = <T extends object>(record: T): T & Texts => {
    sources.set(record, { texts, at: next });
    next += 2;
    return Object.defineProperties(record, TEXT_PROPERTIES) as T & Texts;
  };
  const posts = meta.posts.map(withTexts);
  const series = meta.series.map(withTexts);
  const decks = meta.decks.map(withTexts);
  return { ...meta, posts, series, decks, searchIndex };
}
