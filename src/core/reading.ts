/**
 * What the build prepares for reading the blog over MCP (get_post, resources/*, completion/complete)
 * and the run time looks up: where each body is, and the resource templates both sides derive from
 * the site's address and languages. Post, series, tag and deck pages are resources, and so are the
 * pages of the `pages` collection (about, contact); their URIs are their Markdown twins' absolute URLs.
 */
import type { TimelinePost } from './schemas.ts';

/**
 * The page kinds that are resources, with the folder of their pages (a page of the `pages`
 * collection is at the top of its language, `/about/`), the argument naming one, and the name of
 * their templates.
 */
export const RESOURCE_KINDS = {
  post: { folder: 'blog', argument: 'slug', noun: 'post', name: 'blog' },
  series: { folder: 'series', argument: 'series', noun: 'series', name: 'series' },
  tag: { folder: 'tags', argument: 'tag', noun: 'tag', name: 'tags' },
  deck: { folder: 'talks', argument: 'slug', noun: 'slide deck', name: 'talks' },
  page: { folder: null, argument: 'page', noun: 'page', name: 'pages' },
} as const;
export type ResourceKind = keyof typeof RESOURCE_KINDS;

/** A post as get_post describes it: its timeline record, and where its twin is. */
export interface PostFacts {
  post: TimelinePost;
  /** The twin's absolute URL: the post's resource URI. */
  markdownUrl: string;
  /** The twin's site path (its body key is `bodyKey` of it). */
  twinPath: string;
}

export const postFactsKey = (lang: string, slug: string) => `/mcp/posts/${lang}/${slug}.json`;
/** The pages of resources/list, from 0; a cursor is the number of the page it asks for. */
export const resourcePageKey = (page: number) => `/mcp/resources/page-${page}.json`;
export const RESOURCES_PER_PAGE = 100;
/** The sorted values an argument of a language's template completes from. */
export const completionKey = (lang: string, kind: ResourceKind) => `/mcp/complete/${lang}/${kind}.json`;

/** Where a language's pages are: the first language at the root, each other under `/<lang>`. */
export const languagePrefix = (languages: readonly string[], lang: string) =>
  lang === languages[0] ? '' : `/${lang}`;

export interface ResourceTemplateFacts {
  kind: ResourceKind;
  lang: string;
  uriTemplate: string;
}

/** Where a kind's twins are in a language: `/es/blog/<value>.md`, `/es/<value>.md` for a page. */
export const resourcePathOf = (
  kind: ResourceKind,
  languages: readonly string[],
  lang: string,
  value: string,
): string => {
  const { folder } = RESOURCE_KINDS[kind];
  return `${languagePrefix(languages, lang)}${folder === null ? '' : `/${folder}`}/${value}.md`;
};

/** One template per kind and language, e.g. `https://blog.example/es/blog/{slug}.md`. */
export function resourceTemplates(baseUrl: string, languages: readonly string[]): ResourceTemplateFacts[] {
  return languages.flatMap((lang) =>
    (Object.keys(RESOURCE_KINDS) as ResourceKind[]).map((kind) => {
      const uriTemplate =
        baseUrl + resourcePathOf(kind, languages, lang, `{${RESOURCE_KINDS[kind].argument}}`);
      return { kind, lang, uriTemplate };
    }),
  );
}
