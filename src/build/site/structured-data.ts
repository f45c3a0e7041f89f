/**
 * A page's schema.org description as JSON-LD: a post is a `BlogPosting`, a language's home the
 * `WebSite`, and every page below a home has its `BreadcrumbList`.
 */

import type { SiteInfo } from '../data/types.ts';
import type { Shell } from './layout.ts';
import { siteLinks } from './links.ts';

const CONTEXT = 'https://schema.org';

interface Described {
  site: SiteInfo;
  baseUrl: string;
}

const absolute = (url: string, baseUrl: string) => (url.startsWith('/') ? baseUrl + url : url);

function person({ site }: Described) {
  return { '@type': 'Person', name: site.author.name, ...(site.author.url ? { url: site.author.url } : {}) };
}

function blogPosting(shell: Shell, url: string, described: Described) {
  const article = shell.article!;
  return {
    '@type': 'BlogPosting',
    headline: shell.title,
    description: shell.description,
    url,
    mainEntityOfPage: url,
    datePublished: article.published,
    dateModified: article.modified,
    author: person(described),
    publisher: person(described),
    inLanguage: shell.lang,
    ...(article.image ? { image: absolute(article.image, described.baseUrl) } : {}),
    ...(article.tags.length ? { keywords: article.tags.join(', ') } : {}),
    license: described.site.license,
  };
}

function webSite(shell: Shell, url: string, described: Described) {
  return {
    '@type': 'WebSite',
    name: described.site.name,
    description: described.site.description,
    url,
    inLanguage: shell.lang,
    publisher: person(described),
  };
}

function breadcrumbList(shell: Shell, described: Described) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: (shell.breadcrumbs ?? []).map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: described.baseUrl + crumb.path,
    })),
  };
}

/** The page's JSON-LD document: a graph of what the page is. */
export function structuredData(shell: Shell, described: Described): object {
  const path = shell.canonical?.path ?? '';
  const url = described.baseUrl + path;
  const isHome = path === siteLinks(described.site.languages).langRoot(shell.lang);
  const graph = [
    ...(isHome ? [webSite(shell, url, described)] : []),
    ...(shell.article ? [blogPosting(shell, url, described)] : []),
    ...(shell.breadcrumbs?.length ? [breadcrumbList(shell, described)] : []),
  ];
  return {
    '@context': CONTEXT,
    '@graph': graph.length ? graph : [{ '@type': 'WebPage', name: shell.title, url, inLanguage: shell.lang }],
  };
}
