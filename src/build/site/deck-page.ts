/**
 * A slide deck's page, for every deck: a native deck's slides rendered; an external deck's event,
 * date, where its slides are and the link out. Both name the post that goes with the deck.
 */
import type { DeckRecord } from '../data/types.ts';
import type { Block, Text } from './doc.ts';
import { deckEntry } from './entries.ts';
import { formatDate } from './i18n.ts';
import type { Page } from './page.ts';
import { modifiedOf, type PageContext } from './page-context.ts';

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

/** A link to the post that goes with the deck, when it names a published one. */
function relatedPostBlocks(context: PageContext, deck: DeckRecord): Block[] {
  const post = deck.relatedPost && context.data.posts.find((one) => one.path === deck.relatedPost);
  if (!post) return [];
  const ui = context.ui(deck.lang);
  return [{ kind: 'paragraph', text: [`${ui.relatedPost}: `, { href: post.path, text: post.title }] }];
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
    blocks: [...content, ...relatedPostBlocks(context, deck)],
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
