/**
 * Compiles a content folder, in either layout and any languages, into the records the API, the
 * MCP server and the pages are built from. Every problem is collected and thrown together as a
 * ContentError; nothing is published half-built.
 */
import { chaptersOf } from '../api/records.ts';
import { compareText } from '../data/order.ts';
import type { DeckRecord, PostRecord, SeriesRecord, SiteAuthor, SiteData, TagTier } from '../data/types.ts';
import { uiFallbacks } from '../site/i18n.ts';
import { renderDeck, renderMarkdown } from '../site/render/markdown.ts';
import { MarkdownBodies } from '../site/render/post-body.ts';
import type { AstroSiteHints } from './astro-config.ts';
import { astroLayout } from './astro-layout.ts';
import { AUTHORS_FOLDER, type Author, namedAuthor, readAuthors } from './authors.ts';
import type { ParsedDate } from './dates.ts';
import { type EntryFile, inSiteLanguages, languageFolders, listEntries } from './entries.ts';
import { ContentReader } from './entry-reader.ts';
import { ContentError, type ContentIssue } from './errors.ts';
import type { ContentFiles, PreparedPosts } from './files.ts';
import { folioLayout } from './folio-layout.ts';
import { type FrontMatterSplitter, splitFrontMatter } from './front-matter.ts';
import { gonePaths } from './gone.ts';
import type { ImageSize } from './image-size.ts';
import { sitePaths } from './languages.ts';
import { detectLayout, type Layout, type LayoutReader, type SeriesText } from './layout.ts';
import { bodyLinkTargets, siteLinks } from './links.ts';
import {
  contentPathOf,
  isRelativeReference,
  type MediaReference,
  type MediaUrlOf,
  mediaUrl,
} from './media.ts';
import { compilePage, homeIntros, listPages, PAGES_FOLDER, pagePath } from './pages.ts';
import { type RelatedNames, resolveRelated } from './related.ts';
import { BuildReport, type MissingFile } from './report.ts';
import { deckSchema, goneSchema, postSchema } from './schema.ts';
import { type PublicSettings, readSite } from './site.ts';

export type { ContentFiles, PreparedPosts } from './files.ts';

const LAYOUT_READERS: Record<Layout, LayoutReader> = { folio: folioLayout, astro: astroLayout };

export interface CompileOptions {
  /** The build time: drafts and entries dated after it are skipped. */
  now: Date;
  /** Detected from the files when not given. */
  layout?: Layout | undefined;
  /** Refuse front-matter fields Folio does not use, instead of ignoring them. */
  strict?: boolean;
  /** The public address given to the build (BASE_URL, --base-url); it wins over site.yaml's. */
  baseUrl?: string | undefined;
  /** The address the build goes on with when nothing states one (a check's); the name may come from it. */
  addressInUse?: string | undefined;
  /** What the Astro site around the content folder states in its own files. */
  astro?: AstroSiteHints | undefined;
  /** What reading the post files ahead of the compiler found (src/build/threads/render-posts.ts). */
  prepared?: PreparedPosts;
  /**
   * Splits each entry's front matter from its body (the dev server keeps the splits of unchanged
   * files); by default the prepared YAML of a post file is taken, any other is read.
   */
  splitFrontMatter?: FrontMatterSplitter;
  /**
   * The folder's files besides Markdown and YAML, by path, which entries may refer to
   * (`./cover.png`); unknown when not given, and then no reference is checked or published.
   */
  mediaFiles?: ReadonlySet<string>;
  /** Where each of those files is published (content-addressed by the build); `/_media/<path>` when not given. */
  mediaUrl?: MediaUrlOf;
  /**
   * The URL paths of the site's public folder (none when it has no such folder): site-path hero
   * images are checked against them; unknown when not given, and then none is checked.
   */
  publicFiles?: ReadonlySet<string>;
  /** The pixel size of a published image by its URL path, where the file states it. */
  imageSize?: (path: string) => ImageSize | undefined;
  /** The settings files of the site's public folder (`robots.txt`, `_redirects`). */
  publicSettings?: PublicSettings | undefined;
  /** How problems name the folder of those files: `public` unless a built site's. */
  settingsFolder?: string | undefined;
}

export interface Compiled {
  data: SiteData<string>;
  layout: Layout;
  report: BuildReport;
  /** The content file of each post. */
  postFiles: ReadonlyMap<PostRecord<string>, string>;
  /** The files beside entries that published entries refer to, by path in the content folder. */
  media: string[];
}

/** A record with the file it comes from, for messages. */
interface FromFile<T> {
  file: string;
  record: T;
}

/** What compiling each entry needs to know. */
interface Context {
  reader: ContentReader;
  options: CompileOptions;
  pathOf: (lang: string, section: string, slug: string) => string;
  tiers: ReadonlyMap<string, TagTier>;
  /** Relative hero images, checked with the body's references once every entry is read. */
  heroReferences: MediaReference[];
  /** Whether a hero image that is no file of the site is only a warning (site.yaml). */
  allowMissingHeroImages: boolean;
  /** The authors collection, which a post's `author` names one of. */
  authors: readonly Author[];
}

export function compileContent(files: ContentFiles, options: CompileOptions): Compiled {
  const issues: ContentIssue[] = [];
  const report = new BuildReport();
  const reader = new ContentReader(files, issues, report, {
    strict: options.strict ?? false,
    split: options.splitFrontMatter ?? preparedSplitter(options.prepared),
    ...(options.mediaUrl && { mediaUrl: options.mediaUrl }),
  });
  const layout = options.layout ?? detectLayout(reader);
  if (!layout) throw new ContentError(issues);
  const layoutReader = LAYOUT_READERS[layout];
  noteUnreadFolders(reader);
  const postFiles = listEntries(reader, 'blog');
  const deckFiles = listEntries(reader, 'slides');
  const pageFiles = listPages(reader);
  const folders = languageFolders([...postFiles, ...deckFiles, ...pageFiles]);
  const authors = readAuthors(reader);
  const settings = readSite(reader, folders, {
    ...options,
    authors,
    homeIntros: homeIntros(reader, pageFiles),
  });
  // Without valid settings, go on with the folders' languages so every other problem is reported too.
  const languages = settings?.info.languages ?? folders;
  if (settings) for (const [lang, keys] of uiFallbacks(settings.info)) report.uiFallbacks.set(lang, keys);
  const tags = layoutReader.tags(reader, languages);
  const tiers = new Map(tags.map((tag) => [tag.name, tag.tier]));
  const context: Context = {
    reader,
    options,
    pathOf: sitePaths(languages),
    tiers,
    heroReferences: [],
    allowMissingHeroImages: settings?.allowMissingHeroImages ?? false,
    authors,
  };
  const seriesTexts = layoutReader.series(reader, languages);
  const posts = inSiteLanguages(reader, postFiles, languages).flatMap((entry) => {
    const compiled = compilePost(context, entry);
    if (compiled?.record.series) checkSeriesFile(reader, layoutReader, entry, compiled.record.series);
    return compiled ? [{ file: entry.file, ...compiled }] : [];
  });
  const pages = inSiteLanguages(reader, pageFiles, languages).flatMap((entry) => {
    const record = compilePage(reader, entry, pagePath(languages, entry));
    return record ? [{ file: entry.file, record }] : [];
  });
  const decks = inSiteLanguages(reader, deckFiles, languages).flatMap((entry) => {
    const compiled = compileDeck(context, entry);
    return compiled ? [{ file: entry.file, ...compiled }] : [];
  });
  checkUnique(reader, posts, 'post');
  checkUnique(reader, decks, 'deck');
  resolveRelated(reader, [...posts, ...decks], posts, decks);
  checkUnique(reader, pages, 'page');
  checkChapterOrder(reader, posts);
  const withPosts = seriesWithPostsIn(posts);
  const seriesRecords = seriesTexts
    .filter((s) => withPosts.has(`${s.lang} ${s.slug}`))
    .map((s) => seriesRecord(context, s));
  const media = publishedMedia(context);
  const gone = reader.has('gone.yaml') ? reader.yaml('gone.yaml', goneSchema) : { paths: [] };
  if (issues.length > 0 || !settings || !gone) throw new ContentError(issues);

  const postRecords = posts
    .map(({ record }) => record)
    .sort((a, b) => compareText(b.pubDate, a.pubDate) || compareText(a.id, b.id));
  const data: SiteData<string> = {
    site: settings.info,
    tags: tags.sort((a, b) => compareText(a.name, b.name)),
    posts: postRecords,
    bodies: new MarkdownBodies(new Map(posts.map(({ record, body }) => [record.id, body]))),
    series: seriesRecords.sort(
      (a, b) => a.order - b.order || compareText(a.slug, b.slug) || compareText(a.lang, b.lang),
    ),
    decks: decks
      .map(({ record }) => record)
      .sort(
        (a, b) =>
          compareText(b.pubDate, a.pubDate) || compareText(a.slug, b.slug) || compareText(a.lang, b.lang),
      ),
    pages: pages
      .map(({ record }) => record)
      .sort((a, b) => compareText(a.lang, b.lang) || compareText(a.slug, b.slug)),
    gone: gonePaths(gone.paths, report),
    redirects: settings.redirects,
    deprecations: settings.deprecations,
    robots: settings.robots,
  };
  placeInSeries(data);
  return { data, layout, report, media, postFiles: new Map(posts.map(({ file, record }) => [record, file])) };
}

/** The collection folders Folio reads; another top-level folder is named in the summary. */
const READ_FOLDERS = new Set(['blog', 'slides', 'series', 'tags', PAGES_FOLDER, AUTHORS_FOLDER, 'public']);

function noteUnreadFolders(reader: ContentReader): void {
  for (const path of reader.paths) {
    const folder = path.slice(0, Math.max(0, path.indexOf('/')));
    if (folder === '' || folder.startsWith('_') || READ_FOLDERS.has(folder)) continue;
    reader.report.unreadFolders.set(folder, (reader.report.unreadFolders.get(folder) ?? 0) + 1);
  }
}

/** Each chapter's place in its series: its reading position, the number of chapters, the series' title. */
function placeInSeries(data: SiteData<string>): void {
  for (const series of data.series) {
    const chapters = chaptersOf(data as SiteData, series as SeriesRecord);
    chapters.forEach((post, i) => {
      post.seriesCurrent = i + 1;
      post.seriesTotal = chapters.length;
      post.seriesTitle = series.title;
    });
  }
}

/** Splits front matter, taking the YAML of a prepared post file as it was read then. */
function preparedSplitter(prepared: PreparedPosts | undefined): FrontMatterSplitter {
  return (text, file) => {
    const frontMatter = prepared?.get(file)?.frontMatter;
    return splitFrontMatter(text, frontMatter && (() => frontMatter));
  };
}

/** The size of a hero image published by the site, when its file states one. */
function sizeOf({ imageSize }: CompileOptions, image: string | null): { heroSize?: ImageSize } {
  const size = image?.startsWith('/') ? imageSize?.(decodedPath(image)) : undefined;
  return size ? { heroSize: size } : {};
}

const seriesWithPostsIn = (posts: FromFile<PostRecord<string>>[]) =>
  new Set(posts.map(({ record }) => `${record.lang} ${record.series}`));

/**
 * A hero image as pages and records show it: a site path or URL as written, a file beside the
 * entry at its published URL. A site path the public folder does not have (every one, when the
 * site has no public folder) is reported as missing, at the line of the field.
 */
function heroImageOf(context: Context, file: string, value: string | undefined) {
  const { reader, options, heroReferences } = context;
  if (value === undefined) return null;
  const line = reader.fieldLine(file, 'heroImage', value);
  if (isRelativeReference(value)) {
    const path = contentPathOf(file, value);
    heroReferences.push({ file, line, ref: value, path });
    return path === null ? value : (options.mediaUrl ?? mediaUrl)(path);
  }
  if (value.startsWith('/') && options.publicFiles && !options.publicFiles.has(decodedPath(value)))
    missingHeroImage(context, { file, line, target: value }, 'a file of the public folder');
  return value;
}

function decodedPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** A file an entry refers to that is not there: a problem with --strict, else a warning in the summary. */
function missingFile(reader: ContentReader, missing: MissingFile, field: string, expected: string) {
  const { file, line, target } = missing;
  if (reader.strict) reader.problem(file, field, expected, JSON.stringify(target), line);
  else reader.report.missingFiles.push(missing);
}

/**
 * A hero image that is no file of the site: a problem, unless site.yaml allows it, when it is a
 * missing file like any other.
 */
function missingHeroImage(
  { reader, allowMissingHeroImages }: Context,
  missing: MissingFile,
  expected: string,
) {
  if (allowMissingHeroImages) return missingFile(reader, missing, 'heroImage', expected);
  const { file, line, target } = missing;
  const allowed = `${expected} (allowMissingHeroImages: true in site.yaml makes it a warning)`;
  reader.problem(file, 'heroImage', allowed, JSON.stringify(target), line);
}

/**
 * The files beside entries that published entries refer to; each reference to a file that is not
 * there is reported once.
 */
function publishedMedia(context: Context): string[] {
  const { reader, options, heroReferences } = context;
  const { mediaFiles } = options;
  if (!mediaFiles) return [];
  const unpublished = new Set(reader.report.skipped.map((entry) => entry.file));
  const media = new Set<string>();
  const references = [
    ...reader.mediaReferences.map((reference) => ({ reference, field: 'image' })),
    ...heroReferences.map((reference) => ({ reference, field: 'heroImage' })),
  ];
  const expected = 'a file that exists, relative to this file';
  for (const { reference, field } of references) {
    const { file, line, ref, path } = reference;
    if (unpublished.has(file)) continue;
    if (path !== null && mediaFiles.has(path)) media.add(path);
    else if (field === 'heroImage') missingHeroImage(context, { file, line, target: ref }, expected);
    else missingFile(reader, { file, line, target: ref }, field, expected);
  }
  return [...media].sort(compareText);
}

function compilePost(
  context: Context,
  entry: EntryFile,
): { record: PostRecord<string>; body: string; related: RelatedNames } | undefined {
  const { reader, options, pathOf, tiers } = context;
  const { file, lang, date, slug } = entry;
  const parsed = reader.entry(file, postSchema);
  if (!parsed || !matchesFileDate(reader, entry, parsed.data.pubDate)) return undefined;
  const { data, body } = parsed;
  if (!isPublished(reader, file, data.draft, data.pubDate, options.now)) return undefined;
  const path = pathOf(lang, 'blog', slug);
  const targets = options.prepared?.get(file)?.targets ?? bodyLinkTargets(body);
  reader.report.links.push(...siteLinks(file, reader.written(file), targets, path));
  const heroImage = heroImageOf(context, file, data.heroImage);
  const record: PostRecord<string> = {
    id: `${lang}/${date}_${slug}`,
    slug,
    lang,
    title: data.title,
    description: data.description,
    pubDate: data.pubDate.iso,
    updatedDate: data.updatedDate ?? null,
    allTags: data.tags,
    ...splitByTier(data.tags, tiers),
    heroImage,
    ...sizeOf(options, heroImage),
    series: data.series ?? null,
    seriesOrder: data.seriesOrder ?? null,
    seriesCurrent: null,
    seriesTotal: null,
    seriesTitle: null,
    keywords: data.keywords,
    relatedPosts: [],
    relatedSlides: [],
    author: data.author === undefined ? null : postAuthor(context, file, data.author),
    path,
  };
  return { record, body, related: data };
}

/**
 * The author a post's `author` names: one of the authors collection, by slug or name; without a
 * collection, the name as written. A name the collection does not hold is a warning naming the
 * file, field and value (a problem with --strict), and the post keeps the blog's author.
 */
function postAuthor({ reader, authors }: Context, file: string, named: string): SiteAuthor | null {
  if (authors.length === 0) return { name: named, url: null, sameAs: [] };
  const found = namedAuthor(authors, named);
  if (found) return found.author;
  const line = reader.fieldLine(file, 'author', named);
  const expected = `an author of the authors collection (${authors.map((one) => one.slug).join(', ')})`;
  if (reader.strict) reader.problem(file, 'author', expected, JSON.stringify(named), line);
  else reader.report.unknownRelated.push({ file, line, field: 'author', target: named, expected });
  return null;
}

function compileDeck(
  context: Context,
  entry: EntryFile,
): { record: DeckRecord<string>; related: RelatedNames } | undefined {
  const { reader, options, pathOf } = context;
  const { file, lang, slug } = entry;
  const parsed = reader.entry(file, deckSchema);
  if (!parsed || !matchesFileDate(reader, entry, parsed.data.pubDate)) return undefined;
  const { data, body } = parsed;
  if (!isPublished(reader, file, data.draft, data.pubDate, options.now)) return undefined;
  const record: DeckRecord<string> = {
    slug,
    lang,
    title: data.title,
    description: data.description,
    pubDate: data.pubDate.iso,
    heroImage: heroImageOf(context, file, data.heroImage),
    type: data.type,
    externalUrl: data.type === 'external' ? data.externalUrl : null,
    provider: data.provider ?? null,
    eventName: data.eventName ?? null,
    eventDate: data.eventDate ?? null,
    eventUrl: data.eventUrl ?? null,
    updatedDate: data.updatedDate ?? null,
    relatedPosts: [],
    relatedSlides: [],
    path: pathOf(lang, 'talks', slug),
    ...nativeDeck(data.type, body),
  };
  return { record, related: data };
}

/** A native deck's slides rendered, and their Markdown at the page's heading levels; an external deck's text as written. */
function nativeDeck(type: DeckRecord['type'], body: string): Pick<DeckRecord, 'body' | 'html'> {
  if (type !== 'native') return { body, html: '' };
  const { html, markdown } = renderDeck(body);
  return { body: markdown, html };
}

function seriesRecord(context: Context, series: SeriesText): SeriesRecord<string> {
  const { file, body, ...rest } = series;
  return {
    ...rest,
    heroImage: heroImageOf(context, file, series.heroImage ?? undefined),
    path: context.pathOf(series.lang, 'series', series.slug),
    body,
    html: renderMarkdown(body),
  };
}

/** A post's flat tag list split by tier; a tag missing from the taxonomy is primary. */
function splitByTier(tags: readonly string[], tiers: ReadonlyMap<string, TagTier>) {
  const inTier = (tier: TagTier) => tags.filter((tag) => (tiers.get(tag) ?? 'primary') === tier);
  return { tags: inTier('primary'), topics: inTier('secondary'), subtopics: inTier('subtopic') };
}

/** A series file that exists but has problems is reported on its own, not again here. */
function checkSeriesFile(
  reader: ContentReader,
  layout: LayoutReader,
  { file, lang }: EntryFile,
  slug: string,
) {
  const path = layout.seriesPath(lang, slug);
  if (reader.has(`${path}.md`) || reader.has(`${path}.mdx`)) return;
  reader.problem(file, 'series', `a series with a file ${path}.md`, JSON.stringify(slug));
}

function matchesFileDate(reader: ContentReader, { file, date }: EntryFile, pubDate: ParsedDate): boolean {
  if (pubDate.day === date) return true;
  reader.problem(file, 'pubDate', `the date in the file name (${date})`, pubDate.day);
  return false;
}

function isPublished(
  reader: ContentReader,
  file: string,
  draft: boolean,
  pubDate: ParsedDate,
  now: Date,
): boolean {
  const reason = draft ? 'draft' : pubDate.iso > now.toISOString() ? 'future' : undefined;
  if (reason) reader.report.skipped.push({ file, reason, pubDate: pubDate.iso });
  return reason === undefined;
}

/** One published entry per slug and language; a second names the first. */
function checkUnique(
  reader: ContentReader,
  entries: FromFile<{ lang: string; slug: string }>[],
  kind: string,
) {
  const seen = new Map<string, string>();
  for (const { file, record } of entries) {
    const key = `${record.lang}/${record.slug}`;
    const other = seen.get(key);
    if (other) {
      reader.problem(
        file,
        '(file name)',
        `a slug no other published ${kind} in ${record.lang} uses (${other} uses it too)`,
        JSON.stringify(record.slug),
      );
    }
    seen.set(key, file);
  }
}

function checkChapterOrder(reader: ContentReader, posts: FromFile<PostRecord<string>>[]) {
  const seen = new Map<string, string>();
  for (const { file, record } of posts) {
    if (record.series === null || record.seriesOrder === null) continue;
    const key = `${record.lang}/${record.series}/${record.seriesOrder}`;
    const other = seen.get(key);
    if (other) {
      reader.problem(
        file,
        'seriesOrder',
        `a position not already taken in the series ${record.series} (${other} has it)`,
        String(record.seriesOrder),
      );
    }
    seen.set(key, file);
  }
}
