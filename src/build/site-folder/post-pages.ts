/**
 * Where each post's page is in a built site: by site.yaml's `permalink` (`/blog/{slug}/`), else by
 * the usual place that holds the most of them (`/blog/{slug}/`, `/posts/{slug}/`, `/{slug}/`). A
 * post of a language other than the first is under `/<lang>` first, as the content's own pages
 * are, unless the pattern places `{lang}` itself. A page written as `<slug>.html` answers at the
 * pattern's path without its trailing slash.
 */
import type { Lang, PostRecord } from '../data/types.ts';

export const USUAL_PERMALINKS = ['/blog/{slug}/', '/posts/{slug}/', '/{slug}/'] as const;

export interface PostPages {
  /** The path of each post's page, by post id. */
  pathOf: ReadonlyMap<string, string>;
  /** The posts whose page the site does not have, each with the path looked for. */
  missing: readonly { post: PostRecord; path: string }[];
}

/** The path `pattern` gives a post, before the site's pages are looked at. */
function permalinkOf(pattern: string, post: PostRecord, defaultLang: Lang): string {
  const [year = '', month = '', day = ''] = post.pubDate.slice(0, 10).split('-');
  const fields: Record<string, string> = { slug: post.slug, lang: post.lang, year, month, day };
  const path = pattern.replace(/\{(\w+)\}/g, (field, name: string) =>
    fields[name] === undefined ? field : encodeURIComponent(fields[name]),
  );
  return post.lang === defaultLang || pattern.includes('{lang}') ? path : `/${post.lang}${path}`;
}

/** The page of `post` that `pattern` finds among `pages`. */
function pageBy(pattern: string, post: PostRecord, defaultLang: Lang, pages: ReadonlySet<string>) {
  const path = permalinkOf(pattern, post, defaultLang);
  if (pages.has(path)) return path;
  const unslashed = path.replace(/\/$/, '');
  return pages.has(unslashed) ? unslashed : undefined;
}

export function postPagesIn(
  pages: ReadonlySet<string>,
  posts: readonly PostRecord[],
  languages: readonly Lang[],
  permalink: string | undefined,
): PostPages {
  const defaultLang = languages[0] as Lang;
  const found = (pattern: string) =>
    posts.filter((post) => pageBy(pattern, post, defaultLang, pages) !== undefined).length;
  const [pattern] = permalink ? [permalink] : [...USUAL_PERMALINKS].sort((a, b) => found(b) - found(a));
  const pathOf = new Map<string, string>();
  const missing: { post: PostRecord; path: string }[] = [];
  for (const post of posts) {
    const path = pageBy(pattern as string, post, defaultLang, pages);
    if (path === undefined) missing.push({ post, path: permalinkOf(pattern as string, post, defaultLang) });
    else pathOf.set(post.id, path);
  }
  return { pathOf, missing };
}
