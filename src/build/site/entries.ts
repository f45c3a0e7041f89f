/** The entries listings show: a post, a series, a deck, each as a link with what it says of itself. */
import type { DeckRecord, Lang, PostRecord, SeriesRecord } from '../data/types.ts';
import type { Block, Entry } from './doc.ts';
import { formatDate, type UiText } from './i18n.ts';
import type { PageContext } from './page-context.ts';

export function postEntry(
  { links }: PageContext,
  post: PostRecord,
  lang: Lang,
  meta = formatDate(post.pubDate, lang),
): Entry {
  return {
    href: post.path,
    title: post.title,
    meta,
    description: post.description,
    tags: post.allTags.map((tag) => ({ href: links.tagPath(lang, tag), text: tag })),
  };
}

/** A page of posts, each with its date and tags. */
export const postEntries =
  (context: PageContext, lang: Lang) =>
  (shown: readonly PostRecord[]): Block[] => [
    { kind: 'entries', entries: shown.map((post) => postEntry(context, post, lang)) },
  ];

export function seriesEntry({ ui, chaptersIn }: PageContext, series: SeriesRecord, lang: Lang): Entry {
  return {
    href: series.path,
    title: series.title,
    meta: ui(lang).chapterCount(chaptersIn(series).length),
    description: series.description,
  };
}

export function deckEntry(deck: DeckRecord, lang: Lang, ui: UiText): Entry {
  const event = deck.eventName ? ` · ${deck.eventName}` : '';
  const where = deck.type === 'external' ? ` · ${deck.provider ?? ui.readElsewhere}` : '';
  return {
    href: deck.path,
    title: deck.title,
    meta: `${formatDate(deck.eventDate ?? deck.pubDate, lang)}${event}${where}`,
    description: deck.description,
  };
}
