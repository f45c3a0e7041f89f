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
} from '../core/deployment.ts';
import { PATHS } from '../core/paths.ts';
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
import { TEXT_TYPE } from './site/representation.ts';
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
}

const encoder = new TextEncoder();
const json = (value: unknown) => JSON.stringify(value);

export async function emitDeployment(
  data: SiteData,
  options: EmitOptions,
  wholeSink: Sink,
): Promise<Manifest> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const parts: Record<string, number> = {};
  const sink = splitting(wholeSink, parts);
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
  const everyPostInFull = growingBody(wholeSink, parts, bodyKey(PATHS.llmsFullTxt) as string);
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
    parts,
    mcp: {
      title: data.site.name,
      instructions: instructionsFor(data),
      tags: Object.fromEntries(data.site.languages.map((lang: Lang) => [lang, tagsInUse(data, lang)])),
    },
  };
  await sink(MANIFEST_KEY, json(manifest));
  return manifest;
}

/**
 * A body written as it grows: kept whole while it fits in PART_BYTES, else written part by part
 * as each fills, so even llms-full.txt of a very large blog is never whole in memory. `parts`
 * notes how many parts each parted body has.
 */
function growingBody(sink: Sink, parts: Record<string, number>, key: string) {
  let pending: Uint8Array[] = [];
  let size = 0;
  let written = 0;
  const writePart = async () => {
    await sink(partKey(key, written++), concatBytes(pending));
    pending = [];
    size = 0;
  };
  return {
    async add(text: Uint8Array | string) {
      let bytes = typeof text === 'string' ? encoder.encode(text) : text;
      while (size + bytes.byteLength > PART_BYTES) {
        const room = PART_BYTES - size;
        pending.push(bytes.subarray(0, room));
        await writePart();
        bytes = bytes.subarray(room);
      }
      pending.push(bytes);
      size += bytes.byteLength;
    },
    async end() {
      if (written === 0) return sink(key, concatBytes(pending));
      if (size > 0) await writePart();
      parts[key] = written;
    },
  };
}

/** A sink that writes each body over PART_BYTES in parts. */
function splitting(sink: Sink, parts: Record<string, number>): Sink {
  return async (key, body) => {
    if (typeof body === 'string' ? body.length * 3 <= PART_BYTES : body.byteLength <= PART_BYTES)
      return sink(key, body);
    const whole = growingBody(sink, parts, key);
    await whole.add(body);
    await whole.end();
  };
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
