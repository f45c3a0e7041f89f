/** A page of the `pages` collection (about, contact): its rendered body, in the languages it is written in. */
import type { PageRecord } from '../data/types.ts';
import type { Page } from './page.ts';
import { type PageContext, stamp } from './page-context.ts';

export function standalonePage(context: PageContext, page: PageRecord): Page {
  return {
    lang: page.lang,
    title: page.title,
    description: page.description,
    canonical: context.canonical(page.lang, context.pagePath(page.slug), 'website'),
    ...(page.updatedDate ? { facts: { updated: page.updatedDate } } : {}),
    blocks: [{ kind: 'rendered', html: page.html, markdown: page.body, path: page.path }],
    breadcrumbs: context.crumbs(page.lang, { name: page.title, path: page.path }),
    ...stamp(page.updatedDate ?? undefined),
  };
}
