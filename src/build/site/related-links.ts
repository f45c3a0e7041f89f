/**
 * The posts and decks an entry names as going with it, linked on its page and so in its twin:
 * a line for each, `Related post: <title>`, `Related talk: <title>`, in the entry's language.
 */
import type { Lang } from '../data/types.ts';
import type { Block } from './doc.ts';
import type { PageContext } from './page-context.ts';

/** What a post or a deck names: the site paths of published entries of its language. */
interface Naming {
  lang: Lang;
  relatedPosts: readonly string[];
  relatedSlides: readonly string[];
}

export function relatedBlocks(context: PageContext, entry: Naming): Block[] {
  const ui = context.ui(entry.lang);
  const linked = [
    ...entry.relatedPosts.map((path) => [ui.relatedPost, context.postAt(path)] as const),
    ...entry.relatedSlides.map((path) => [ui.relatedSlide, context.deckAt(path)] as const),
  ];
  return linked.flatMap(([label, target]): Block[] =>
    target ? [{ kind: 'paragraph', text: [`${label}: `, { href: target.path, text: target.title }] }] : [],
  );
}
