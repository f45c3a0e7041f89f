/** The listings of each language, page by page: the blog, the series and tags indexes, each tag, the talks. */
import { postsTagged, tagsInUse } from '../api/records.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { deckEntry, postEntries, seriesEntry } from './entries.ts';
import type { Page } from './page.ts';
import { newestOf, type PageContext, stamp } from './page-context.ts';
import { pageTitle, pageTurns, paginated, postTurns } from './paginated.ts';

/** A tag's description in a language, from the taxonomy; null where it has none. */
export const tagDescription = (data: SiteData, tag: string, lang: Lang): string | null =>
  data.tags.find((info) => info.name === tag)?.description[lang] ?? null;

export function blogPages(context: PageContext, lang: Lang): Iterable<Page> {
  const { links, postsIn } = context;
  const ui = context.ui(lang);
  return paginated(context, lang, {
    items: postsIn(lang),
    first: links.blogPath,
    countIn: (other) => postsIn(other).length,
    turns: postTurns(context, lang),
    blocks: postEntries(context, lang),
    page: (n, pages) => ({
      lang,
      title: pageTitle(context, ui.blog, lang, n, pages),
      description: ui.blogDescription,
      breadcrumbs: context.crumbs(lang, { name: ui.blog, path: links.blogPath(lang) }),
      ...stamp(context.newestIn(lang)),
    }),
  });
}

export function seriesIndexPages(context: PageContext, lang: Lang): Iterable<Page> {
  const { links, seriesIn, sections } = context;
  const ui = context.ui(lang);
  const newest = newestOf(seriesIn(lang).flatMap((s) => context.chaptersIn(s)));
  return paginated(context, lang, {
    items: seriesIn(lang),
    first: (other) => (sections[other]?.series ? links.seriesIndexPath(other) : null),
    countIn: (other) => seriesIn(other).length,
    turns: pageTurns(context, lang),
    blocks: (shown) => [{ kind: 'entries', entries: shown.map((s) => seriesEntry(context, s, lang)) }],
    page: (n, pages) => ({
      lang,
      title: pageTitle(context, ui.series, lang, n, pages),
      description: ui.seriesDescription,
      breadcrumbs: context.crumbs(lang, { name: ui.series, path: links.seriesIndexPath(lang) }),
      ...stamp(newest),
    }),
  });
}

export function tagsIndexPages(context: PageContext, lang: Lang): Iterable<Page> {
  const { data, links, sections } = context;
  const ui = context.ui(lang);
  return paginated(context, lang, {
    items: tagsInUse(data, lang),
    first: (other) => (sections[other]?.tags ? links.tagsIndexPath(other) : null),
    countIn: (other) => context.taggedIn(other).size,
    turns: pageTurns(context, lang),
    blocks: (shown) => [
      {
        kind: 'list',
        items: shown.map((tag) => [
          { href: links.tagPath(lang, tag), text: tag },
          ` (${ui.postCount(postsTagged(data, lang, tag).length)})`,
        ]),
      },
    ],
    page: (n, pages) => ({
      lang,
      title: pageTitle(context, ui.tags, lang, n, pages),
      description: ui.tagsDescription,
      breadcrumbs: context.crumbs(lang, { name: ui.tags, path: links.tagsIndexPath(lang) }),
      ...stamp(context.newestIn(lang)),
    }),
  });
}

export function tagPages(context: PageContext, tag: string, lang: Lang): Iterable<Page> {
  const { data, links } = context;
  const ui = context.ui(lang);
  const tagged = postsTagged(data, lang, tag);
  const title = `${ui.postsTagged} “${tag}”`;
  return paginated(context, lang, {
    items: tagged,
    first: (other) => (context.taggedIn(other).has(tag) ? links.tagPath(other, tag) : null),
    countIn: (other) => postsTagged(data, other, tag).length,
    turns: postTurns(context, lang),
    blocks: postEntries(context, lang),
    page: (n, pages) => ({
      lang,
      title: pageTitle(context, title, lang, n, pages),
      description: tagDescription(data, tag, lang) ?? `${title}.`,
      byline: ui.tag,
      facts: { tag },
      breadcrumbs: context.crumbs(
        lang,
        { name: ui.tags, path: links.tagsIndexPath(lang) },
        { name: tag, path: links.tagPath(lang, tag) },
      ),
      feeds: links.tagPath(lang, tag),
      ...stamp(newestOf(tagged)),
    }),
  });
}

export function talksPages(context: PageContext, lang: Lang): Iterable<Page> {
  const { links, decksIn, sections } = context;
  const ui = context.ui(lang);
  const decks = decksIn(lang);
  return paginated(context, lang, {
    items: decks,
    first: (other) => (sections[other]?.talks ? links.talksPath(other) : null),
    countIn: (other) => decksIn(other).length,
    turns: pageTurns(context, lang),
    blocks: (shown) => [{ kind: 'entries', entries: shown.map((deck) => deckEntry(deck, lang, ui)) }],
    page: (n, pages) => ({
      lang,
      title: pageTitle(context, ui.talks, lang, n, pages),
      description: ui.talksDescription,
      breadcrumbs: context.crumbs(lang, { name: ui.talks, path: links.talksPath(lang) }),
      ...stamp(newestOf(decks)),
    }),
  });
}
