import { LANGUAGE_CODE } from './languages.ts';

const MCP_ENDPOINT = '/mcp';

/** Site paths of the discovery documents, the portal and the MCP endpoint. */
export const PATHS = {
  openapi: '/openapi.json',
  developerPortal: '/developers',
  mcpEndpoint: MCP_ENDPOINT,
  mcpWellKnown: '/.well-known/mcp',
  llmsTxt: '/llms.txt',
  llmsFullTxt: '/llms-full.txt',
  auth: '/auth.md',
  aiCatalog: '/.well-known/ai-catalog.json',
  mcpServerCard: '/.well-known/mcp/server-card.json',
  /**
   * Where the server-card draft (modelcontextprotocol/experimental-ext-server-card,
   * docs/discovery.md, SEP-2127) recommends serving the card: `<streamable-http-url>/server-card`.
   */
  mcpServerCardRecommended: `${MCP_ENDPOINT}/server-card`,
  agentSkills: '/.well-known/agent-skills/index.json',
  apiCatalog: '/.well-known/api-catalog',
  sitemap: '/sitemap.xml',
  /** The sitemap index again, by the name Astro's sitemap integration gives it (and an Astro site's robots.txt names). */
  sitemapIndex: '/sitemap-index.xml',
  sitemapMarkdown: '/sitemap.md',
  robots: '/robots.txt',
} as const;

/**
 * The Markdown twin of a page path: `/blog/x/` -> `/blog/x.md`, `/developers` -> `/developers.md`;
 * a language's home (`/`, `/es/`, `/pt-br/`) -> `/index.md`, `/es/index.md`, `/pt-br/index.md`.
 */
export function markdownTwinPath(path: string): string {
  if (path === '/' || isLanguageHome(path)) return `${path}index.md`;
  return `${path.replace(/\/$/, '')}.md`;
}

/** `/es/`, `/pt-br/`: one segment, a language code (no other top-level page path is one). */
function isLanguageHome(path: string): boolean {
  return (
    path.endsWith('/') && path.indexOf('/', 1) === path.length - 1 && LANGUAGE_CODE.test(path.slice(1, -1))
  );
}

/** The page paths a twin path can stand for: `/blog/x.md` -> `/blog/x/` or `/blog/x`; `/es/index.md` -> `/es/`. */
export function pageOfTwin(twin: string): string[] {
  const stem = twin.slice(0, -'.md'.length);
  if (stem === '/index' || /^\/[^/]+\/index$/.test(stem)) return [stem.slice(0, -'index'.length)];
  return [`${stem}/`, stem];
}

/** The paths the API and the MCP server answer, whatever else a site holds: `/api`, `/api/…`, `/mcp`, `/mcp/…`. */
export const isFolioPath = (path: string) => /^\/(api|mcp)(\/|$)/.test(path);

/** Where files kept beside the content's Markdown are published, by their path in the content folder. */
export const MEDIA_PREFIX = '/_media/';

/** The feeds of a listing, each a file in the listing's folder: `/rss.xml`, `/es/tags/http/atom.xml`. */
export const FEED_FILES = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' } as const;
export type FeedFormat = keyof typeof FEED_FILES;

/** The feed of one format of the listing at `folder` (a path ending in `/`). */
export const feedPath = (folder: string, format: FeedFormat) => `${folder}${FEED_FILES[format]}`;
