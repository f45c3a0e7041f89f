/**
 * What the build hands the run time: a folder of prerendered bodies (read through a `BodySource`)
 * and a small manifest with what the bodies alone do not say. Both the build and every runtime
 * read this file; it imports nothing.
 */

/** Where the bodies live inside the deployment folder, and the manifest's own key. */
/** The deployment folder `npm run build` writes and the self-hosted servers read; FOLIO_OUT overrides it. */
export const DEFAULT_OUT = 'dist/public';
export const BODIES_PREFIX = '/_folio';
export const MANIFEST_KEY = '/manifest.json';

/** The first elements of a post list, enough for any `limit`: served from `<path>` + HEAD_SUFFIX. */
export const LIST_HEAD_SUFFIX = '.head';
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 500;

/** A JSON array of posts: its length and the byte offsets just past each of its first elements. */
export interface ListFacts {
  total: number;
  /** `ends[i]` is the offset just past element i in the head file (at most LIMIT_MAX entries). */
  ends: number[];
}

export interface RatePolicy {
  quota: number;
  windowSeconds: number;
}

/** The statuses a redirect answers with: permanent (301, 308) or not (302, 303, 307). */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const isRedirectStatus = (status: number): status is RedirectStatus =>
  (REDIRECT_STATUSES as readonly number[]).includes(status);

/** Where an old path moved (a site path or an absolute URL), and the status that says so. */
export interface Redirect {
  to: string;
  status: RedirectStatus;
}

/** A discovery document: one type, maybe a Link header of its own. */
export interface DocumentFacts {
  type: string;
  link?: string;
}

/**
 * An API endpoint as the route table reads it: the build writes its catalogue into the manifest,
 * so an endpoint's path is written once, as its template.
 */
export interface ApiRoute {
  operationId: string;
  pathTemplate: string;
  /** Accepts `limit`: answered from the post list's facts. */
  isPostIndex: boolean;
}

/**
 * Changes whenever the manifest, or the set and places of the bodies the run time expects, does: a
 * server refuses a deployment written in another format.
 */
export const MANIFEST_FORMAT = 10;

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** The public address every absolute URL in the bodies was built with. */
  baseUrl: string;
  siteName: string;
  /** The content languages; the first serves the root pages. */
  languages: string[];
  /** The quota the prerendered documents announce, and the run time's default. */
  policy: RatePolicy;
  /** Paths removed for good (410), canonical `/api/` form for API paths. */
  gone: string[];
  /** Old site paths answered with a redirect, by path. */
  redirects: Record<string, Redirect>;
  /** The API's endpoints, in catalogue order (the search apart: it is not prerendered). */
  endpoints: ApiRoute[];
  /** Response headers of deprecated endpoints, by operationId. */
  deprecations: Record<string, Record<string, string>>;
  /** The post lists, by canonical API path. */
  lists: Record<string, ListFacts>;
  /** The discovery documents outside /api/, by path. */
  documents: Record<string, DocumentFacts>;
  /**
   * The owner's usage preferences as the Content-Usage header every page, twin, feed and API
   * answer carries (src/core/usage.ts), the same as robots.txt states.
   */
  contentUsage: string;
  /** Extra `Link` header values of pages, by path (the home pages point at the API catalog). */
  pageLinks: Record<string, string>;
  /**
   * Headers a built site's `_headers` gives its own pages and files, by path (lower-case names),
   * worked out at build time: the run time only looks a path up.
   */
  headers: Record<string, Record<string, string>>;
  /** Bodies over STREAM_BYTES, by key: written in parts and answered as streams. */
  streamed: Record<string, StreamedFacts>;
  mcp: McpFacts;
}

/** What the MCP server says beyond the bodies it reads. */
export interface McpFacts {
  title: string;
  instructions: string;
  /** Tags with a post, by language: the hint of get_posts_by_tag's "no such tag". */
  tags: Record<string, string[]>;
}

/** The content codings a streamed body is also written in (br before gzip, as clients are answered). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** A content coding an answer is sent in: one of those, or the body as it is. */
export type Coding = Encoding | 'identity';

/** A body written in parts: `partKey(key, 0)` onwards, in order. */
export interface PartedFacts {
  /** How many parts it was written in. */
  parts: number;
  /** Its length in bytes (Content-Length). */
  bytes: number;
  /** Its strong validator: what `etagOf` gives for its whole bytes. */
  etag: string;
}

/**
 * What the run time knows of a streamed body without reading it: enough for HEAD, 304 and the
 * headers of a GET, whose bytes are then read part by part.
 */
export interface StreamedFacts extends PartedFacts {
  /** Its length as text in UTF-16 code units, what a Markdown body's token estimate counts. */
  textLength: number;
  /** The body compressed at build time, each in parts under `encodedKey(key, encoding)`. */
  encoded: Partial<Record<Encoding, PartedFacts>>;
}

/**
 * Bodies larger than this are streamed, so a first answer never waits for a whole large body to be
 * read and hashed, and a server holds only the chunk being sent, never the body and a compressed
 * copy of it per coding.
 */
export const STREAM_BYTES = 1024 * 1024;
/**
 * A streamed body is written in parts of at most this size (Cloudflare serves no static file over
 * 25 MiB). `~` never ends an escape, so no body key ends so.
 */
export const PART_BYTES = 20 * 1024 * 1024;
export const partKey = (key: string, index: number) => `${key}~part${index}`;
/** Where a streamed body's compressed variant goes: no escape has a lowercase letter after `~`. */
export const encodedKey = (key: string, encoding: Encoding) => `${key}~${encoding}`;

/**
 * The folder of the bodies that are no answer of their own (the MCP bodies, the error page
 * templates): no URL path has a body key in it, since `bodyKey` writes `~` only before two
 * uppercase hex digits.
 */
export const INTERNAL_PREFIX = '/~internal';
export const MCP_TOOLS_KEY = `${INTERNAL_PREFIX}/mcp/tools.json`;
/** The set of the keys of every other body (src/core/key-set.ts), written just before the manifest. */
export const KEY_SET_KEY = `${INTERNAL_PREFIX}/keys.bin`;
/**
 * A language's MCP search index: a head and term shards (binary, src/core/search-codec.ts) and the
 * shown fields of posts in chunks (JSON).
 */
const searchKey = (lang: string, file: string) => `${INTERNAL_PREFIX}/mcp/search/${lang}/${file}`;
export const searchHeadKey = (lang: string) => searchKey(lang, 'head.bin');
export const searchTermsKey = (lang: string, shard: number) => searchKey(lang, `terms-${shard}.bin`);
export const searchPostsKey = (lang: string, chunk: number) => searchKey(lang, `posts-${chunk}.json`);
/** The posts of the `n`th tag or series of a language's head (SearchHead.filters), for filtered searches. */
export const searchFilterKey = (lang: string, kind: 'tag' | 'series', n: number) =>
  searchKey(lang, `${kind}-${n}.bin`);
export type ErrorFormat = 'html' | 'md' | 'json';
export const ERROR_STATUSES = [404, 405, 410] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];
export const errorPageKey = (lang: string, status: ErrorStatus, format: ErrorFormat) =>
  `${INTERNAL_PREFIX}/errors/${lang}/${status}.${format}`;
/** Placeholders of the request's path and method in the error templates (no content produces them). */
export const SLOTS = { path: '\u0000path\u0000', method: '\u0000method\u0000' } as const;
/** A text as it is written inside a JSON string, quotes left off. */
export const inJsonString = (text: string) => JSON.stringify(text).slice(1, -1);
/**
 * How the templates of each format write a slot, and so the value put in its place: as text, or
 * inside a JSON string (problem+json, and the front matter of the Markdown page).
 */
export const SLOT_SPELLINGS: Record<ErrorFormat, readonly ((text: string) => string)[]> = {
  html: [(text) => text],
  md: [(text) => text, inJsonString],
  json: [inJsonString],
};

/**
 * The key of a URL path in the body folder. Each segment is percent-decoded, then encoded again so
 * that the key is the same whatever escapes the client chose; `%` becomes `~` (and `~` itself is
 * escaped) so no CDN decodes it on the way, and a leading dot is escaped so no platform hides the
 * file. Null when a segment is not valid percent-encoding.
 */
export function bodyKey(path: string): string | null {
  let key = '';
  for (const segment of path.split('/').slice(1)) {
    const stored = storedSegment(segment);
    if (stored === null) return null;
    key += `/${stored}`;
  }
  return key;
}

/**
 * A segment that is its own key: no escape to decode, no character that encodeURIComponent
 * escapes, no `~`, no leading dot (most segments, read in one pass).
 */
const PLAIN_SEGMENT = /^(?!\.)[\w\-.!*'()]*$/;

/** A URL path segment as its key has it; null when it is not valid percent-encoding. */
function storedSegment(segment: string): string | null {
  if (PLAIN_SEGMENT.test(segment)) return segment;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return storeSegment(decoded);
}

function storeSegment(text: string): string {
  const encoded = encodeURIComponent(text).replace(/~/g, '%7E').replace(/%/g, '~');
  return encoded.startsWith('.') ? `~2E${encoded.slice(1)}` : encoded;
}

/**
 * Where a static file of the site (its `public/` folder, a file beside a post) is kept: under a
 * folder no body key can start with, as its URL path's key.
 */
export const STATIC_PREFIX = '/static';
export const staticFileKey = (key: string) => STATIC_PREFIX + key;

/** The file of a site page: `/blog/x/` -> `/blog/x/index.html`, `/developers` -> `/developers.html`. */
export const pageFileKey = (key: string) => (key.endsWith('/') ? `${key}index.html` : `${key}.html`);
