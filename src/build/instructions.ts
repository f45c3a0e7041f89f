/** What an MCP client reads once, at initialize: what the blog holds and which tool answers what. */
import { inWords, languageName } from '../core/languages.ts';
import type { Lang, SiteData } from './data/types.ts';

export function instructionsFor(data: SiteData): string {
  const { languages } = data.site;
  const count = (lang: Lang) => data.posts.filter((post) => post.lang === lang).length;
  const postCounts = languages.map(
    (lang, i) => `${count(lang)}${i === 0 ? ' published posts' : ''} in ${languageName(lang)}`,
  );
  const series = new Set(data.series.map((series) => series.slug)).size;
  const quoted = languages.map((lang) => `"${lang}"`);
  const slugs = languages.length > 1 ? '; series slugs are the same in every language' : '';
  return [
    `${data.site.name}: ${data.site.description}`,
    `It holds ${inWords(postCounts)}, ${series} multi-part ` +
      `series and ${data.decks.length} slide decks, ` +
      `all read-only${data.site.license === null ? '' : ` and licensed ${data.site.license}`} (cite the post url when you use them).`,
    'Tools: search_blog_posts finds posts about a subject by full-text search; get_post reads a post ' +
      '(its Markdown, in pieces of at most 40,000 characters: pass nextOffset back as offset to read on); ' +
      'list_series and then ' +
      'get_series give a series and its chapters in reading order; get_posts_by_tag lists the posts with a ' +
      'tag; list_slide_decks lists talks; get_api_index describes the REST API and lists every series slug ' +
      'and tag in use.',
    `Every tool but get_api_index takes lang ${inWords(quoted, 'or')} (default ${quoted[0]})${slugs}. ` +
      'Results carry absolute urls to the posts.',
    "Resources: every post, series, native slide deck and tag is a text/markdown resource whose URI is its page's " +
      'Markdown twin (the page URL with .md for the trailing slash); resources/templates/list gives the URI ' +
      'templates and completion/complete completes their slug, series and tag.',
  ].join('\n');
}
