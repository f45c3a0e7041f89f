/** A response body serialized once, with the headers that describe it. */

import { CACHE_PUBLIC } from '../../http/api-headers.ts';
import type { HeaderMap } from '../../http/cors.ts';
import { type Prerendered, prerender } from '../prerender.ts';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

export interface Representation {
  body: Prerendered;
  headers: HeaderMap;
}

/** A rough token count for agents budgeting their context: about four characters a token. */
const estimateTokens = (text: string) => String(Math.ceil(text.length / 4));

export function represent(text: string, contentType: string, extra: HeaderMap = {}): Representation {
  const body = prerender(text);
  const headers: HeaderMap = {
    'content-type': contentType,
    'cache-control': CACHE_PUBLIC,
    'access-control-allow-origin': '*',
    ...extra,
  };
  if (contentType === MARKDOWN_TYPE) headers['x-markdown-tokens'] = estimateTokens(text);
  return { body, headers };
}
