/** Which internal links and images of the posts will not resolve once the deployment is served. */
import type { LinkRef } from './content/links.ts';
import type { SiteData } from './data/types.ts';

/**
 * The links whose path is neither served (`published`: every page, twin, document and file the
 * deployment holds), nor redirected, nor gone; a page path resolves with or without its slash.
 */
export function unresolvedLinks(
  links: readonly LinkRef[],
  published: ReadonlySet<string>,
  data: Pick<SiteData, 'redirects' | 'gone'>,
): LinkRef[] {
  const gone = new Set(data.gone);
  const known = (path: string) => published.has(path) || path in data.redirects || gone.has(path);
  return links.filter(({ path }) => {
    const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    return !known(path) && !known(other);
  });
}
