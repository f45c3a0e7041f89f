/**
 * A slide deck's page, for every deck: a native deck's slides rendered; an external deck's event,
 * date, where its slides are and the link out. Both link the posts and decks that go with it.
 */
import type { DeckRecord } from '../data/types.ts';
import type { Block, Text } from './doc.ts';
import { deckEntry } from './entries.ts';
import { formatDate } from './i18n.ts';
import type { Page } from './page.ts';
import { modifiedOf, type PageContext } from './page-context.ts';
import { relatedBlocks } from './related-links.ts';

/** What an external deck's page says: the event, the date, the slides elsewhere. */
function externalDeckBlocks(context: PageContext, deck: DeckRecord, externalUrl: string): Block[] {
  const ui = context.ui(deck.lang);
  const event: Text | undefined =
    deck.eventName === null
      ? undefined
      : deck.eventUrl === null
        ? deck.eventName
        : { href: deck.eventUrl, text: deck.eventName };
  return [
    {
      kind: 'list',
      items: [
        ...(event === undefined ? [] : [[`${ui.event}: `, event]]),
        formatDate(deck.eventDate ?? deck.pubDate, deck.lang),
        [`${ui.slides}: `, { href: externalUrl, text: deck.provider ?? ui.readElsewhere }],
      ],
    },
    { kind: 'paragraph', text: { href: externalUrl, text: `${ui.viewSlides} →` } },
  ];
}

export function deckPage(context: PageContext, deck: DeckRecord): Page {
  const ui = context.ui(deck.lang);
  const content: Block[] =
    deck.externalUrl === null
      ? [{ kind: 'rendered', html: deck.html, markdown: deck.body, path: deck.path }]
      : externalDeckBlocks(context, deck, deck.externalUrl);
  return {
    lang: deck.lang,
    title: deck.title,
    description: deck.description,
    canonical: context.canonical(deck.lang, context.deckPath(deck.slug), 'article'),
    byline: `${ui.slides} · ${deckEntry(deck, deck.lang, ui).meta}`,
    facts: {
      date: deck.pubDate,
      ...(deck.updatedDate ? { updated: deck.updatedDate } : {}),
      ...(deck.eventName ? { event: deck.eventName } : {}),
      ...(deck.externalUrl ? { slides: deck.externalUrl } : {}),
    },
    blocks: [...content, ...relatedBlocks(context, deck)],
    breadcrumbs: context.crumbs(
      deck.lang,
      { name: ui.talks, path: context.links.talksPath(deck.lang) },
      { name: deck.title, path: deck.path },
    ),
    lastModified: modifiedOf(deck),
    ...(deck.eventName
      ? { event: { name: deck.eventName, date: deck.eventDate ?? deck.pubDate, url: deck.eventUrl } }
      : {}),
  };
}
