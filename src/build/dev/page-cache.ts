/**
 * The dev server's rendered pages, kept with the page model and layout they were rendered from: a
 * rebuild renders again only the pages whose model changed (an edited post's page, and the lists,
 * tag and series pages that show it).
 */
import type { LayoutContext } from '../site/layout.ts';
import type { Page } from '../site/page.ts';
import { type PageRenderer, type RenderedPage, renderPage } from '../site-bodies.ts';
import { BuildCache, sameData } from './build-cache.ts';

export function cachedPageRenderer() {
  const kept = new BuildCache<string, { page: Page; layout: LayoutContext; rendered: RenderedPage }>();
  const render: PageRenderer = (page, layout) => {
    const last = kept.get(page.canonical.path);
    if (last && sameData(last.page, page) && sameData(last.layout, layout)) return last.rendered;
    const rendered = renderPage(page, layout);
    kept.set(page.canonical.path, { page, layout, rendered });
    return rendered;
  };
  return { render, next: () => kept.next() };
}
