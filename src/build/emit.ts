/**
 * The build's last step: every GET body of the service, exactly as served, written through a sink
 * (a folder, or memory in the tests), and the manifest the run time needs beside them. BASE_URL
 * and the quota are inputs here: nothing is assembled at run time.
 */

import { concatBytes } from '../core/bytes.ts';
import {
  bodyKey,
  ERROR_STATUSES,
  type ErrorStatus,
  errorPageKey,
  LIMIT_MAX,
  LIST_HEAD_SUFFIX,
  type ListFacts,
  MANIFEST_FORMAT,
  MANIFEST_KEY,
  type Manifest,
  MCP_TOOLS_KEY,
  PART_BYTES,
  pageFileKey,
  partKey,
  SLOTS,
  STREAM_BYTES,
  type StreamedFacts,
} from '../core/deployment.ts';
import { PATHS } from '../core/paths.ts';
import { etagHasher } from '../http/etag.ts';
import { TEXT_TYPE } from '../http/media-types.ts';
import { deprecationHeaders } from './api/deprecation.ts';
import type { RateLimitPolicy } from './api/index-document.ts';
import { tagsInUse } from './api/records.ts';
import { createApiResources } from './api/resources.ts';
import type { Lang, SiteData } from './data/types.ts';
import { instructionsFor } from './instructions.ts';
import { toolDescriptors } from './mcp/descriptors.ts';
import type { PrerenderedList } from './prerender.ts';
import { type SearchIndexer, searchDocuments, searchIndexFiles } from './search-index.ts';
import { llmsFullHeader } from './site/llms.ts';
import { type PageRenderer, siteBodies } from './site-bodies.ts';

/** Where the bodies go: a key (src/core/deployment.ts) and its bytes. */
export type Sink = (key: string, body: Uint8Array | string) => void | Promise<void>;

export interface EmitOptions {
  baseUrl: string;
  policy: RateLimitPolicy;
  /** Indexes the posts for MCP search while the pages are made (by default on this thread, first). */
  indexSearch?: SearchIndexer;
  /** Renders each page (by default, afresh). */
  renderPage?: PageRenderer;
  /** Above what size a body is streamed, and the size of its parts (smaller in the tests). */
  sizes?: BodySizes;
}

export interface BodySizes {
  stream: number;
  part: number;
}

const SIZES: BodySizes = { stream: STREAM_BYTES, part: PART_BYTES };

const encoder = new TextEncoder();
const json = (value: unknown) => JSON.stringify(value);

export async function emitDeployment(
  data: SiteData,
  options: EmitOptions,
  wholeSink: Sink,
): Promise<Manifest> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const streamed: Record<string, StreamedFacts> = {};
  const sizes = options.sizes ?? SIZES;
  const sink = splitting(wholeSink, streamed, sizes);
  const api = createApiResources(data, baseUrl, options.policy);
  const write = async (path: string, body: Uint8Array | string) => sink(bodyKey(path) as string, body);
  const indexSearch = options.indexSearch ?? searchIndexFiles;
  const searchIndexes = indexSearch(searchDocuments(data.posts, data.site.languages, baseUrl));

  await write('/api/index.json', api.index.body().bytes);
  const lists: Record<string, ListFacts> = {};
  for (const [operationId, list] of api.posts) {
    const path = api.urls(operationId)[0]!.slice(baseUrl.length);
    const body = list.body();
    await write(path, body.bytes);
    await write(path + LIST_HEAD_SUFFIX, listHead(body));
    lists[path] = { total: body.ends.length, ends: [...body.ends.subarray(0, LIMIT_MAX)] };
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
  });
  const everyPostInFull = growingBody(wholeSink, streamed, bodyKey(PATHS.llmsFullTxt) as string, sizes);
  await everyPostInFull.add(llmsFullHeader(data));
  for (const page of site.pages()) {
    await sink(pageFileKey(bodyKey(page.path) as string), page.html);
    await write(page.twinPath, page.markdown);
    if (page.post) await everyPostInFull.add(`\n${page.markdown}`);
  }
  await everyPostInFull.end();
  for (const [path, document] of Object.entries(site.documents)) await write(path, document.text);
  for (const lang of data.site.languages) {
    for (const status of ERROR_STATUSES) {
      const page = site.errorPage(lang, status as ErrorStatus, SLOTS.path, SLOTS.method);
      for (const [format, text] of Object.entries(page))
        await sink(errorPageKey(lang, status, format as keyof typeof page), text);
    }
  }

  await sink(MCP_TOOLS_KEY, json({ tools: toolDescriptors(data.site.languages) }));
  for (const files of Object.values(await searchIndexes))
    for (const [key, text] of files) await sink(key, text);

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    baseUrl,
    siteName: data.site.name,
    languages: [...data.site.languages],
    policy: options.policy,
    gone: [...data.gone],
    deprecations: Object.fromEntries(deprecationHeaders(data.deprecations, baseUrl)),
    lists,
    documents: {
      [PATHS.llmsFullTxt]: { type: TEXT_TYPE },
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
  await sink(MANIFEST_KEY, json(manifest));
  return manifest;
}

/**
 * A body written as it grows: kept whole while it fits in `sizes.stream`, else written part by
 * part as each fills and hashed on the way, so even llms-full.txt of a very large blog is never
 * whole in memory. `streamed` gets the facts of each body written in parts.
 */
function growingBody(sink: Sink, streamed: Record<string, StreamedFacts>, key: string, sizes: BodySizes) {
  const hasher = etagHasher();
  let pending: Uint8Array[] = [];
  let size = 0;
  let bytes = 0;
  let textLength = 0;
  let written = 0;
  const writePart = async () => {
    await sink(partKey(key, written++), concatBytes(pending));
    pending = [];
    size = 0;
  };
  return {
    async add(text: Uint8Array | string) {
      let chunk = typeof text === 'string' ? encoder.encode(text) : text;
      textLength += typeof text === 'string' ? text.length : utf16Length(text);
      bytes += chunk.byteLength;
      hasher.update(chunk);
      while (size + chunk.byteLength > sizes.part) {
        const room = sizes.part - size;
        pending.push(chunk.subarray(0, room));
        await writePart();
        chunk = chunk.subarray(room);
      }
      pending.push(chunk);
      size += chunk.byteLength;
    },
    async end() {
      if (written === 0 && size <= sizes.stream) return sink(key, concatBytes(pending));
      if (size > 0) await writePart();
      streamed[key] = { parts: written, bytes, etag: hasher.etag(), textLength };
    },
  };
}

/** A sink that streams each body over `sizes.stream`: written in parts, with its facts noted. */
function splitting(sink: Sink, streamed: Record<string, StreamedFacts>, sizes: BodySizes): Sink {
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

/** The first LIMIT_MAX elements of a list as a JSON array: what every `limit` is sliced from. */
function listHead(list: PrerenderedList): Uint8Array {
  if (list.ends.length <= LIMIT_MAX) return list.bytes;
  const end = list.ends[LIMIT_MAX - 1] as number;
  const head = new Uint8Array(end + 1);
  head.set(list.bytes.subarray(0, end));
  head[end] = encoder.encode(']')[0] as number;
  return head;
}
