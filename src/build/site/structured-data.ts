/**
 * A page's schema.org description as JSON-LD: a post is a `BlogPosting`, a language's home the
 * `WebSite`, and every page below a home has its `BreadcrumbList`.
 */

import { absoluteImage } from '../api/records.ts';
import { inLanguage } from '../content/authors.ts';
import type { Lang, SiteAuthor, SiteInfo } from '../data/types.ts';
import { siteLinks } from './links.ts';

export interface Crumb {
  name: string;
  path: string;
}

/** What a post says of itself beyond its page: for JSON-LD and Open Graph. */
export interface Article {
  published: string;
  modified: string;
  /** A site path or an absolute URL. */
  image: string | null;
  tags: readonly string[];
  /** The front matter's keywords, besides the tags. */
  keywords: readonly string[];
  /** The words of the body, where the page has it (a sitemap's shell does not). */
  wordCount?: number;
  /** Who wrote it: the author its front matter names, else the blog's. */
  author: SiteAuthor;
}

/** A talk a deck was given at. */
export interface TalkEvent {
  name: string;
  /** The event's day, else the deck's. */
  date: string;
  url: string | null;
}

/** What the description is made from: the page's own fields. */
interface Described {
  lang: Lang;
  title: string;
  description: string;
  canonical?: { path: string };
  breadcrumbs?: readonly Crumb[];
  article?: Article;
  event?: TalkEvent;
}

const CONTEXT = 'https://schema.org';

interface SiteContext {
  site: SiteInfo;
  baseUrl: string;
}

/** An author as schema.org's Person: its profiles, picture, role and bio (in the page's language) where it has them. */
function person(author: SiteAuthor, lang: Lang, { baseUrl }: SiteContext) {
  const { name, url, sameAs, image } = author;
  const jobTitle = inLanguage(author.role, lang);
  const description = inLanguage(author.bio, lang);
  return {
    '@type': 'Person',
    name,
    ...(url ? { url } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(image ? { image: absoluteImage(image, baseUrl) } : {}),
    ...(jobTitle ? { jobTitle } : {}),
    ...(description ? { description } : {}),
  };
}

function blogPosting(page: Described, article: Article, url: string, context: SiteContext) {
  return {
    '@type': 'BlogPosting',
    headline: page.title,
    description: page.description,
    url,
    mainEntityOfPage: url,
    datePublished: article.published,
    dateModified: article.modified,
    author: person(article.author, page.lang, context),
    publisher: person(context.site.author, page.lang, context),
    inLanguage: page.lang,
    ...(article.image ? { image: absoluteImage(article.image, context.baseUrl) } : {}),
    ...(article.tags.length + article.keywords.length ? { keywords: keywordsOf(article).join(', ') } : {}),
    ...(article.wordCount === undefined ? {} : { wordCount: article.wordCount }),
    ...(context.site.license === null ? {} : { license: context.site.license }),
  };
}

/** The tags, then the keywords, each once. */
export const keywordsOf = (article: Article): string[] => [
  ...new Set([...article.tags, ...article.keywords]),
];

/** A deck's talk: schema.org's Event, with the deck as its work performed. */
function talkEvent(page: Described, event: TalkEvent, url: string) {
  return {
    '@type': 'Event',
    name: event.name,
    startDate: event.date,
    ...(event.url ? { url: event.url } : {}),
    workPerformed: { '@type': 'PresentationDigitalDocument', name: page.title, url },
    inLanguage: page.lang,
  };
}

function webSite(page: Described, url: string, context: SiteContext) {
  return {
    '@type': 'WebSite',
    name: context.site.name,
    description: context.site.description,
    url,
    inLanguage: page.lang,
    publisher: person(context.site.author, page.lang, context),
  };
}

function breadcrumbList(crumbs: readonly Crumb[], context: SiteContext) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: context.baseUrl + crumb.path,
    })),
  };
}

/** The page's JSON-LD document: a graph of what the page is. */
export function structuredData(page: Described, context: SiteContext): object {
  const path = page.canonical?.path ?? '';
  const url = context.baseUrl + path;
  const isHome = path === siteLinks(context.site.languages).langRoot(page.lang);
  const graph = [
    ...(isHome ? [webSite(page, url, context)] : []),
    ...(page.article ? [blogPosting(page, page.article, url, context)] : []),
    ...(page.event ? [talkEvent(page, page.event, url)] : []),
    ...(page.breadcrumbs?.length ? [breadcrumbList(page.breadcrumbs, context)] : []),
  ];
  return {
    '@context': CONTEXT,
    '@graph': graph.length ? graph : [{ '@type': 'WebPage', name: page.title, url, inLanguage: page.lang }],
  };
}
