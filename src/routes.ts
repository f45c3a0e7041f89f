/**
 * The one route table of the service and its only dispatch: each path pattern (itty-router's
 * syntax, compiled by itty-router) mapped to the area function that answers it: every API path
 * under both prefixes, the MCP endpoint, each discovery document and feed, and each area's
 * fallback (the site's: a Markdown twin for a path ending in .md, a page for any other). A path
 * is matched over the compiled patterns once (no URL parsing, no query parsing, no promise per
 * route) and its route kept, so a path seen before is routed in one lookup; the area functions
 * are made once, with the table.
 */
import { IttyRouter } from 'itty-router';
import { API_PREFIXES } from './core/api.ts';
import type { Manifest } from './core/deployment.ts';
import { SEARCH_ENDPOINT } from './core/endpoints.ts';
import { FEED_FILES } from './core/paths.ts';
import type { Target } from './http/request-target.ts';
import { memo } from './runtime/memo.ts';

/** The area a path belongs to: it decides how a refused request target is answered. */
export type Area = 'api' | 'mcp' | 'site';

/** What answers a routed request, given the adapter's context. */
export type Answer<Context> = (
  request: Request,
  target: Target,
  context: Context,
) => Response | Promise<Response>;

export interface Route<Context> {
  area: Area;
  answer: Answer<Context>;
}

/** The area functions the table maps patterns to (the handler makes them). */
export interface AreaAnswers<Context> {
  /** An API document, by its endpoint's operationId. */
  apiDocument(operationId: string): Answer<Context>;
  /** A post list (`limit` applies), by its endpoint's operationId. */
  apiPostList(operationId: string): Answer<Context>;
  /** The search, computed per request, by its endpoint's operationId. */
  apiSearch(operationId: string): Answer<Context>;
  /** Any other path under /api/. */
  apiFallback: Answer<Context>;
  mcp: Answer<Context>;
  /** A discovery document at its own path. */
  siteDocument: Answer<Context>;
  /** A page, or any other path outside /api/ and /mcp. */
  sitePage: Answer<Context>;
  /** A page's Markdown twin. */
  siteTwin: Answer<Context>;
}

/** The listings with feeds in one language, as `/prefix`-relative folders of their feed files. */
const FEED_FOLDERS = ['/', '/tags/:tag/', '/series/:slug/'];
/** Distinct paths whose route is kept. */
const ROUTED_PATHS = 4096;

/** Every pattern of the service in the order they are tried, each with the route that answers it; the last, `*`, takes any path. */
export function routeEntries<Context>(
  manifest: Manifest,
  answers: AreaAnswers<Context>,
): [pattern: string, route: Route<Context>][] {
  const entries: [string, Route<Context>][] = [];
  const add = (pattern: string, route: Route<Context>) => entries.push([pattern, route]);
  const api = (answer: Answer<Context>): Route<Context> => ({ area: 'api', answer });
  const site = (answer: Answer<Context>): Route<Context> => ({ area: 'site', answer });

  const underPrefix = (prefix: string, template: string) =>
    prefix + template.slice('/api/'.length).replace(/\{(\w+)\}/g, ':$1');
  for (const prefix of API_PREFIXES) {
    for (const endpoint of manifest.endpoints) {
      const answer = endpoint.isPostIndex ? answers.apiPostList : answers.apiDocument;
      add(underPrefix(prefix, endpoint.pathTemplate), api(answer(endpoint.operationId)));
    }
    const search = answers.apiSearch(SEARCH_ENDPOINT.operationId);
    add(underPrefix(prefix, SEARCH_ENDPOINT.pathTemplate), api(search));
  }
  add('/api/*', api(answers.apiFallback));
  const mcp: Route<Context> = { area: 'mcp', answer: answers.mcp };
  add('/mcp', mcp);
  add('/.well-known/mcp', mcp);
  const document = site(answers.siteDocument);
  for (const path of Object.keys(manifest.documents)) add(path, document);
  manifest.languages.forEach((lang, i) => {
    const prefix = i === 0 ? '' : `/${lang}`;
    for (const folder of FEED_FOLDERS)
      for (const file of Object.values(FEED_FILES)) add(prefix + folder + file, document);
  });
  // Every page and twin, in every language, is answered by these two: a pattern per page would
  // only repeat them. Which pages exist is the deployment's to say.
  add('/*.md', site(answers.siteTwin));
  add('*', site(answers.sitePage));
  return entries;
}

/** The route of a path: the first entry whose pattern, as itty-router compiles it, matches. */
export function createRouteTable<Context>(
  manifest: Manifest,
  answers: AreaAnswers<Context>,
): (path: string) => Route<Context> {
  const router = IttyRouter();
  const entries = routeEntries(manifest, answers);
  for (const [pattern, route] of entries) router.all(pattern, () => route);
  const table = router.routes.map(([, pattern, handlers]) => ({
    pattern,
    route: (handlers[0] as () => Route<Context>)(),
  }));
  const [, anyPath] = entries[entries.length - 1] as [string, Route<Context>];
  return memo(ROUTED_PATHS, (path: string): Route<Context> => {
    for (const entry of table) if (entry.pattern.test(path)) return entry.route;
    return anyPath;
  });
}
