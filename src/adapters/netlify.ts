/**
 * Netlify Edge Function on every path. The client address is `context.ip`; BASE_URL and the other
 * settings come from the site's environment variables through `Netlify.env`.
 */
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { optionsFromEnv } from './env.ts';

declare const Netlify: { env: { toObject(): Record<string, string> } } | undefined;

const env = typeof Netlify === 'object' ? Netlify.env.toObject() : {};
const handler = createHandler(siteData, optionsFromEnv(env));

export const config = { path: '/*' };

export default function folio(request: Request, context: { ip?: string }): Promise<Response> {
  return handler.fetch(request, { clientAddress: context.ip });
}
