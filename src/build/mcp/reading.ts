/**
 * Build time: what reading over MCP looks up at run time. For each post, its get_post facts; the
 * pages of resources/list (posts, series, decks, tags and the pages of the `pages`
 * collection of every language, as their twins' absolute URLs); and, per language and kind, the sorted values completion/complete offers.
 */
import { markdownTwinPath } from '../../core/paths.ts';
import {
  completionKey,
  type PostFacts,
  postFactsKey,
  RESOURCE_KINDS,
  RESOURCES_PER_PAGE,
  type ResourceKind,
  resourcePageKey,
} from '../../core/reading.ts';
import type { Resource } from '../../mcp/protocol.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../mcp/resource-templates.ts';
import { tagsInUse, toTimelinePost } from '../api/records.ts';
import { HOME_INTRO } from '../content/pages.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { siteLinks } from '../site/links.ts';

/** A resource with the argument value that names it in its template. */
interface Named {
  kind: ResourceKind;
  lang: Lang;
  value: string;
  resource: Resource;
}

function resourcesOf(data: SiteData, baseUrl: string): Named[] {
  const { tagPath } = siteLinks(data.site.languages);
  const tagDescription = (tag: string, lang: Lang) =>
    data.tags.find((info) => info.name === tag)?.description[lang];
  const resource = (path: string, title: string, description: string | undefined): Resource => {
    const twin = markdownTwinPath(path);
    return {
      uri: baseUrl + twin,
      name: twin.slice(1),
      title,
      ...(description ? { description } : {}),
      mimeType: MARKDOWN_MEDIA_TYPE,
    };
  };
  return data.site.languages.flatMap((lang): Named[] => [
    ...data.posts
      .filter((post) => post.lang === lang)
      .map((post) => ({
        kind: 'post' as const,
        lang,
        value: post.slug,
        resource: resource(post.resourcePath ?? post.path, post.title, post.description),
      })),
    ...data.series
      .filter((series) => series.lang === lang)
      .map((series) => ({
        kind: 'series' as const,
        lang,
        value: series.slug,
        resource: resource(series.path, series.title, series.description),
      })),
    ...data.decks
      .filter((deck) => deck.lang === lang)
      .map((deck) => ({
        kind: 'deck' as const,
        lang,
        value: deck.slug,
        resource: resource(deck.path, deck.title, deck.description),
      })),
    ...tagsInUse(data, lang).map((tag) => ({
      kind: 'tag' as const,
      lang,
      value: tag,
      resource: resource(tagPath(lang, tag), tag, tagDescription(tag, lang)),
    })),
    ...data.pages
      .filter((page) => page.lang === lang && page.slug !== HOME_INTRO)
      .map((page) => ({
        kind: 'page' as const,
        lang,
        value: page.slug,
        resource: resource(page.path, page.title, page.description),
      })),
  ]);
}

/** Every body reading over MCP needs, as [key, JSON text]. */
export function* readingBodies(data: SiteData, baseUrl: string): Generator<[string, string]> {
  for (const post of data.posts) {
    const twinPath = markdownTwinPath(post.path);
    const facts: PostFacts = {
      post: toTimelinePost(post, baseUrl),
      markdownUrl: baseUrl + twinPath,
      twinPath,
    };
    yield [postFactsKey(post.lang, post.slug), JSON.stringify(facts)];
  }

  const named = resourcesOf(data, baseUrl);
  const pages = Math.max(1, Math.ceil(named.length / RESOURCES_PER_PAGE));
  for (let page = 0; page < pages; page++) {
    const resources = named.slice(page * RESOURCES_PER_PAGE, (page + 1) * RESOURCES_PER_PAGE);
    const next = page + 1 < pages ? { nextCursor: String(page + 1) } : {};
    yield [resourcePageKey(page), JSON.stringify({ resources: resources.map((n) => n.resource), ...next })];
  }

  for (const lang of data.site.languages) {
    for (const kind of Object.keys(RESOURCE_KINDS) as ResourceKind[]) {
      const values = named.filter((n) => n.lang === lang && n.kind === kind).map((n) => n.value);
      yield [completionKey(lang, kind), JSON.stringify([...new Set(values)].sort())];
    }
  }
}
