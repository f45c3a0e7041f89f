/**
 * A listing shown LIST_PAGE_SIZE items to a page, with links to the pages before and after, so no
 * page grows with the blog; each page is made when it is reached (a large blog's listings run to
 * thousands of pages).
 */
import type { Lang } from '../data/types.ts';
import type { Block } from './doc.ts';
import { listPagePath } from './links.ts';
import type { Page } from './page.ts';
import type { PageContext } from './page-context.ts';

/** Entries on one page of a listing. */
const LIST_PAGE_SIZE = 50;

/** How many pages a listing of `count` entries takes (one, even when empty). */
const pageCount = (count: number) => Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));

/** A listing: posts, chapters, series, tags or decks. */
export interface Listing<T> {
  items: readonly T[];
  /** Its first page in a language, null where it has none. */
  first: (lang: Lang) => string | null;
  /** How many items it has in a language, which decides the pages that language has. */
  countIn: (lang: Lang) => number;
  /** Texts of the links to the page before and the page after (newer and older posts, or pages). */
  turns: { prev: string; next: string };
  /** The content of page `n`, showing `shown`. */
  blocks: (shown: readonly T[], n: number) => Block[];
  /** Page `n` of `pages` but its content, addresses and links. */
  page: (n: number, pages: number) => Omit<Page, 'canonical' | 'blocks' | 'pagination'>;
}

/**
 * The pages of a listing in `lang`, whose first page is at `first(lang)`; page n exists in another
 * language when the listing has that many there.
 */
export function* paginated<T>(
  { ui, canonical }: PageContext,
  lang: Lang,
  listing: Listing<T>,
): Generator<Page> {
  const pages = pageCount(listing.items.length);
  const first = listing.first(lang)!;
  const pathOf = (n: number) => (other: Lang) => {
    const start = listing.first(other);
    return start !== null && n <= pageCount(listing.countIn(other)) ? listPagePath(start, n) : null;
  };
  for (let n = 1; n <= pages; n++) {
    const prev = n > 1 ? listPagePath(first, n - 1) : null;
    const next = n < pages ? listPagePath(first, n + 1) : null;
    const nav: Block[] =
      pages > 1
        ? [
            {
              kind: 'paragraph',
              text: [
                ...(prev ? [{ href: prev, text: listing.turns.prev }, ' · '] : []),
                ui(lang).pageOf(n, pages),
                ...(next ? [' · ', { href: next, text: listing.turns.next }] : []),
              ],
            },
          ]
        : [];
    const shown = listing.items.slice((n - 1) * LIST_PAGE_SIZE, n * LIST_PAGE_SIZE);
    yield {
      ...listing.page(n, pages),
      canonical: canonical(lang, pathOf(n), 'website'),
      blocks: [...listing.blocks(shown, n), ...nav],
      pagination: { prev, next },
    };
  }
}

/** Pages of posts (newest first) turn to newer and older posts. */
export const postTurns = ({ ui }: PageContext, lang: Lang) => ({
  prev: ui(lang).newer,
  next: ui(lang).older,
});
/** Other listings turn to the previous and next page. */
export const pageTurns = ({ ui }: PageContext, lang: Lang) => ({
  prev: ui(lang).previousPage,
  next: ui(lang).nextPage,
});

/** A listing page's title: the listing's on its first page, with the page's number on the others. */
export const pageTitle = ({ ui }: PageContext, title: string, lang: Lang, n: number, pages: number) =>
  n === 1 ? title : `${title} (${ui(lang).pageOf(n, pages)})`;
