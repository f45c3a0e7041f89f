/**
 * Netlify Edge Function on every path but the static bodies (`excludedPath`), which it reads from
 * the site itself. The client address is `context.ip`; the settings come from the site's
 * environment variables through `Netlify.env`.
 */
import { BODIES_PREFIX } from '../core/deployment.ts';
import { createHandler } from '../handler.ts';
import { bundledManifest, siteFilesSource } from './edge-source.ts';
import { optionsFromEnv } from './env.ts';

declare const Netlify: { env: { toObject(): Record<string, string> } } | undefined;

const env = typeof Netlify === 'object' ? Netlify.env.toObject() : {};
let origin = '';
const handler = createHandler(
  { manifest: bundledManifest, source: siteFilesSource(() => origin) },
  optionsFromEnv(env),
);

export const config = { path: '/*', excludedPath: `${BODIES_PREFIX}/*` };

export default function folio(request: Request, context: { ip?: string }): Response | Promise<Response> {
  origin ||= new URL(request.url).origin;
  return handler.fetch(request, { clientAddress: context.ip });
}
