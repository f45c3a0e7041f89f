/**
 * The build's last step: every GET body of the service, exactly as served, written through a sink
 * (a folder, or memory in the tests), and the manifest the run time needs beside them. BASE_URL
 * and the quota are inputs here: nothing is assembled at run time.
 */

import { once } from 'node:events';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { concatBytes, type Pieces } from '../core/bytes.ts';
import {
  bodyKey,
  ENCODINGS,
  type Encoding,
  ERROR_STATUSES,
  type ErrorStatus,
  encodedKey,
  errorPageKey,
  KEY_SET_KEY,
  LIMIT_MAX,
  LIST_HEAD_SUFFIX,
  type ListFacts,
  MANIFEST_FORMAT,
  MANIFEST_KEY,
  type Manifest,
  MCP_TOOLS_KEY,
  PART_BYTES,
  type PartedFacts,
  pageFileKey,
  partKey,
  SLOTS,
  STREAM_BYTES,
  type StreamedFacts,
  staticFileKey,
} from '../core/deployment.ts';
import { etagHasher } from '../core/etag.ts';
import { keyHash, keySetBytes } from '../core/key-set.ts';
import { MARKDOWN_TYPE, TEXT_TYPE, XML_TYPE } from '../core/media-types.ts';
import { PATHS } from '../core/paths.ts';
import { staticTypeOf } from '../core/static-types.ts';
import { deprecationHeaders } from './api/deprecation.ts';
import type { RateLimitPolicy } from './api/index-document.ts';
import { tagsInUse } from './api/records.ts';
import { createApiResources } from './api/resources.ts';
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
import { llmsFullHeader } from './site/llms.ts';
import type { SitemapLimits } from './site/sitemaps.ts';
import { type PageRenderer, siteBodies } from './site-bodies.ts';

/** Where the bodies go: a key (src/core/deployment.ts) and its bytes (a streamed body's part in pieces). */
export type Sink = (key: string, body: Uint8Array | string | Pieces) => void | Promise<void>;
/** A sink of whole bodies. */
type WholeSink = (key: string, body: Uint8Array | string) => void | Promise<void>;

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
  /** Where sitemaps are split (smaller in the tests). */
  sitemapLimits?: SitemapLimits;
  /** The site's static files, published at their paths. */
  staticFiles?: readonly StaticFile[];
}

/** A file published as it is: its URL path and its bytes, read in chunks so a large one is never whole. */
export interface StaticFile {
  path: string;
  chunks(): AsyncIterable<Uint8Array>;
}

export interface BodySizes {
  stream: number;
  part: number;
}

const SIZES: BodySizes = { stream: STREAM_BYTES, part: PART_BYTES };

const encoder = new TextEncoder();
const json = (value: unknown) => JSON.stringify(value);

export async function emitDeployment(data: SiteData, options: EmitOptions, output: Sink): Promise<Manifest> {
  const keys = recordingKeys(output);
  const wholeSink = keys.sink;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const streamed: Record<string, StreamedFacts> = {};
  const sizes = options.sizes ?? SIZES;
  const sink = splitting(turning(wholeSink), streamed, sizes);
  const api = createApiResources(data, baseUrl, options.policy);
  const gone = goneCheck(data.gone);
  const published = (path: string) => {
    options.published?.add(path);
    gone.published(path);
  };
  const write = async (path: string, body: Uint8Array | string) => {
    published(path);
    return sink(bodyKey(path) as string, body);
  };
  const indexSearch = options.indexSearch ?? searchIndexFiles;
  const search = writingAsMade(indexSearch(streamedDocuments(data, baseUrl)), sink);
  /** A body published at `path` and written as it grows. */
  const growingAt = (path: string) => {
    published(path);
    return growingBody(wholeSink, streamed, bodyKey(path) as string, sizes);
  };
  try {
    await write('/api/index.json', api.index.body().bytes);
    const lists: Record<string, ListFacts> = {};
    for (const [operationId, list] of api.posts) {
      const path = api.urls(operationId)[0]!.slice(baseUrl.length);
      const serialized = new SerializedList(list.items(), LIMIT_MAX);
      const body = growingAt(path);
      for (const chunk of serialized.chunks()) await body.add(chunk);
      await body.end();
      await write(path + LIST_HEAD_SUFFIX, serialized.head());
      lists[path] = { total: serialized.total, ends: serialized.ends };
    }
    const documents = [
      ...[...api.seriesListings].map(([key, r]) => [`/api/series/${key}index.json`, r] as const),
      ...[...api.seriesDetails].map(([key, r]) => [`/api/series/${key}.json`, r] as const),
      ...[...api.timelines].map(([key, r]) => [`/api/timeline/${pathOf(key)}.json`, r] as const),
      ...[...api.slides].map(([key, r]) => [`/api/slides-timeline/${key.slice(0, -1)}.json`, r] as const),
    ];
    for (const [path, resource] of documents) await write(path, resource.body().bytes);

    const site = siteBodies(data, {
      baseUrl,
      policy: options.policy,
      api,
      ...(options.renderPage && { renderPage: options.renderPage }),
      ...(options.sitemapLimits && { sitemapLimits: options.sitemapLimits }),
    });
    const everyPostInFull = growingAt(PATHS.llmsFullTxt);
    await everyPostInFull.add(llmsFullHeader(data));
    for (const page of site.pages()) {
      published(page.path);
      await sink(pageFileKey(bodyKey(page.path) as string), page.html);
      await write(page.twinPath, page.markdown);
      if (page.post) await everyPostInFull.add(`\n${page.markdown}`);
    }
    await everyPostInFull.end();
    for (const [path, document] of Object.entries(site.documents)) await write(path, document.text);
    for (const [path, text] of site.feeds()) await write(path, text);
    const sitemaps = await writePieces(site.sitemaps(), growingAt);
    const sitemapText = growingAt(PATHS.sitemapMarkdown);
    for (const piece of site.sitemapText()) await sitemapText.add(piece);
    await sitemapText.end();
    for (const lang of data.site.languages) {
      for (const status of ERROR_STATUSES) {
        const page = site.errorPage(lang, status as ErrorStatus, SLOTS.path, SLOTS.method);
        for (const [format, text] of Object.entries(page))
          await sink(errorPageKey(lang, status, format as keyof typeof page), text);
      }
    }

    for (const file of options.staticFiles ?? []) {
      await writeStaticFile(wholeSink, streamed, file, sizes);
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
      deprecations: Object.fromEntries(deprecationHeaders(data.deprecations, baseUrl)),
      lists,
      documents: {
        [PATHS.llmsFullTxt]: { type: TEXT_TYPE },
        [PATHS.sitemapMarkdown]: { type: MARKDOWN_TYPE },
        ...Object.fromEntries(sitemaps.map((path) => [path, { type: XML_TYPE }])),
        ...Object.fromEntries(
          Object.entries(site.documents).map(([path, { type, link }]) => [
            path,
            link ? { type, link } : { type },
          ]),
        ),
      },
      pageLinks: site.pageLinks,
      streamed,
      mcp: {
        title: data.site.name,
        instructions: instructionsFor(data),
        tags: Object.fromEntries(data.site.languages.map((lang: Lang) => [lang, [...tagsInUse(data, lang)]])),
      },
    };
    await output(KEY_SET_KEY, keys.keySet());
    await output(MANIFEST_KEY, json(manifest));
    return manifest;
  } catch (error) {
    // No write of the index comes after a failure: the caller removes what was written.
    await search.stop();
    throw error;
  }
}

/** The sink with the key of every body written through it recorded, and the key set of those keys. */
function recordingKeys(sink: Sink): { sink: Sink; keySet: () => Uint8Array } {
  const hashes: number[] = [];
  return {
    sink(key, body) {
      hashes.push(keyHash(key));
      return sink(key, body);
    },
    keySet: () => keySetBytes(hashes),
  };
}

/**
 * A body written as it grows: kept whole while it fits in `sizes.stream`, else written in parts
 * (with its compressed variants) as it comes, so even llms-full.txt of a very large blog is never
 * whole in memory. `streamed` gets the facts of each body written in parts.
 */
function growingBody(
  sink: Sink,
  streamed: Record<string, StreamedFacts>,
  key: string,
  sizes: BodySizes,
  encodings: readonly Encoding[] = ENCODINGS,
) {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let textLength = 0;
  let parts: ReturnType<typeof streamedParts> | undefined;
  return {
    async add(text: Uint8Array | string) {
      const chunk = typeof text === 'string' ? encoder.encode(text) : text;
      textLength += typeof text === 'string' ? text.length : utf16Length(text);
      if (parts) return parts.add(chunk);
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (heldBytes <= sizes.stream) return;
      parts = streamedParts(sink, key, sizes.part, encodings);
      await parts.add(concatBytes(held));
      held = [];
    },
    async end() {
      if (!parts) return sink(key, concatBytes(held));
      streamed[key] = { ...(await parts.end()), textLength };
    },
  };
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

type GrowingBody = ReturnType<typeof growingBody>;

/** Bodies that come in pieces, each body's one after another: each written as it grows. Resolves to their paths. */
async function writePieces(
  pieces: Iterable<{ path: string; text: string }>,
  open: (path: string) => GrowingBody,
): Promise<string[]> {
  const paths: string[] = [];
  let body: GrowingBody | undefined;
  for (const { path, text } of pieces) {
    if (body === undefined || path !== paths.at(-1)) {
      await body?.end();
      body = open(path);
      paths.push(path);
    }
    await body.add(text);
  }
  await body?.end();
  return paths;
}

/** A streamed body's parts, and those of each of its encodings, compressed from each part as it is written. */
function streamedParts(sink: Sink, key: string, partBytes: number, encodings: readonly Encoding[]) {
  const variants = encodings.map(
    (encoding) =>
      [encoding, compressing(encoding, partWriter(sink, encodedKey(key, encoding), partBytes))] as const,
  );
  const identity = partWriter(sink, key, partBytes, async (part) => {
    for (const [, variant] of variants) for (const piece of part) await variant.write(piece);
  });
  return {
    add: identity.add,
    async end(): Promise<Omit<StreamedFacts, 'textLength'>> {
      const facts = await identity.end();
      const encoded: StreamedFacts['encoded'] = {};
      for (const [encoding, variant] of variants) encoded[encoding] = await variant.end();
      return { ...facts, encoded };
    },
  };
}

type PartWriter = ReturnType<typeof partWriter>;

/**
 * Bytes written in parts of `partBytes` as each fills, hashed on the way; `written` sees each part.
 * A part goes on in the pieces it came in, never joined into one buffer.
 */
function partWriter(
  sink: Sink,
  key: string,
  partBytes: number,
  written: (part: Pieces) => Promise<void> = async () => {},
) {
  const hasher = etagHasher();
  let pending: Uint8Array[] = [];
  let size = 0;
  let bytes = 0;
  let parts = 0;
  const writePart = async () => {
    const part = pending;
    pending = [];
    size = 0;
    await sink(partKey(key, parts++), part);
    await written(part);
  };
  return {
    async add(bytesIn: Uint8Array) {
      let chunk = bytesIn;
      bytes += chunk.byteLength;
      hasher.update(chunk);
      while (size + chunk.byteLength > partBytes) {
        const room = partBytes - size;
        pending.push(chunk.subarray(0, room));
        await writePart();
        chunk = chunk.subarray(room);
      }
      pending.push(chunk);
      size += chunk.byteLength;
    },
    async end(): Promise<PartedFacts> {
      if (size > 0) await writePart();
      return { parts, bytes, etag: hasher.etag() };
    },
  };
}

/**
 * Lower levels than the run time's (br 5, gzip 6), which compresses one small body once: the build
 * compresses every streamed body of the blog, where these levels give up about a percent of size
 * for close to half the CPU.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;
/** zlib's output chunks: four times its default, so a 20 MiB part is hashed and handed over in fewer steps. */
const CHUNK_BYTES = 64 * 1024;

const compressor = (encoding: Encoding) =>
  encoding === 'br'
    ? createBrotliCompress({
        chunkSize: CHUNK_BYTES,
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : createGzip({ chunkSize: CHUNK_BYTES, level: GZIP_LEVEL });

/**
 * A body compressed as a stream into `out`. zlib compresses on libuv's thread pool, so the bodies
 * are made meanwhile; at most one written part waits per encoding, so memory stays bounded.
 */
function compressing(encoding: Encoding, out: PartWriter) {
  const zip = compressor(encoding);
  const done = (async () => {
    for await (const chunk of zip) await out.add(chunk as Uint8Array);
    return out.end();
  })();
  // A failure is thrown by the next `write` or by `end`.
  done.catch(() => {});
  return {
    async write(part: Uint8Array) {
      if (zip.writableNeedDrain) await Promise.race([once(zip, 'drain'), done]);
      if (zip.destroyed) await done;
      zip.write(part);
    },
    end(): Promise<PartedFacts> {
      zip.end();
      return done;
    },
  };
}

/** Bodies between two turns of the event loop. */
const BODIES_PER_TURN = 256;

/**
 * A sink that lets the event loop turn every BODIES_PER_TURN bodies: a large blog's bodies take
 * minutes to make without waiting on anything, and the worker threads' replies (the search
 * index's, the file writer's) must be taken meanwhile.
 */
function turning(sink: Sink): Sink {
  let count = 0;
  return async (key, body) => {
    await sink(key, body);
    if (++count % BODIES_PER_TURN === 0) await new Promise((turned) => setImmediate(turned));
  };
}

/** A sink that streams each body over `sizes.stream`: written in parts, with its facts noted. */
function splitting(sink: Sink, streamed: Record<string, StreamedFacts>, sizes: BodySizes): WholeSink {
  return async (key, body) => {
    // A string of n UTF-16 units is at most 3n bytes of UTF-8.
    if (typeof body === 'string' ? body.length * 3 <= sizes.stream : body.byteLength <= sizes.stream)
      return sink(key, body);
    const bytes = typeof body === 'string' ? encoder.encode(body) : body;
    if (bytes.byteLength <= sizes.stream) return sink(key, body);
    const whole = growingBody(sink, streamed, key, sizes);
    await whole.add(bytes);
    await whole.end();
  };
}

/** A static file, streamed when large; compressed variants only for the formats compressing shrinks. */
async function writeStaticFile(
  sink: Sink,
  streamed: Record<string, StreamedFacts>,
  file: StaticFile,
  sizes: BodySizes,
) {
  const encodings = staticTypeOf(file.path).compressible ? ENCODINGS : [];
  const body = growingBody(sink, streamed, staticFileKey(bodyKey(file.path) as string), sizes, encodings);
  for await (const chunk of file.chunks()) await body.add(chunk);
  await body.end();
}

/** How many UTF-16 code units the UTF-8 `bytes` decode to: one per character, two past U+FFFF. */
function utf16Length(bytes: Uint8Array): number {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** `en/http` -> `en/http` with the tag percent-encoded, as its URL has it. */
function pathOf(key: string): string {
  const [lang, ...tag] = key.split('/');
  return `${lang}/${encodeURIComponent(tag.join('/'))}`;
}
