/** A series' pages: its introduction on the first, its chapters in order across them all. */
import type { SeriesRecord } from '../data/types.ts';
import type { Block } from './doc.ts';
import { postEntry } from './entries.ts';
import { formatDate, formatNumber } from './i18n.ts';
import type { Page } from './page.ts';
import { newestOf, type PageContext, stamp } from './page-context.ts';
import { pageTitle, pageTurns, paginated } from './paginated.ts';

export function seriesPages(context: PageContext, series: SeriesRecord): Iterable<Page> {
  const { chaptersIn, links } = context;
  const ui = context.ui(series.lang);
  const chapters = chaptersIn(series).map((post, i) =>
    postEntry(
      context,
      post,
      series.lang,
      `${ui.chapter} ${formatNumber(i + 1, series.lang)} · ${formatDate(post.pubDate, series.lang)}`,
    ),
  );
  const intro: Block = { kind: 'rendered', html: series.html, markdown: series.body, path: series.path };
  return paginated(context, series.lang, {
    items: chapters,
    first: context.seriesPath(series.slug),
    countIn: (other) => {
      const translation = context.seriesIn(other).find((s) => s.slug === series.slug);
      return translation ? chaptersIn(translation).length : 0;
    },
    turns: pageTurns(context, series.lang),
    blocks: (shown, n) => [
      ...(n === 1 ? [intro] : []),
      { kind: 'heading', text: ui.chapters },
      { kind: 'entries', entries: shown },
    ],
    page: (n, pages) => ({
      lang: series.lang,
      title: pageTitle(context, series.title, series.lang, n, pages),
      description: series.description,
      byline: ui.series,
      facts: { series: series.slug },
      breadcrumbs: context.crumbs(
        series.lang,
        { name: ui.series, path: links.seriesIndexPath(series.lang) },
        { name: series.title, path: series.path },
      ),
      feeds: series.path,
      ...stamp(newestOf(chaptersIn(series))),
    }),
  });
}
