/**
 * The one route table of the service, in itty-router's path syntax: every API path under both
 * prefixes, the MCP endpoint, each discovery document, the site's pages and their Markdown twins,
 * and each area's fallback. A path is matched over the router's compiled routes once (no URL
 * parsing, no query parsing, no promise per route) and its route kept, so a path seen before is
 * routed in one lookup.
 */
import { IttyRouter } from 'itty-router';
import { API_PREFIXES } from './core/api.ts';
import type { Manifest } from './core/deployment.ts';
import { endpointsFor } from './core/endpoints.ts';
import { FEED_FILES } from './core/paths.ts';
import { memo } from './http/memo.ts';

export type RouteName =
  | 'apiDocument'
  | 'apiPostList'
  | 'apiFallback'
  | 'mcp'
  | 'siteDocument'
  | 'sitePage'
  | 'siteTwin';

export interface Route {
  name: RouteName;
  /** The endpoint's operationId, for API routes. */
  operationId?: string;
}

/** The site's page paths in one language, as `/prefix`-relative patterns; each has a Markdown twin. */
const PAGE_PATTERNS = [
  '/',
  '/blog/',
  '/blog/page/:n/',
  '/blog/:slug/',
  '/series/',
  '/series/:slug/',
  '/tags/',
  '/tags/:tag/',
  '/tags/:tag/page/:n/',
  '/talks/',
  '/talks/:slug/',
  '/developers',
];
/** The listings with feeds in one language, as `/prefix`-relative folders of their feed files. */
const FEED_FOLDERS = ['/', '/tags/:tag/', '/series/:slug/'];
/** Distinct paths whose route is kept. */
const ROUTED_PATHS = 4096;
const twinPattern = (page: string) => (page === '/' ? '/index.md' : `${page.replace(/\/$/, '')}.md`);

export function createRouteTable(manifest: Manifest) {
  const router = IttyRouter();
  const add = (pattern: string, route: Route) => router.all(pattern, () => route);

  for (const prefix of API_PREFIXES) {
    for (const endpoint of endpointsFor(manifest.languages)) {
      const pattern = prefix + endpoint.pathTemplate.slice('/api/'.length).replace(/\{(\w+)\}/g, ':$1');
      const name = endpoint.isPostIndex ? 'apiPostList' : 'apiDocument';
      add(pattern, { name, operationId: endpoint.operationId });
    }
  }
  add('/api/*', { name: 'apiFallback' });
  add('/mcp', { name: 'mcp' });
  add('/.well-known/mcp', { name: 'mcp' });
  for (const path of Object.keys(manifest.documents)) add(path, { name: 'siteDocument' });
  manifest.languages.forEach((lang, i) => {
    const prefix = i === 0 ? '' : `/${lang}`;
    for (const folder of FEED_FOLDERS)
      for (const file of Object.values(FEED_FILES)) add(prefix + folder + file, { name: 'siteDocument' });
    for (const page of PAGE_PATTERNS) {
      add(prefix + twinPattern(page), { name: 'siteTwin' });
      add(prefix + page, { name: 'sitePage' });
    }
  });
  add('/*.md', { name: 'siteTwin' });
  add('*', { name: 'sitePage' });

  const table = router.routes.map(([, pattern, handlers]) => ({
    pattern,
    route: (handlers[0] as () => Route)(),
  }));

  /** The first route whose pattern matches the path (the `*` fallback always does). */
  return memo(ROUTED_PATHS, (path: string): Route => {
    for (const entry of table) if (entry.pattern.test(path)) return entry.route;
    return { name: 'sitePage' };
  });
}
