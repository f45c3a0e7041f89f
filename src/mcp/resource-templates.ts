/**
 * The resource templates as resources/templates/list publishes them: one per kind (post, series,
 * slide deck, tag, page) and language, over the Markdown twins' absolute URLs. The run time and the
 * build's published descriptions both read them here.
 */
import { languageName } from '../core/languages.ts';
import { RESOURCE_KINDS, type ResourceKind, resourceTemplates } from '../core/reading.ts';
import type { ResourceTemplate } from './protocol.ts';

const WORDING: Record<ResourceKind, { title: string; description: string }> = {
  post: {
    title: 'Posts',
    description:
      "A post's Markdown twin (front matter, title, description, body); slugs as search_blog_posts gives them.",
  },
  series: {
    title: 'Series',
    description:
      "A series' page as Markdown: its introduction and its chapters in reading order; slugs as list_series gives them.",
  },
  deck: {
    title: 'Slide decks',
    description: "A native slide deck's page as Markdown; slugs as list_slide_decks gives them.",
  },
  page: {
    title: 'Pages',
    description:
      "A page of the site's own (about, contact) as Markdown; pages as resources/list lists them or completion/complete offers.",
  },
  tag: {
    title: 'Tags',
    description:
      "A tag's page as Markdown: the posts carrying it, newest first; tags as get_api_index lists them.",
  },
};

export const MARKDOWN_MEDIA_TYPE = 'text/markdown';

export function resourceTemplateList(baseUrl: string, languages: readonly string[]): ResourceTemplate[] {
  return resourceTemplates(baseUrl, languages).map(({ kind, lang, uriTemplate }) => ({
    uriTemplate,
    name: `${RESOURCE_KINDS[kind].name}-${lang}`,
    title: `${WORDING[kind].title} in ${languageName(lang)}`,
    description: WORDING[kind].description,
    mimeType: MARKDOWN_MEDIA_TYPE,
  }));
}
