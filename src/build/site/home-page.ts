/** A language's home page: the intro its `pages` collection gives, its latest posts, series, tags and talks, and the way to the developer portal. */
import { tagsInUse } from '../api/records.ts';
import type { Lang } from '../data/types.ts';
import type { Block } from './doc.ts';
import { postEntry, seriesEntry } from './entries.ts';
import type { Page } from './page.ts';
import { type PageContext, stamp } from './page-context.ts';

const LATEST_ON_HOME = 5;
/** Series and tags shown on a home page; the rest are on the series and tags indexes. */
const SERIES_ON_HOME = 10;
const TAGS_ON_HOME = 30;

/** A link to a whole listing. */
const moreLink = (href: string, text: string): Block => ({
  kind: 'paragraph',
  text: { href, text: `${text} →` },
});

export function homePage(context: PageContext, lang: Lang): Page {
  const { data, links, ui: uiOf, sections } = context;
  const ui = uiOf(lang);
  const series = context.seriesIn(lang);
  const tags = tagsInUse(data, lang);
  const intro = context.introIn(lang);
  const blocks: Block[] = [
    ...(intro
      ? [{ kind: 'rendered', html: intro.html, markdown: intro.body, path: intro.path } satisfies Block]
      : []),
    { kind: 'heading', text: ui.latestPosts },
    {
      kind: 'entries',
      entries: context
        .postsIn(lang)
        .slice(0, LATEST_ON_HOME)
        .map((post) => postEntry(context, post, lang)),
    },
    moreLink(links.blogPath(lang), ui.allPosts),
    ...(series.length
      ? ([
          { kind: 'heading', text: ui.series },
          {
            kind: 'entries',
            entries: series.slice(0, SERIES_ON_HOME).map((s) => seriesEntry(context, s, lang)),
          },
          moreLink(links.seriesIndexPath(lang), ui.allSeries),
        ] satisfies Block[])
      : []),
    ...(tags.length
      ? ([
          { kind: 'heading', text: ui.tags },
          {
            kind: 'list',
            items: tags.slice(0, TAGS_ON_HOME).map((tag) => ({ href: links.tagPath(lang, tag), text: tag })),
          },
          moreLink(links.tagsIndexPath(lang), ui.allTags),
        ] satisfies Block[])
      : []),
    ...(sections[lang]?.talks
      ? ([
          { kind: 'heading', text: ui.talks },
          {
            kind: 'paragraph',
            text: [ui.talksDescription, ' ', { href: links.talksPath(lang), text: `${ui.talks} →` }],
          },
        ] satisfies Block[])
      : []),
    { kind: 'heading', text: ui.developers },
    {
      kind: 'paragraph',
      text: [ui.apiLinks, ': ', { href: links.portalPath(lang), text: `${ui.developers} →` }],
    },
  ];
  return {
    lang,
    title: data.site.name,
    description: data.site.description,
    canonical: context.canonical(lang, links.langRoot, 'website'),
    blocks,
    ...stamp(context.newestIn(lang)),
  };
}
