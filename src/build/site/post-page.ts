/** A post's page: its hero image, the series it belongs to, its rendered body, the posts and decks that go with it, and its tags. */
import type { PostRecord } from '../data/types.ts';
import type { Block } from './doc.ts';
import { formatDate, formatNumber } from './i18n.ts';
import type { Article } from './layout.ts';
import type { Page } from './page.ts';
import { modifiedOf, type PageContext } from './page-context.ts';
import { relatedBlocks } from './related-links.ts';

/** The words of a Markdown body: its runs of letters and digits, link targets and markup left out. */
export function wordCount(markdown: string): number {
  return markdown.replace(/\]\([^)]*\)/g, ']').match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** A post's page without its content: what a sitemap says of it. */
export type PostShell = Omit<Page, 'blocks'>;

/** A hero image is decorative: the title it illustrates is the heading right above it. */
const heroBlock = ({ heroImage, heroSize }: PostRecord): Block[] =>
  heroImage ? [{ kind: 'image', src: heroImage, alt: '', size: heroSize }] : [];

function seriesBox({ data, ui: uiOf, chaptersIn }: PageContext, post: PostRecord): Block[] {
  const series = data.series.find((s) => s.slug === post.series && s.lang === post.lang);
  if (!series) return [];
  const chapters = chaptersIn(series);
  const ui = uiOf(post.lang);
  const position = `${ui.chapter} ${formatNumber(chapters.indexOf(post) + 1, post.lang)}/${formatNumber(chapters.length, post.lang)}`;
  return [
    {
      kind: 'paragraph',
      text: [`${ui.partOf} `, { href: series.path, text: series.title }, ` (${position}).`],
    },
  ];
}

export function postShell(context: PageContext, post: PostRecord): PostShell {
  const ui = context.ui(post.lang);
  const author = post.author ?? context.data.site.author;
  const updated = post.updatedDate ? ` · ${ui.updated} ${formatDate(post.updatedDate, post.lang)}` : '';
  return {
    lang: post.lang,
    title: post.title,
    description: post.description,
    canonical: context.canonical(post.lang, context.postPath(post.slug), 'article'),
    byline: `${ui.published} ${formatDate(post.pubDate, post.lang)}${updated}`,
    facts: {
      author: author.name,
      date: post.pubDate,
      ...(post.updatedDate ? { updated: post.updatedDate } : {}),
      tags: post.allTags,
      ...(post.series ? { series: post.series } : {}),
    },
    lastModified: modifiedOf(post),
    breadcrumbs: context.crumbs(
      post.lang,
      { name: ui.blog, path: context.links.blogPath(post.lang) },
      { name: post.title, path: post.path },
    ),
    article: {
      published: post.pubDate,
      modified: modifiedOf(post),
      image: post.heroImage,
      tags: post.allTags,
      keywords: post.keywords,
      author,
    },
  };
}

export function postPage(context: PageContext, post: PostRecord): Page {
  const { data, links } = context;
  const ui = context.ui(post.lang);
  const tags = post.allTags.map((tag) => ({ href: links.tagPath(post.lang, tag), text: tag }));
  const { html, verbatim } = data.bodies.rendered(post);
  const shell = postShell(context, post);
  const markdown = data.bodies.markdown(post);
  return Object.assign(shell, {
    article: { ...(shell.article as Article), wordCount: wordCount(markdown) },
    blocks: [
      ...heroBlock(post),
      ...seriesBox(context, post),
      { kind: 'rendered', html, markdown, path: post.path, verbatim },
      ...relatedBlocks(context, post),
      { kind: 'paragraph', text: [`${ui.tags}: `, ...tags.flatMap((tag, i) => (i ? [', ', tag] : [tag]))] },
    ] satisfies Block[],
  });
}
