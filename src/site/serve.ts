/** Site pages, Markdown twins and discovery documents: filled in by the site module. */
import type { SiteData } from '../data/types.ts';
import { type ResponseConstructor, respond } from '../http/respond.ts';

export interface SiteOptions {
  baseUrl: string;
  Response: ResponseConstructor;
}

export function createSite(data: SiteData, options: SiteOptions) {
  const gone = new Set(data.gone);
  function handle(request: Request, url: URL): Response {
    const status = gone.has(url.pathname) ? 410 : 404;
    const text = status === 410 ? `${url.pathname} was removed for good.\n` : `Nothing at ${url.pathname}.\n`;
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' };
    return respond(options.Response, request, status, headers, new TextEncoder().encode(text));
  }
  return { handle };
}
