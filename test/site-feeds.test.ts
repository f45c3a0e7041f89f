/**
 * Feeds, sitemaps, robots.txt, structured data and paginated listings, read as their consumers
 * read them: each feed by a third-party feed parser (and JSON Feed against its schema), each sitemap
 * against the sitemaps.org schemas, robots.txt by a robots parser, JSON-LD parsed from the pages;
 * on the served fixture and on the sample blog, then over the real Node server.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import robotsParser from 'robots-parser';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { chaptersOf, postsTagged, tagsInUse } from '../src/build/api/records.ts';
import { compileContent } from '../src/build/content/compile.ts';
import type { Lang, PostRecord, SiteData } from '../src/build/data/types.ts';
import { emitIntoMemory } from '../src/build/dev/memory-deployment.ts';
import { buildData } from '../src/build/index.ts';
import { siteLinks } from '../src/build/site/links.ts';
import { contentPages } from '../src/build/site/pages.ts';
import { type SitemapPiece, sitemapFiles } from '../src/build/site/sitemaps.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { generateCorpus } from '../tools/corpus.ts';
import { problemsOf } from './support/content-problems.ts';
import { deployed, FIXTURES, fixtureData, servedData } from './support/data.ts';
import {
  ROOT,
  type RunningServer,
  startBun,
  startCloudflare,
  startNetlify,
  startNode,
} from './support/server.ts';
import { startVercelOutput } from './support/vercel.ts';

const BASE = 'https://feeds.example';
const SCHEMAS = resolve(FIXTURES, 'schemas');
/** The sample blog is built at a date after its last post, so every post it has is published. */
const SAMPLE_TIME = new Date('2027-01-01T00:00:00Z');
const FEED_POSTS = 20;
const PAGE_SIZE = 50;

type Get = (path: string, init?: RequestInit) => Response | Promise<Response>;
const getter =
  (handler: Handler): Get =>
  (path, init = {}) =>
    handler.fetch(new Request(path.startsWith('http') ? path : BASE + path, init));

const validateJsonFeed = (() => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(
    JSON.parse(readFileSync(resolve(SCHEMAS, 'jsonfeed-1.1.schema.json'), 'utf8')),
  );
  return (value: unknown) =>
    validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
})();

const schemaFile = (fileName: string) => ({
  fileName,
  contents: readFileSync(resolve(SCHEMAS, fileName), 'utf8'),
});

/** xmllint's errors validating `xml` against the schema `main` (the other schema files loaded beside it). */
async function xsdErrors(xml: string, main: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: schemaFile(main),
    preload: ['sitemap.xsd', 'xhtml-link.xsd'].filter((name) => name !== main).map(schemaFile),
  });
  return result.errors.map((error) => error.rawMessage);
}

/** Sitemap pieces joined into their files: a file's pieces come one after another. */
function wholeFiles(pieces: Iterable<SitemapPiece>): SitemapPiece[] {
  const files: SitemapPiece[] = [];
  for (const piece of pieces) {
    const last = files.at(-1);
    if (last?.path === piece.path) last.text += piece.text;
    else files.push({ ...piece });
  }
  return files;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

/** An attribute that holds a URL (srcset: a list of them), with its value however it is quoted. */
const URL_ATTRIBUTE = /\s(href|src|srcset|poster|cite)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The URLs of an HTML fragment's tags that are not absolute: what a reader away from the site cannot follow. */
function relativeUrls(html: string): string[] {
  const tags = html.match(/<[A-Za-z][^>]*>/g) ?? [];
  return tags
    .flatMap((tag) =>
      [...tag.matchAll(URL_ATTRIBUTE)].flatMap(([, name, ...quoted]) => {
        const value = quoted.find((part) => part !== undefined) ?? '';
        return name!.toLowerCase() === 'srcset'
          ? value.split(/,\s+/).map((candidate) => candidate.trim().split(/\s+/)[0]!)
          : [value];
      }),
    )
    .filter((url) => !URL.canParse(url));
}

/** The JSON-LD graph of an HTML page. */
function jsonLd(html: string): Record<string, unknown>[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  const document = JSON.parse(scripts[0]![1]!);
  expect(document['@context']).toBe('https://schema.org');
  return document['@graph'];
}

const ofType = (graph: Record<string, unknown>[], type: string) =>
  graph.find((node) => node['@type'] === type);

/** The listings with feeds: each language's home, each tag in use and each series, with the posts expected. */
function feedListings(data: SiteData) {
  const { langRoot, tagPath } = siteLinks(data.site.languages);
  const newestFirst = (posts: readonly PostRecord[]) =>
    [...posts].sort((a, b) => b.pubDate.localeCompare(a.pubDate)).slice(0, FEED_POSTS);
  return [
    ...data.site.languages.map((lang) => ({
      lang,
      folder: langRoot(lang),
      posts: data.posts.filter((post) => post.lang === lang).slice(0, FEED_POSTS),
    })),
    ...data.site.languages.flatMap((lang) =>
      tagsInUse(data, lang).map((tag) => ({
        lang,
        folder: tagPath(lang, tag),
        posts: postsTagged(data, lang, tag).slice(0, FEED_POSTS),
      })),
    ),
    ...data.series.map((series) => ({
      lang: series.lang as Lang,
      folder: series.path,
      posts: newestFirst(chaptersOf(data, series)),
    })),
  ];
}

interface Blog {
  data: SiteData;
  get: Get;
}

/** Whether a language has series, and so a series index. */
const hasSeries = (data: SiteData, lang: Lang) => data.series.some((series) => series.lang === lang);

const blogs: [string, () => Promise<SiteData>][] = [
  ['the served fixture', servedData],
  ['the sample blog', () => buildData(resolve(ROOT, 'content'), SAMPLE_TIME)],
  // Raw HTML as an Astro site writes it, in one language without series.
  ['the Astro site fixture', () => fixtureData('astro-site/src/content')],
];

describe.each(blogs)('on %s', (_name, load) => {
  const blog = {} as Blog;
  beforeAll(async () => {
    blog.data = await load();
    blog.get = getter(createHandler(await deployed(blog.data, BASE)));
  });

  it('every RSS feed parses with feedsmith and carries the newest posts in full', async () => {
    for (const { folder, posts, lang } of feedListings(blog.data)) {
      const response = await blog.get(`${folder}rss.xml`);
      expect(response.status, folder).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const feed = parseRssFeed(await response.text());
      expect(feed.link).toBe(BASE + folder);
      expect(feed.language).toBe(lang);
      expect(feed.atom?.links?.[0]?.href).toBe(`${BASE}${folder}rss.xml`);
      expect(feed.items?.map((item) => item.link)).toEqual(posts.map((post) => BASE + post.path));
      feed.items?.forEach((item, i) => {
        const post = posts[i]!;
        expect(item.title).toBe(post.title);
        expect(item.description).toBe(post.description);
        expect(item.guid).toEqual({ value: BASE + post.path, isPermaLink: true });
        expect(new Date(item.pubDate!).toISOString()).toBe(post.pubDate);
        expect(item.categories?.map((category) => category.name)).toEqual(post.allTags);
        expect(item.content?.encoded).toBeTruthy();
        expect(relativeUrls(item.content?.encoded ?? ''), post.path).toEqual([]);
      });
    }
  });

  it('every Atom feed parses with feedsmith, with updated times from updatedDate', async () => {
    for (const { folder, posts } of feedListings(blog.data)) {
      const response = await blog.get(`${folder}atom.xml`);
      expect(response.status, folder).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const feed = parseAtomFeed(await response.text());
      expect(feed.id).toBe(BASE + folder);
      expect(feed.links?.find((link) => link.rel === 'self')?.href).toBe(`${BASE}${folder}atom.xml`);
      expect(feed.entries?.map((entry) => entry.id)).toEqual(posts.map((post) => BASE + post.path));
      feed.entries?.forEach((entry, i) => {
        const post = posts[i]!;
        expect(entry.published).toBe(post.pubDate);
        expect(entry.updated).toBe(post.updatedDate ?? post.pubDate);
        expect(entry.summary).toEqual({ value: post.description });
        expect(entry.categories?.map((category) => category.term)).toEqual(post.allTags);
        expect(entry.content?.type).toBe('html');
        expect(entry.content?.value).toContain('<');
        expect(relativeUrls(entry.content?.value ?? ''), post.path).toEqual([]);
      });
      const newest = posts
        .map((post) => post.updatedDate ?? post.pubDate)
        .sort()
        .at(-1);
      if (newest) expect(feed.updated).toBe(newest);
    }
  });

  it('every JSON Feed is valid JSON Feed 1.1 and parses with feedsmith', async () => {
    for (const { folder, posts } of feedListings(blog.data)) {
      const response = await blog.get(`${folder}feed.json`);
      expect(response.status, folder).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
      const body = await response.json();
      expect(validateJsonFeed(body), folder).toEqual([]);
      const feed = parseJsonFeed(body);
      expect(feed.feed_url).toBe(`${BASE}${folder}feed.json`);
      expect(feed.items?.map((item) => item.url)).toEqual(posts.map((post) => BASE + post.path));
      feed.items?.forEach((item, i) => {
        const post = posts[i]!;
        expect(item.summary).toBe(post.description);
        expect(item.tags).toEqual(post.allTags);
        expect(item.date_modified).toBe(post.updatedDate ?? undefined);
        expect(relativeUrls(item.content_html ?? ''), post.path).toEqual([]);
        expect(item.image === undefined, post.path).toBe(post.heroImage === null);
        if (item.image !== undefined) expect(URL.canParse(item.image), item.image).toBe(true);
      });
    }
  });

  it('every page advertises its language feeds, and tag and series pages their own', async () => {
    const { langRoot, tagPath } = siteLinks(blog.data.site.languages);
    const tag = tagsInUse(blog.data, 'en')[0]!;
    const expectations: [string, string[]][] = [
      [langRoot('en'), [langRoot('en')]],
      [blog.data.posts[0]!.path, [langRoot(blog.data.posts[0]!.lang)]],
      [tagPath('en', tag), [langRoot('en'), tagPath('en', tag)]],
      ...blog.data.series
        .slice(0, 1)
        .map((series): [string, string[]] => [series.path, [langRoot(series.lang), series.path]]),
    ];
    for (const [page, folders] of expectations) {
      const html = await (await blog.get(page)).text();
      const feeds = [
        ...html.matchAll(
          /<link rel="alternate" type="application\/(?:rss|atom|feed)\+\w+"[^>]*href="([^"]+)"/g,
        ),
      ];
      expect(
        feeds.map((match) => match[1]),
        page,
      ).toEqual(
        folders.flatMap((folder) => ['rss.xml', 'atom.xml', 'feed.json'].map((file) => BASE + folder + file)),
      );
    }
  });

  it('llms.txt and the developer portal list every language’s feeds and the sitemaps, the API index the first language’s', async () => {
    const { languages } = blog.data.site;
    const { langRoot, portalPath } = siteLinks(languages);
    const feeds = (lang: Lang) =>
      ['rss.xml', 'atom.xml', 'feed.json'].map((file) => BASE + langRoot(lang) + file);
    const sitemaps = [`${BASE}/sitemap.xml`, `${BASE}/sitemap.md`];
    const llms = await (await blog.get('/llms.txt')).text();
    for (const url of [...languages.flatMap(feeds), ...sitemaps]) expect(llms).toContain(`](${url})`);
    for (const lang of languages) {
      const portal = await (await blog.get(portalPath(lang))).text();
      for (const url of [...feeds(lang), ...sitemaps, `${BASE}/robots.txt`])
        expect(portal, lang).toContain(`href="${url}"`);
    }
    const index = await (await blog.get('/api/index.json')).json();
    const [rss, atom, jsonFeed] = feeds(languages[0]!);
    expect(index.links).toMatchObject({
      rss,
      atom,
      json_feed: jsonFeed,
      sitemap: sitemaps[0],
      sitemap_md: sitemaps[1],
      robots_txt: `${BASE}/robots.txt`,
    });
  });

  it('the sitemap index and each sitemap are valid under the sitemaps.org schemas and list every page', async () => {
    const index = await blog.get('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(await xsdErrors(indexXml, 'siteindex.xsd')).toEqual([]);
    const sitemaps = locs(indexXml);
    expect(sitemaps).toEqual(blog.data.site.languages.map((lang) => `${BASE}/sitemap-${lang}-1.xml`));
    const pages = new Map<string, string>();
    for (const sitemap of sitemaps) {
      const response = await blog.get(sitemap);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(await xsdErrors(xml, 'sitemap-with-alternates.xsd'), sitemap).toEqual([]);
      for (const entry of xml.matchAll(/<url>(.*?)<\/url>/g)) pages.set(locs(entry[1]!)[0]!, entry[1]!);
    }
    for (const post of blog.data.posts) {
      const entry = pages.get(BASE + post.path);
      expect(entry, post.path).toContain(`<lastmod>${post.updatedDate ?? post.pubDate}</lastmod>`);
      const translation = blog.data.posts.find(
        (other) => other.slug === post.slug && other.lang !== post.lang,
      );
      if (!translation) continue;
      expect(entry).toContain(`hreflang="${post.lang}" href="${BASE}${post.path}"`);
      expect(entry).toContain(`hreflang="${translation.lang}" href="${BASE}${translation.path}"`);
    }
    for (const series of blog.data.series) expect(pages.has(BASE + series.path)).toBe(true);
    for (const url of pages.keys()) {
      const response = await blog.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
    }
  });

  it('sitemap.md lists every page by its Markdown twin', async () => {
    const response = await blog.get('/sitemap.md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    const twins = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]!);
    for (const post of blog.data.posts) expect(twins).toContain(`${BASE}${post.path.slice(0, -1)}.md`);
    for (const twin of twins) expect((await blog.get(twin)).status, twin).toBe(200);
  });

  it('robots.txt lets every crawler in by default and names the sitemap; an owner’s own is served as written', async () => {
    const response = await blog.get('/robots.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const { written } = blog.data.robots;
    // The Astro site's public/robots.txt names its own sitemap, so Folio adds none.
    if (written !== null) expect(text).toBe(written);
    const robots = robotsParser(`${BASE}/robots.txt`, text);
    expect(robots.getSitemaps()).toEqual([
      written === null ? `${BASE}/sitemap.xml` : 'https://signal.example/sitemap-index.xml',
    ]);
    for (const path of ['/', blog.data.posts[0]!.path, '/api/posts.json'])
      expect(robots.isAllowed(BASE + path, 'AnyBot/1.0')).toBe(true);
  });

  it('an owner’s robots.txt without a Sitemap line is served as written with Folio’s sitemap after it', async () => {
    const written = '# Mine\nUser-agent: *\nDisallow: /private/';
    const data = { ...blog.data, robots: { ...blog.data.robots, written } };
    const text = await (await getter(createHandler(await deployed(data, BASE)))('/robots.txt')).text();
    expect(text).toBe(`${written}\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });

  it('posts carry BlogPosting and BreadcrumbList JSON-LD and Open Graph article times', async () => {
    for (const post of blog.data.posts) {
      const html = await (await blog.get(post.path)).text();
      const graph = jsonLd(html);
      expect(ofType(graph, 'BlogPosting')).toMatchObject({
        headline: post.title,
        description: post.description,
        url: BASE + post.path,
        datePublished: post.pubDate,
        dateModified: post.updatedDate ?? post.pubDate,
        author: { '@type': 'Person', name: (post.author ?? blog.data.site.author).name },
        inLanguage: post.lang,
        ...(post.heroImage ? { image: BASE + post.heroImage } : {}),
      });
      const crumbs = ofType(graph, 'BreadcrumbList')?.itemListElement as Record<string, unknown>[];
      expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
      expect(crumbs.at(-1)).toMatchObject({ '@type': 'ListItem', name: post.title, item: BASE + post.path });
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain(`<meta property="article:published_time" content="${post.pubDate}">`);
      expect(html).toContain(
        `<meta property="article:modified_time" content="${post.updatedDate ?? post.pubDate}">`,
      );
    }
  });

  it('each home is the WebSite in JSON-LD, and every page below it has its breadcrumbs', async () => {
    const { langRoot, portalPath, seriesIndexPath, tagPath, tagsIndexPath, talksPath } = siteLinks(
      blog.data.site.languages,
    );
    for (const lang of blog.data.site.languages) {
      const home = jsonLd(await (await blog.get(langRoot(lang))).text());
      expect(ofType(home, 'WebSite')).toMatchObject({
        name: blog.data.site.name,
        url: BASE + langRoot(lang),
        inLanguage: lang,
      });
      const tag = tagsInUse(blog.data, lang)[0]!;
      const inLang = <T extends { lang: Lang }>(items: readonly T[]) => items.filter((x) => x.lang === lang);
      // Each page with the trail to it: the home, then the steps after it.
      const trails: string[][] = [
        [tagsIndexPath(lang)],
        [tagsIndexPath(lang), tagPath(lang, tag)],
        [portalPath(lang)],
        ...(hasSeries(blog.data, lang) ? [[seriesIndexPath(lang)]] : []),
        ...inLang(blog.data.series).map((series) => [seriesIndexPath(lang), series.path]),
        ...(inLang(blog.data.decks).length ? [[talksPath(lang)]] : []),
        ...inLang(blog.data.decks)
          .filter((deck) => deck.type === 'native')
          .map((deck) => [talksPath(lang), deck.path]),
      ];
      for (const trail of trails) {
        const path = trail.at(-1)!;
        const graph = jsonLd(await (await blog.get(path)).text());
        expect(ofType(graph, 'BreadcrumbList')?.itemListElement, path).toMatchObject(
          [langRoot(lang), ...trail].map((step, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            item: BASE + step,
          })),
        );
      }
    }
  });

  it('every page sends Link headers to its twin and to llms.txt, and every twin to llms.txt', async () => {
    const llms = `<${BASE}/llms.txt>; rel="describedby"; type="text/plain"`;
    const series = hasSeries(blog.data, 'en') ? ['/series/'] : [];
    for (const path of ['/', '/blog/', '/tags/', ...series, blog.data.posts[0]!.path, '/developers']) {
      const link = (await blog.get(path)).headers.get('link') ?? '';
      const twin = path === '/' ? '/index.md' : `${path.replace(/\/$/, '')}.md`;
      expect(link, path).toContain(`<${BASE}${twin}>; rel="alternate"; type="text/markdown"`);
      expect(link, path).toContain(llms);
      expect((await blog.get(twin)).headers.get('link'), twin).toContain(llms);
    }
  });

  it('the series and tags indexes list every series and tag in use, in every language', async () => {
    const { seriesIndexPath, tagsIndexPath, tagPath } = siteLinks(blog.data.site.languages);
    for (const lang of blog.data.site.languages) {
      if (hasSeries(blog.data, lang)) {
        const series = await (await blog.get(seriesIndexPath(lang))).text();
        for (const s of blog.data.series.filter((one) => one.lang === lang))
          expect(series).toContain(`href="${s.path}"`);
      } else expect((await blog.get(seriesIndexPath(lang))).status).toBe(404);
      const tags = await (await blog.get(tagsIndexPath(lang))).text();
      for (const tag of tagsInUse(blog.data, lang)) expect(tags).toContain(`href="${tagPath(lang, tag)}"`);
      const twin = await blog.get(`${tagsIndexPath(lang).slice(0, -1)}.md`);
      expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    }
  });
});

const entriesOf = (html: string) => [...html.matchAll(/<li class="entry">/g)].length;

/** A page's path as its Markdown twin's. */
const twinOf = (path: string) => `${path.replace(/\/$/, '')}.md`;

/**
 * Walks a listing paginated from `first`, where `shown[n - 1]` are the links page n must hold and
 * no other page may: each page with its canonical URL, rel prev/next, breadcrumbs and twin, and
 * no page before the first or after the last.
 */
async function expectPaginated(get: Get, first: string, shown: readonly (readonly string[])[]) {
  const pathOf = (n: number) => (n === 1 ? first : `${first}page/${n}/`);
  for (let n = 1; n <= shown.length; n++) {
    const path = pathOf(n);
    const response = await get(path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    shown.forEach((links, i) => {
      for (const link of links)
        expect(html.includes(`href="${link}"`), `${link} on ${path}`).toBe(i === n - 1);
    });
    expect(html).toContain(`<link rel="canonical" href="${BASE}${path}">`);
    const prev = html.match(/<link rel="prev" href="([^"]+)">/)?.[1];
    const next = html.match(/<link rel="next" href="([^"]+)">/)?.[1];
    expect(prev, path).toBe(n > 1 ? BASE + pathOf(n - 1) : undefined);
    expect(next, path).toBe(n < shown.length ? BASE + pathOf(n + 1) : undefined);
    const crumbs = ofType(jsonLd(html), 'BreadcrumbList')?.itemListElement as { item: string }[];
    expect(crumbs.at(-1)?.item, path).toBe(BASE + first);
    const twin = await get(twinOf(path));
    expect(twin.status, twinOf(path)).toBe(200);
    const markdown = await twin.text();
    for (const link of shown[n - 1]!)
      expect(markdown, twinOf(path)).toContain(`(${link.startsWith('/') ? BASE + link : link})`);
    if (next) expect(markdown, twinOf(path)).toContain(`(${next})`);
  }
  expect((await get(pathOf(shown.length + 1))).status).toBe(404);
  expect((await get(`${first}page/1/`)).status).toBe(404);
}

/** `items` in pages of PAGE_SIZE. */
function inPages<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / PAGE_SIZE) }, (_, i) =>
    items.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE),
  );
}

describe('a blog with more posts than a page holds', () => {
  /** Enough for tags with more than a page of posts in each language. */
  const POSTS = 1200;
  let data: SiteData;
  let get: Get;
  let bodies: ReadonlyMap<string, Uint8Array>;
  beforeAll(async () => {
    data = compileContent(generateCorpus({ posts: POSTS }), { now: SAMPLE_TIME }).data as SiteData;
    const deployment = await deployed(data, BASE);
    bodies = deployment.bodies;
    get = getter(createHandler(deployment));
  });

  it('keeps every HTML page far under 200 KB, and every listing page at 50 entries at most', () => {
    const pages = [...bodies].filter(([key]) => key.endsWith('.html') && !key.startsWith('/errors/'));
    expect(pages.length).toBeGreaterThan(POSTS);
    const largest = Math.max(...pages.map(([, bytes]) => bytes.byteLength));
    expect(largest).toBeLessThan(200 * 1024);
    for (const [key, bytes] of pages)
      expect(entriesOf(new TextDecoder().decode(bytes)), key).toBeLessThanOrEqual(PAGE_SIZE);
  });

  it('paginates /blog/ at 50 posts, with rel prev/next, canonical and twins', async () => {
    const pages = inPages(data.posts.filter((post) => post.lang === 'en').map((post) => post.path));
    expect(pages.length).toBeGreaterThan(2);
    await expectPaginated(get, '/blog/', pages);
  });

  it('paginates each tag page the same way, and the sitemap lists every page of it', async () => {
    const [tag] = [...tagsInUse(data, 'es')].sort(
      (a, b) => postsTagged(data, 'es', b).length - postsTagged(data, 'es', a).length,
    );
    const pages = inPages(postsTagged(data, 'es', tag!).map((post) => post.path));
    expect(pages.length).toBeGreaterThan(1);
    await expectPaginated(get, `/es/tags/${tag}/`, pages);
    const sitemap = await (await get('/sitemap-es-1.xml')).text();
    for (let n = 1; n <= pages.length; n++)
      expect(sitemap).toContain(`<loc>${BASE}/es/tags/${tag}/${n === 1 ? '' : `page/${n}/`}</loc>`);
  });

  it('splits sitemaps at the URL limit, each valid, all in a valid index', async () => {
    const { bodies } = await emitIntoMemory(data, {
      baseUrl: BASE,
      policy: { quota: 300, windowSeconds: 60 },
      sitemapLimits: { urls: 400, bytes: 50 * 1024 * 1024 },
    });
    const text = (key: string) => new TextDecoder().decode(bodies.get(key));
    expect(await xsdErrors(text('/sitemap.xml'), 'siteindex.xsd')).toEqual([]);
    const sitemaps = locs(text('/sitemap.xml'));
    expect(sitemaps.length).toBeGreaterThan(data.site.languages.length);
    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = text(sitemap.slice(BASE.length));
      expect(await xsdErrors(xml, 'sitemap-with-alternates.xsd')).toEqual([]);
      const here = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(here.length).toBeLessThanOrEqual(400);
      urls.push(...here);
    }
    expect(new Set(urls).size).toBe(urls.length);
    for (const post of data.posts) expect(urls).toContain(BASE + post.path);
  });

  it('splits a sitemap before it passes the byte limit, every page in one part, all in a valid index', async () => {
    // The sitemaps of the content pages alone, written with a small byte limit (in-process: the
    // build passes its limits to this same writer, as the test above shows).
    const content = contentPages(data);
    const pages = [...content.listings(), ...data.posts.map(content.postShell), ...content.others()];
    const bytes = 100 * 1024;
    const files = wholeFiles(sitemapFiles(pages, data.site.languages, BASE, { urls: 50_000, bytes }));
    // The index comes last, under its own name and then under Astro's.
    const [index, astroIndex] = files.slice(-2) as [SitemapPiece, SitemapPiece];
    const parts = files.slice(0, -2);
    expect(index.path).toBe('/sitemap.xml');
    expect(astroIndex).toEqual({ path: '/sitemap-index.xml', text: index.text });
    expect(await xsdErrors(index.text, 'siteindex.xsd')).toEqual([]);
    expect(locs(index.text)).toEqual(parts.map((part) => BASE + part.path));
    expect(parts.map((part) => part.path)).toContain('/sitemap-es-2.xml');
    const urls: string[] = [];
    for (const part of parts) {
      expect(Buffer.byteLength(part.text), part.path).toBeLessThanOrEqual(bytes);
      urls.push(...[...part.text.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    }
    // Every part is framed and written alike; the first, cut at the limit, stands for them.
    expect(await xsdErrors(parts[0]!.text, 'sitemap-with-alternates.xsd')).toEqual([]);
    expect(urls.sort()).toEqual(pages.map((page) => BASE + page.canonical.path).sort());
  });
});

describe('a blog with more series, tags, chapters and decks than a page holds', () => {
  const CHAPTERS = PAGE_SIZE + 10;
  /** Series of one post each, besides the long one and the fixture's own. */
  const SHORT_SERIES = PAGE_SIZE;
  /** Native decks besides the fixture's two. */
  const DECKS = PAGE_SIZE;
  let data: SiteData;
  let get: Get;
  beforeAll(async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
    const post = (fields: string[]) => `---\n${fields.join('\n')}\n---\n\nBody.\n`;
    files.set(
      'series/en/long.md',
      '---\ntitle: The long series\ndescription: Many chapters.\norder: 2\n---\n\nThe introduction.\n',
    );
    for (let i = 1; i <= CHAPTERS; i++)
      files.set(
        `blog/en/${day(i)}_chapter-${i}.md`,
        post([
          `title: Chapter ${i}`,
          'description: A chapter.',
          `pubDate: ${day(i)}`,
          `tags: [topic-${i}]`,
          'series: long',
          `seriesOrder: ${i}`,
        ]),
      );
    for (let i = 1; i <= SHORT_SERIES; i++) {
      files.set(
        `series/en/short-${i}.md`,
        `---\ntitle: Short ${i}\ndescription: One chapter.\norder: ${i + 2}\n---\n\nShort.\n`,
      );
      files.set(
        `blog/en/${day(100 + i)}_short-${i}.md`,
        post([
          `title: Short ${i}`,
          'description: Alone.',
          `pubDate: ${day(100 + i)}`,
          'tags: [http]',
          `series: short-${i}`,
          'seriesOrder: 1',
        ]),
      );
    }
    for (let i = 1; i <= DECKS; i++)
      files.set(
        `slides/en/${day(200 + i)}_talk-${i}.md`,
        `---\ntitle: Talk ${i}\ndescription: Slides.\npubDate: ${day(200 + i)}\ntype: native\n---\n\n# Talk ${i}\n`,
      );
    data = compileContent(files, { now: SAMPLE_TIME }).data as SiteData;
    get = getter(createHandler(await deployed(data, BASE)));
  });

  it('paginates /talks/ at 50 decks, with rel prev/next, canonical and twins', async () => {
    const decks = data.decks.filter((deck) => deck.lang === 'en').map((deck) => deck.path);
    expect(decks.length).toBeGreaterThan(PAGE_SIZE);
    await expectPaginated(get, '/talks/', inPages(decks));
  });

  it('paginates /series/ at 50 series, with rel prev/next, canonical and twins', async () => {
    const series = data.series.filter((one) => one.lang === 'en').map((one) => one.path);
    expect(series.length).toBeGreaterThan(PAGE_SIZE);
    await expectPaginated(get, '/series/', inPages(series));
  });

  it('paginates a series page at 50 chapters, numbered on across pages, its introduction on the first', async () => {
    const long = data.series.find((one) => one.slug === 'long')!;
    const chapters = chaptersOf(data, long).map((post) => post.path);
    expect(chapters).toHaveLength(CHAPTERS);
    await expectPaginated(get, long.path, inPages(chapters));
    const [first, second] = await Promise.all(
      [long.path, `${long.path}page/2/`].map(async (path) => (await get(path)).text()),
    );
    expect(first).toContain('The introduction.');
    expect(second).not.toContain('The introduction.');
    expect(second).toContain(`Chapter ${PAGE_SIZE + 1} · `);
    // Chapters run in order, not newest first: the links say previous and next page.
    expect(first).toContain('Next page →');
    expect(second).toContain('← Previous page');
  });

  it('paginates /tags/ at 50 tags, with rel prev/next, canonical and twins', async () => {
    const { tagPath } = siteLinks(data.site.languages);
    const tags = tagsInUse(data, 'en').map((tag) => tagPath('en', tag));
    expect(tags.length).toBeGreaterThan(PAGE_SIZE);
    await expectPaginated(get, '/tags/', inPages(tags));
  });

  it('gives page 2 of an index no alternate in a language with one page, and lists every page in the sitemap', async () => {
    const second = await (await get('/series/page/2/')).text();
    expect(second).not.toContain('<link rel="alternate" hreflang="es"');
    expect(await (await get('/series/')).text()).toContain(
      `<link rel="alternate" hreflang="es" href="${BASE}/es/series/">`,
    );
    const sitemap = await (await get('/sitemap-en-1.xml')).text();
    for (const path of ['/series/page/2/', '/tags/page/2/', '/series/long/page/2/', '/talks/page/2/'])
      expect(sitemap).toContain(`<loc>${BASE}${path}</loc>`);
  });
});

describe('escaping', () => {
  it('carries markup, entities and a CDATA end through every feed unchanged, and drops what XML cannot carry', async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    const title = 'Tags <b> & "quotes" \'here\'';
    files.set(
      'blog/en/2025-01-10_first.md',
      [
        '---',
        `title: ${JSON.stringify(title)}`,
        'description: "A ]]> inside, and <script>alert(1)</script> as text \u0007bell"',
        'pubDate: 2025-01-10',
        'tags: [http]',
        '---',
        '',
        'Code: `a ]]> b` and a [link](/blog/second/) and an [anchor](#top).',
        '',
        '```html',
        '<![CDATA[ x ]]>',
        '```',
        '',
      ].join('\n'),
    );
    const { data } = compileContent(files, { now: SAMPLE_TIME });
    const get = getter(createHandler(await deployed(data as SiteData, BASE)));
    const post = (data as SiteData).posts.find((one) => one.slug === 'first')!;
    expect(post.description).toContain('\u0007');
    // XML 1.0 cannot carry the bell at all: the feeds drop it.
    const description = 'A ]]> inside, and <script>alert(1)</script> as text bell';

    const rss = parseRssFeed(await (await get('/rss.xml')).text());
    const item = rss.items?.find((one) => one.link === BASE + post.path);
    expect(item?.title).toBe(title);
    expect(item?.description).toBe(description);
    expect(item?.content?.encoded).toContain('a ]]&gt; b');
    expect(item?.content?.encoded).toContain(`href="${BASE}/blog/second/"`);
    expect(item?.content?.encoded).toContain(`href="${BASE}${post.path}#top"`);

    const atom = parseAtomFeed(await (await get('/atom.xml')).text());
    const entry = atom.entries?.find((one) => one.id === BASE + post.path);
    expect(entry?.title).toEqual({ value: title });
    expect(entry?.summary).toEqual({ value: description });
    expect(JSON.stringify(entry?.content)).toContain('&lt;![CDATA[ x ]]&gt;');

    const json = await (await get('/feed.json')).json();
    expect(validateJsonFeed(json)).toEqual([]);
    expect(json.items.find((one: { id: string }) => one.id === BASE + post.path).title).toBe(title);

    const sitemap = await (await get('/sitemap-en-1.xml')).text();
    expect(await xsdErrors(sitemap, 'sitemap-with-alternates.xsd')).toEqual([]);
  });
});

describe('URLs in feed content', () => {
  it('are absolute: links and quotes taken from the post’s page, image and video sources from the files beside it (srcset, poster), anchors', async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    files.set(
      'blog/en/2025-03-01_media.md',
      [
        '---',
        'title: Media',
        'description: Every kind of URL.',
        'pubDate: 2025-03-01',
        'tags: [http]',
        'heroImage: https://cdn.example/hero.png',
        '---',
        '',
        'A [sibling](../second/), a [file](notes.txt?a=1&b=2), a [tag](/tags/http/) and an [anchor](#top).',
        '',
        '<picture><source srcset="wide.png 2x, /img/narrow.png 1x"><img src="https://cdn.example/x.png" srcset="a.png 1x, ../b.png 2x" alt=""></picture>',
        '',
        '<video src="clip.mp4" poster="poster.jpg"></video>',
        '',
        '<blockquote cite="source.html">Quoted.</blockquote>',
        '',
      ].join('\n'),
    );
    const { data } = compileContent(files, { now: SAMPLE_TIME });
    const get = getter(createHandler(await deployed(data as SiteData, BASE)));
    const page = `${BASE}/blog/media/`;
    // A relative image or video source names a file beside the post (published under /_media/);
    // links and quotes are taken from the page, as a browser there takes them.
    const beside = `${BASE}/_media/blog/en/`;
    const expected = [
      `href="${BASE}/blog/second/"`,
      `href="${page}notes.txt?a=1&amp;b=2"`,
      `href="${BASE}/tags/http/"`,
      `href="${page}#top"`,
      `srcset="${beside}wide.png 2x, ${BASE}/img/narrow.png 1x"`,
      'src="https://cdn.example/x.png"',
      `srcset="${beside}a.png 1x, ${BASE}/_media/blog/b.png 2x"`,
      `src="${beside}clip.mp4"`,
      `poster="${beside}poster.jpg"`,
      `cite="${page}source.html"`,
    ];

    const rss = parseRssFeed(await (await get('/rss.xml')).text());
    const encoded = rss.items?.find((item) => item.link === page)?.content?.encoded ?? '';
    const atom = parseAtomFeed(await (await get('/atom.xml')).text());
    const content = atom.entries?.find((entry) => entry.id === page)?.content?.value ?? '';
    const json = await (await get('/feed.json')).json();
    const item = json.items.find((one: { id: string }) => one.id === page);
    for (const html of [encoded, content, item.content_html]) {
      for (const attribute of expected) expect(html).toContain(attribute);
      expect(relativeUrls(html)).toEqual([]);
    }
    // The twin takes the same URLs from the same page.
    const twin = await (await get('/blog/media.md')).text();
    for (const attribute of expected.filter((one) => /^(?:src|srcset|poster|cite)=/.test(one)))
      expect(twin).toContain(attribute);
    expect(item.image).toBe('https://cdn.example/hero.png');
    const first = json.items.find((one: { id: string }) => one.id === `${BASE}/blog/first/`);
    expect(first.image).toBe('https://feeds.example/images/first.webp');
  });
});

describe('interface text in feeds', () => {
  it('titles tag feeds with the site.yaml ui: strings', async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    files.set('site.yaml', `${files.get('site.yaml')}ui:\n  en:\n    postsTagged: Filed under\n`);
    const { data } = compileContent(files, { now: SAMPLE_TIME });
    const get = getter(createHandler(await deployed(data as SiteData, BASE)));
    const rss = parseRssFeed(await (await get('/tags/http/rss.xml')).text());
    expect(rss.title).toBe('Mini Fixture: Filed under “http”');
    const atom = parseAtomFeed(await (await get('/tags/http/atom.xml')).text());
    expect(atom.title).toEqual({ value: 'Mini Fixture: Filed under “http”' });
  });
});

describe('navigation only to pages that exist', () => {
  it('has no Series, Tags or Talks link or page in a language without series, tags or decks', async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    // The Spanish post leaves its series and tags, and the Spanish series goes.
    files.delete('series/es/http-basics.md');
    files.set(
      'blog/es/2025-01-10_first.md',
      '---\ntitle: Primera entrada\ndescription: Sin serie ni etiquetas.\npubDate: 2025-01-10\n---\n\nCuerpo.\n',
    );
    const { data } = compileContent(files, { now: SAMPLE_TIME });
    const get = getter(createHandler(await deployed(data as SiteData, BASE)));
    expect(data.posts.some((post) => post.lang === 'es')).toBe(true);
    const english = await (await get('/')).text();
    for (const path of ['/series/', '/tags/', '/talks/']) expect(english).toContain(`<a href="${path}">`);
    for (const page of ['/es/', '/es/blog/', '/es/developers']) {
      const html = await (await get(page)).text();
      for (const path of ['/es/series/', '/es/tags/', '/es/talks/']) expect(html, page).not.toContain(path);
    }
    for (const path of ['/es/series/', '/es/tags/', '/es/talks/', '/es/series.md', '/es/tags.md'])
      expect((await get(path)).status, path).toBe(404);
  });
});

describe('robots settings in site.yaml', () => {
  const MINI = resolve(FIXTURES, 'mini');
  async function compileWith(robots: string) {
    const files = new Map(await readContentFolder(MINI));
    files.set('site.yaml', `${files.get('site.yaml')}robots:\n${robots}`);
    return compileContent(files, { now: SAMPLE_TIME });
  }
  const problemsWith = (robots: string) => problemsOf(() => compileWith(robots));

  it('writes the stance, the usage preferences in every group, and a robots parser reads it as meant', async () => {
    const { data } = await compileWith(
      [
        '  disallow: [/drafts/, /*.pdf$]',
        '  agents:',
        '    GPTBot: { disallow: [/] }',
        '    Googlebot: { allow: [/], contentSignal: "search=yes" }',
        '',
      ].join('\n'),
    );
    const get = getter(createHandler(await deployed(data as SiteData, BASE)));
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain(
      'User-agent: *\nContent-Usage: train-ai=y, search=y\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\n',
    );
    expect(text).toContain(
      'User-agent: Googlebot\nContent-Usage: train-ai=y, search=y\nContent-Signal: search=yes\n',
    );
    const robots = robotsParser(`${BASE}/robots.txt`, text);
    expect(robots.isAllowed(`${BASE}/blog/`, 'SomeBot')).toBe(true);
    expect(robots.isDisallowed(`${BASE}/drafts/x`, 'SomeBot')).toBe(true);
    expect(robots.isDisallowed(`${BASE}/files/a.pdf`, 'SomeBot')).toBe(true);
    expect(robots.isDisallowed(`${BASE}/blog/`, 'GPTBot')).toBe(true);
    expect(robots.isAllowed(`${BASE}/drafts/x`, 'Googlebot')).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${BASE}/sitemap.xml`]);
  });

  it('refuses a malformed stance with one line naming the field', async () => {
    expect(await problemsWith('  agents:\n    GPTBot: { contentSignal: ai-train=maybe }\n')).toEqual([
      'site.yaml: robots.agents.GPTBot.contentSignal: expected content signals such as "search=yes, ai-input=yes, ai-train=no" (each of search, ai-input, ai-train at most once, =yes or =no), received "ai-train=maybe"',
    ]);
    expect(await problemsWith('  contentSignal: ai-train=no\n')).toEqual([
      'site.yaml: robots.contentSignal: expected no contentSignal for every crawler here: the usage setting (search, train, input) writes it, with Content-Usage, received "ai-train=no"',
    ]);
    expect(await problemsWith('  disallow: [drafts]\n')).toEqual([
      'site.yaml: robots.disallow[0]: expected a list of URL paths such as [/, /drafts/] (each starting with /, without spaces; * and $ as in robots.txt), received "drafts"',
    ]);
  });
});

interface Server {
  name: string;
  start: () => Promise<RunningServer>;
  /** Node and Bun compress bodies themselves; the edge platforms and Vercel leave it to their CDN. */
  compresses: boolean;
  /** Vercel's Edge Runtime streams every response but a 304 without Content-Length. */
  dropsContentLength?: boolean;
}

const SERVERS: Server[] = [
  { name: 'Node', start: startNode, compresses: true },
  { name: 'Bun', start: startBun, compresses: true },
  { name: 'Netlify Edge Function on Deno', start: startNetlify, compresses: false },
  { name: 'Cloudflare Worker on workerd (Miniflare)', start: startCloudflare, compresses: false },
  {
    name: 'Vercel: the output vercel build wrote, Edge runtime',
    start: () => startVercelOutput('edge'),
    compresses: false,
    dropsContentLength: true,
  },
  {
    name: 'Vercel: the output vercel build wrote, Node.js runtime',
    start: () => startVercelOutput('nodejs'),
    compresses: false,
  },
];

describe.each(SERVERS)('over $name', ({ start, compresses, dropsContentLength }) => {
  let server: RunningServer;
  let data: SiteData;
  beforeAll(async () => {
    [server, data] = await Promise.all([start(), servedData()]);
  });
  afterAll(() => server?.stop());

  const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };

  it('serves feeds, sitemaps, robots.txt and the indexes with ETag, 304, HEAD, CORS and compression', async () => {
    const tag = tagsInUse(data, 'en')[0]!;
    const documents: Record<string, string> = {
      '/rss.xml': 'application/rss+xml; charset=utf-8',
      '/es/atom.xml': 'application/atom+xml; charset=utf-8',
      [`/tags/${tag}/feed.json`]: 'application/feed+json; charset=utf-8',
      [`${data.series[0]!.path}rss.xml`]: 'application/rss+xml; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/sitemap-en-1.xml': 'application/xml; charset=utf-8',
      '/sitemap.md': 'text/markdown; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/tags/': 'text/html; charset=utf-8',
      '/es/series/': 'text/html; charset=utf-8',
    };
    for (const [path, type] of Object.entries(documents)) {
      const url = server.url + path;
      const got = await request(url, {
        headers: { 'accept-encoding': 'identity', origin: 'https://else.example' },
      });
      const body = await got.body.text();
      expect(got.statusCode, path).toBe(200);
      expect(header(got.headers, 'content-type'), path).toBe(type);
      expect(header(got.headers, 'access-control-allow-origin')).toBe('*');
      const etag = header(got.headers, 'etag')!;
      expect(etag).toMatch(/^"/);
      expect(header(got.headers, 'content-length'), path).toBe(
        dropsContentLength ? null : String(Buffer.byteLength(body)),
      );

      const head = await request(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      await head.body.dump();
      expect(head.statusCode).toBe(200);
      for (const name of ['content-type', 'content-length', 'etag'])
        expect(header(head.headers, name), `${path} ${name}`).toBe(header(got.headers, name));

      const again = await request(url, { headers: { 'accept-encoding': 'identity', 'if-none-match': etag } });
      await again.body.dump();
      expect(again.statusCode, path).toBe(304);
      expect(header(again.headers, 'etag')).toBe(etag);

      const preflight = await request(url, {
        method: 'OPTIONS',
        headers: { origin: 'https://else.example', 'access-control-request-method': 'GET' },
      });
      await preflight.body.dump();
      expect(preflight.statusCode, path).toBe(204);

      if (!compresses) continue;
      const zipped = await request(url, { headers: { 'accept-encoding': 'br' } });
      await zipped.body.dump();
      if (Buffer.byteLength(body) > 1024) expect(header(zipped.headers, 'content-encoding'), path).toBe('br');
      expect(header(zipped.headers, 'vary')).toContain('Accept-Encoding');
    }
  });
});
