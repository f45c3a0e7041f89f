/**
 * The page of a refusal outside /api/ and /mcp that no error template of the build covers (a bad
 * request target, an Accept-Encoding that refuses every coding): a few lines of HTML for clients
 * that prefer HTML, the others getting problem+json.
 */
import { escapeHtml } from '../core/html.ts';
import { negotiate } from './negotiate.ts';

const OFFERS = ['text/html', 'application/problem+json', 'application/json'] as const;
const encoder = new TextEncoder();

/** Whether the client prefers an HTML page to problem+json (a browser does; so does a client that states nothing). */
export const prefersPage = (request: Request): boolean =>
  negotiate(request.headers.get('accept'), OFFERS) === 'text/html';

/** A page with `title` and one paragraph of `text`, both escaped. */
export function refusalPage(title: string, text: string): Uint8Array {
  const heading = escapeHtml(title);
  return encoder.encode(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${heading}</title><h1>${heading}</h1><p>${escapeHtml(text)}</p></html>\n`,
  );
}
