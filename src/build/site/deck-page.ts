/** A native slide deck's page: the deck rendered, with its event and date. */
import type { DeckRecord } from '../data/types.ts';
import { deckEntry } from './entries.ts';
import type { Page } from './page.ts';
import type { PageContext } from './page-context.ts';

export function deckPage(context: PageContext, deck: DeckRecord): Page {
  const ui = context.ui(deck.lang);
  return {
    lang: deck.lang,
    title: deck.title,
    description: deck.description,
    canonical: context.canonical(deck.lang, context.deckPath(deck.slug), 'article'),
    byline: `${ui.slides} · ${deckEntry(deck, deck.lang, ui).meta}`,
    facts: { date: deck.pubDate, ...(deck.eventName ? { event: deck.eventName } : {}) },
    blocks: [{ kind: 'rendered', html: deck.html, markdown: deck.body, path: deck.path }],
    breadcrumbs: context.crumbs(
      deck.lang,
      { name: ui.talks, path: context.links.talksPath(deck.lang) },
      { name: deck.title, path: deck.path },
    ),
    lastModified: deck.pubDate,
  };
}
