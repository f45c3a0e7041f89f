/**
 * The content pages of each language, in the order they are written: home, the blog's pages, the
 * series and tags indexes, the talks and each tag's pages; each post's page; then each series,
 * deck and page of the `pages` collection. Each is made when it is reached, so a large blog's pages (and its posts' bodies)
 * are never all in memory at once; listings are paginated, so no page grows with the blog.
 */
import { tagsInUse } from '../api/records.ts';
import type { PostRecord, SiteData } from '../data/types.ts';
import { deckPage } from './deck-page.ts';
import { homePage } from './home-page.ts';
import { blogPages, seriesIndexPages, tagPages, tagsIndexPages, talksPages } from './listing-pages.ts';
import type { Page } from './page.ts';
import { pageContext } from './page-context.ts';
import { type PostShell, postPage, postShell } from './post-page.ts';
import { seriesPages } from './series-pages.ts';
import { standalonePage } from './standalone-page.ts';

export interface ContentPages {
  listings: () => Iterable<Page>;
  postShell: (post: PostRecord) => PostShell;
  post: (post: PostRecord) => Page;
  others: () => Iterable<Page>;
}

export function contentPages(data: SiteData): ContentPages {
  const context = pageContext(data);
  const { sections } = context;
  function* listings(): Generator<Page> {
    for (const lang of data.site.languages) {
      yield homePage(context, lang);
      yield* blogPages(context, lang);
      if (sections[lang]?.series) yield* seriesIndexPages(context, lang);
      if (sections[lang]?.tags) yield* tagsIndexPages(context, lang);
      if (sections[lang]?.talks) yield* talksPages(context, lang);
      for (const name of tagsInUse(data, lang)) yield* tagPages(context, name, lang);
    }
  }
  function* others(): Generator<Page> {
    for (const record of data.series) yield* seriesPages(context, record);
    for (const deck of data.decks) yield deckPage(context, deck);
    for (const page of context.standalonePages) yield standalonePage(context, page);
  }
  return {
    listings,
    postShell: (post) => postShell(context, post),
    post: (post) => postPage(context, post),
    others,
  };
}
