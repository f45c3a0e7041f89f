/**
 * The build beside a site's own pages (`--site DIR`): what of the built site is served and how.
 * The site's pages are the deployment's pages, byte for byte; each post's record points at its
 * page there; each page without a source in the content folder, and without a twin of the site's,
 * gets one converted from its HTML when it is written; the site's `_headers` become the headers of each path it
 * publishes. Folio's own theme pages are not made (emit.ts reads `BesideSite`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTwinPath } from '../core/paths.ts';
import type { StaticFile } from './body-sink.ts';
import { HeaderLineError, headersByPath, readHeaderRules } from './content/header-rules.ts';
import type { BuildReport } from './content/report.ts';
import type { Lang, PostRecord, SiteData } from './data/types.ts';
import { convertedTwin, pageFacts } from './site/converted-twin.ts';
import { modifiedOf } from './site/page-context.ts';
import type { SitemapPage } from './site/sitemaps.ts';
import { withWebmcpTag } from './site/webmcp.ts';
import { type BuiltSite, SITE_SETTINGS } from './site-folder/built-site.ts';
import { postPagesIn } from './site-folder/post-pages.ts';
import { fileOnDisk } from './site-folder/published-files.ts';

/** One of the site's HTML pages, as the deployment serves it. */
export interface BesidePage {
  /** The path it is served at. */
  path: string;
  /** Its bytes, as the site's generator wrote them. */
  html: StaticFile;
  /** What the sitemaps say of it. */
  sitemap: SitemapPage;
  /** The twin the site ships beside it (`about.md`): kept over any other. */
  ownTwin: StaticFile | undefined;
  /** Its twin converted from its main content, for a page the content folder has no source for. */
  converted: () => string;
}

export interface BesideSite {
  /** How the summary names the site's folder. */
  folder: string;
  pages: readonly BesidePage[];
  /** The site's `_headers`, as the headers of each path it publishes. */
  headers: Record<string, Record<string, string>>;
  /** Paths where site.yaml's `folioServes` puts Folio's document over the site's file. */
  folioServes: ReadonlySet<string>;
}

/**
 * The data with each post's `path` its page in the site; a post the site has no page for keeps
 * Folio's path, where Folio's own page for it is served, and is reported.
 */
export function withSitePages(data: SiteData, site: BuiltSite, report: BuildReport): SiteData {
  const permalink = data.site.beside?.permalink;
  const { pathOf, missing } = postPagesIn(
    new Set(site.pages.keys()),
    data.posts,
    data.site.languages,
    permalink,
  );
  report.postsWithoutPage.push(
    ...missing.map(({ post, path }) => ({ id: post.id, lookedFor: path, served: post.path })),
  );
  const original = new Map<PostRecord, PostRecord>();
  const posts = data.posts.map((post) => {
    const page = pathOf.get(post.id);
    const moved =
      page === undefined || page === post.path ? post : { ...post, path: page, resourcePath: post.path };
    original.set(moved, post);
    return moved;
  });
  // The bodies are kept by the records the compiler made.
  const was = (post: PostRecord) => original.get(post) ?? post;
  const bodies = {
    markdown: (post: PostRecord) => data.bodies.markdown(was(post)),
    rendered: (post: PostRecord) => data.bodies.rendered(was(post)),
  };
  return { ...data, posts, bodies };
}

/** The language of a page: its `<html lang>` when that is a content language, else its path's first segment's. */
function pageLang(stated: string | undefined, path: string, languages: readonly Lang[]): Lang {
  const first = path.split('/')[1] ?? '';
  const named = languages.find((lang) => lang === stated?.toLowerCase());
  return named ?? languages.find((lang) => lang === first) ?? (languages[0] as Lang);
}

export function besideSite(
  site: BuiltSite,
  data: SiteData,
  baseUrl: string,
  report: BuildReport,
  folder: string,
): BesideSite {
  const posts = new Map(data.posts.map((post) => [post.path, post]));
  const webmcp = data.site.beside?.webmcpOnSitePages ?? false;
  const twinOf = new Map(
    [...site.twins].map(([twin, file]) => [twin, fileOnDisk(twin, join(site.dir, file))]),
  );
  const pages = [...site.pages].map(([path, file]): BesidePage => {
    const onDisk = join(site.dir, file);
    const html = readFileSync(onDisk, 'utf8');
    const facts = pageFacts(html);
    const lang = pageLang(facts.lang, path, data.site.languages);
    const post = posts.get(path);
    const sitemap: SitemapPage = {
      lang,
      title: post?.title ?? facts.title,
      canonical: { path, alternates: { [lang]: path }, ogType: post ? 'article' : 'website' },
      ...(post && { lastModified: modifiedOf(post) }),
    };
    return {
      path,
      html: webmcp ? withWebmcp(path, onDisk) : fileOnDisk(path, onDisk),
      sitemap,
      ownTwin: twinOf.get(markdownTwinPath(path)),
      converted: () => convertedTwin(readFileSync(onDisk, 'utf8'), facts, baseUrl + path, lang),
    };
  });
  return {
    folder,
    pages,
    headers: siteHeaders(site, report, folder),
    folioServes: new Set(data.site.beside?.folioServes ?? []),
  };
}

/** A page of the site's with Folio's WebMCP script added, as the owner asked. */
const withWebmcp = (path: string, file: string): StaticFile => ({
  path,
  async *chunks() {
    yield withWebmcpTag(readFileSync(file));
  },
});

/** The site's `_headers` by path; a line not of the format stops the build, naming it. */
function siteHeaders(site: BuiltSite, report: BuildReport, folder: string) {
  if (site.headers === undefined) return {};
  const file = `${folder}/${SITE_SETTINGS.headers}`;
  if (typeof site.headers !== 'string')
    throw new HeaderLineError(`${file}: expected UTF-8 text of at most 1 MiB`);
  const rules = readHeaderRules(site.headers, file);
  report.unfollowedRules.push(...rules.unfollowed.map((rule) => ({ ...rule, file })));
  return headersByPath(rules, [...site.pages.keys(), ...site.files.keys(), ...site.twins.keys()]);
}
