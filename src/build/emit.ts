/**
 * The build's last step: every GET body of the service, exactly as served, written through a sink
 * (a folder, or memory in the tests), and the manifest the run time needs beside them. BASE_URL
 * and the quota are inputs here: nothing is assembled at run time. This module says what is
 * written; how a body reaches the sink (in parts, compressed, as it grows) is src/build/body-sink.ts's.
 */
import {
  bodyKey,
  ERROR_STATUSES,
  type ErrorStatus,
  errorPageKey,
  KEY_SET_KEY,
  LIMIT_MAX,
  LIST_HEAD_SUFFIX,
  type ListFacts,
  MANIFEST_FORMAT,
  MANIFEST_KEY,
  type Manifest,
  MCP_TOOLS_KEY,
  pageFileKey,
  SLOTS,
} from '../core/deployment.ts';
import { MARKDOWN_TYPE, TEXT_TYPE, XML_TYPE } from '../core/media-types.ts';
import { markdownTwinPath } from '../core/paths.ts';
import { contentUsage, usageOf } from '../core/usage.ts';
import type { ApiEndpoint } from './api/catalogue.ts';
import { deprecationHeaders } from './api/deprecation.ts';
import type { RateLimitPolicy } from './api/index-document.ts';
import { tagsInUse } from './api/records.ts';
import { createApiResources } from './api/resources.ts';
import type { BesideSite } from './beside.ts';
import {
  type BodySizes,
  bodySink,
  type Sink,
  type StaticFile,
  type WholeSink,
  writePieces,
} from './body-sink.ts';
import type { Lang, SiteData } from './data/types.ts';
import { goneCheck } from './gone-check.ts';
import { instructionsFor } from './instructions.ts';
import { toolDescriptors } from './mcp/descriptors.ts';
import { readingBodies } from './mcp/reading.ts';
import { SerializedList } from './prerender.ts';
import {
  type SearchFile,
  type SearchIndexer,
  type SearchIndexes,
  searchIndexFiles,
  streamedDocuments,
} from './search-index.ts';
import { type Collision, collisionsWith } from './site/collisions.ts';
import { llmsFullWriter } from './site/llms-full.ts';
import type { SitemapLimits } from './site/sitemaps.ts';
import { type PageBodies, type PageRenderer, siteBodies } from './site-bodies.ts';

export interface EmitOptions {
  baseUrl: string;
  policy: RateLimitPolicy;
  /** Indexes the posts for MCP search while the pages are made (by default on this thread, first). */
  indexSearch?: SearchIndexer;
  /** Renders each page (by default, afresh). */
  renderPage?: PageRenderer;
  /** Filled with the path of every page, twin, document and file written (for the link check). */
  published?: Set<string>;
  /** Above what size a body is streamed, and the size of its parts (smaller in the tests). */
  sizes?: BodySizes;
  /** Where each language's llms-full.txt is cut into parts (LLMS_FULL_PART_BYTES unless a test sets another). */
  llmsFullPartBytes?: number;
  /** Where sitemaps are split (smaller in the tests). */
  sitemapLimits?: SitemapLimits;
  /** The site's static files, published at their paths. */
  staticFiles?: readonly StaticFile[];
  /** Told each path where a static file and a body of Folio's meet, and whose is served. */
  noteCollision?: (collision: Collision) => void;
  /** The API's catalogue: the project's unless a caller's (a test's endpoint added to it). */
  endpoints?: readonly ApiEndpoint[];
  /** Beside a built site: its pages are served in place of Folio's theme pages (`staticFiles` are its other files). */
  beside?: BesideSite;
}

const json = (value: unknown) => JSON.stringify(value);

export async function emitDeployment(data: SiteData, options: EmitOptions, output: Sink): Promise<Manifest> {
  const bodies = bodySink(output, options.sizes);
  const sink = bodies.write;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = createApiResources(data, baseUrl, options.policy, options.endpoints);
  const gone = goneCheck(data.gone);
  const published = (path: string) => {
    options.published?.add(path);
    gone.published(path);
  };
  const write = async (path: string, body: Uint8Array | string) => {
    published(path);
    return sink(bodyKey(path) as string, body);
  };
  const staticFiles = options.staticFiles ?? [];
  const { beside } = options;
  const owners = collisionsWith(
    [...staticFiles.map((file) => file.path), ...(beside?.pages.map(({ path }) => path) ?? [])],
    options.noteCollision ?? (() => {}),
    beside && { folder: beside.folder, folioServes: beside.folioServes },
  );
  const sitePages = new Map(beside?.pages.map((page) => [page.path, page]));
  /**
   * Beside a built site, Folio's pages are only the API's portal and the page of a post the site
   * has none for (so every post's URL is a page). Its twins: those of the site's pages with a
   * source, and every one where the site has no page (a series', a tag's: the MCP resources and
   * llms.txt name them).
   */
  const pageWritten = ({ path, kind, post }: PageBodies) =>
    !beside || ((kind === 'portal' || (post !== null && !sitePages.has(path))) && owners.folioWrites(path));
  const twinWritten = (page: PageBodies) => {
    if (pageWritten(page)) return true;
    const own = sitePages.get(page.path);
    return own === undefined ? page.kind !== 'portal' : page.kind === 'entry' && own.ownTwin === undefined;
  };
  const indexSearch = options.indexSearch ?? searchIndexFiles;
  const search = writingAsMade(indexSearch(streamedDocuments(data, baseUrl)), sink);
  /** A body published at `path` and written as it grows. */
  const growingAt = (path: string) => {
    published(path);
    return bodies.growing(bodyKey(path) as string);
  };
  try {
    await write('/api/index.json', api.index.body().bytes);
    const lists: Record<string, ListFacts> = {};
    for (const [operationId, list] of api.posts) {
      const path = api.listPath(operationId);
      const serialized = new SerializedList(list.items(), LIMIT_MAX);
      const body = growingAt(path);
      for (const chunk of serialized.chunks()) await body.add(chunk);
      await body.end();
      await write(path + LIST_HEAD_SUFFIX, serialized.head());
      lists[path] = { total: serialized.total, ends: serialized.ends };
    }
    for (const { path, resource } of api.documents()) await write(path, resource.body().bytes);

    const site = siteBodies(data, {
      baseUrl,
      policy: options.policy,
      api,
      ...(options.renderPage && { renderPage: options.renderPage }),
      ...(options.sitemapLimits && { sitemapLimits: options.sitemapLimits }),
      ...(beside && { sitemapPages: beside.pages.map((page) => page.sitemap) }),
    });
    const everyPostInFull = llmsFullWriter(data, baseUrl, {
      open: growingAt,
      folioWrites: owners.folioWrites,
      ...(options.llmsFullPartBytes && { partBytes: options.llmsFullPartBytes }),
    });
    const twinned = new Set<string>();
    /** The twin of a post whose page is the site's elsewhere, at Folio's path too: its MCP resource's URI. */
    const resourceTwins = new Map(
      data.posts.flatMap((post) =>
        post.resourcePath ? [[post.path, markdownTwinPath(post.resourcePath)]] : [],
      ),
    );
    for (const page of site.pages()) {
      if (pageWritten(page)) {
        published(page.path);
        await sink(pageFileKey(bodyKey(page.path) as string), page.html);
      }
      const resourceTwin = resourceTwins.get(page.path);
      if (resourceTwin) await write(resourceTwin, page.markdown);
      if (!twinWritten(page)) continue;
      await write(page.twinPath, page.markdown);
      twinned.add(page.path);
      if (page.post) await everyPostInFull.add(page.post, page.markdown);
    }
    const fullParts = await everyPostInFull.end();
    for (const page of beside?.pages ?? []) {
      if (!owners.ownerPublishes(page.path)) continue;
      published(page.path);
      await bodies.fileAt(pageFileKey(bodyKey(page.path) as string), page.html);
      if (twinned.has(page.path)) continue;
      const twinPath = markdownTwinPath(page.path);
      published(twinPath);
      if (page.ownTwin) await bodies.fileAt(bodyKey(twinPath) as string, page.ownTwin);
      else await sink(bodyKey(twinPath) as string, page.converted());
    }
    const folioDocuments = Object.entries(site.documents(fullParts)).filter(([path]) =>
      owners.folioWrites(path),
    );
    for (const [path, document] of folioDocuments) await write(path, document.text);
    for (const [path, text] of site.feeds()) if (owners.folioWrites(path)) await write(path, text);
    const sitemaps = await writePieces(
      filtered(site.sitemaps(), ({ path }) => owners.folioWrites(path)),
      growingAt,
    );
    const sitemapText: string[] = [];
    for (const { path, text } of filtered(site.sitemapText(), ({ path }) => owners.folioWrites(path))) {
      await write(path, text);
      sitemapText.push(path);
    }
    for (const lang of data.site.languages) {
      for (const status of ERROR_STATUSES) {
        const page = site.errorPage(lang, status as ErrorStatus, SLOTS.path, SLOTS.method);
        for (const [format, text] of Object.entries(page))
          await sink(errorPageKey(lang, status, format as keyof typeof page), text);
      }
    }

    for (const file of staticFiles.filter(({ path }) => owners.ownerPublishes(path))) {
      await bodies.staticFile(file);
      published(file.path);
    }
    gone.check();

    await sink(MCP_TOOLS_KEY, json({ tools: toolDescriptors(data.site.languages) }));
    for (const [key, text] of readingBodies(data, baseUrl)) await sink(key, text);
    await search.done;

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      baseUrl,
      siteName: data.site.name,
      languages: [...data.site.languages],
      policy: options.policy,
      gone: [...data.gone],
      redirects: { ...data.redirects },
      endpoints: api.endpoints.map(({ operationId, pathTemplate, isPostIndex }) => ({
        operationId,
        pathTemplate,
        isPostIndex,
      })),
      deprecations: Object.fromEntries(deprecationHeaders(data.deprecations, baseUrl)),
      lists,
      documents: {
        ...Object.fromEntries([...fullParts.values()].flat().map(({ path }) => [path, { type: TEXT_TYPE }])),
        ...Object.fromEntries(sitemapText.map((path) => [path, { type: MARKDOWN_TYPE }])),
        ...Object.fromEntries(sitemaps.map((path) => [path, { type: XML_TYPE }])),
        ...Object.fromEntries(
          folioDocuments.map(([path, { type, link }]) => [path, link ? { type, link } : { type }]),
        ),
      },
      contentUsage: contentUsage(usageOf(data.site)),
      pageLinks: site.pageLinks,
      headers: beside?.headers ?? {},
      streamed: bodies.streamed,
      mcp: {
        title: data.site.name,
        instructions: instructionsFor(data),
        tags: Object.fromEntries(data.site.languages.map((lang: Lang) => [lang, [...tagsInUse(data, lang)]])),
      },
    };
    await output(KEY_SET_KEY, bodies.keySet());
    await output(MANIFEST_KEY, json(manifest));
    return manifest;
  } catch (error) {
    // No write of the index comes after a failure: the caller removes what was written.
    await search.stop();
    throw error;
  }
}

/** The items of `items` that `keep` keeps, as they come. */
function* filtered<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item;
}

/**
 * Writes each language's index files as soon as they are made, rather than holding them until the
 * other bodies are written; `done` fails with the index's failure. `stop` lets the write under way
 * end and writes nothing after it.
 */
function writingAsMade(indexes: SearchIndexes, sink: WholeSink) {
  let stopped = false;
  let writes = Promise.resolve();
  const writeAll = async (files: readonly SearchFile[]) => {
    for (const [key, bytes] of files) if (!stopped) await sink(key, bytes);
  };
  const done = Promise.all(
    Object.values(indexes).map(async (files) => {
      const made = await files;
      writes = writes.then(() => writeAll(made));
      await writes;
    }),
  );
  // Its failure is thrown where `done` is awaited, once the other bodies are written.
  done.catch(() => {});
  return {
    done,
    async stop() {
      stopped = true;
      await writes.catch(() => {});
    },
  };
}
