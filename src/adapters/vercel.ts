/**
 * The Vercel Function (api/folio.js declares its runtime, Edge or Node.js): the static bodies are
 * served by Vercel's filesystem handler under BODIES_PREFIX and read by the function from the site
 * itself; every other path reaches the function. Vercel overwrites `X-Real-IP` with the address of the
 * connecting client; the settings come from the project's environment variables.
 */
import { createHandler } from '../handler.ts';
import { bundledManifest, siteFilesSource } from './edge-source.ts';
import { optionsFromEnv } from './env.ts';

declare const process: { env: Record<string, string | undefined> } | undefined;

const env = typeof process === 'object' ? process.env : {};
let origin = '';
const handler = createHandler(
  { manifest: bundledManifest, source: siteFilesSource(() => origin) },
  optionsFromEnv(env),
);

export default function folio(request: Request): Response | Promise<Response> {
  origin ||= new URL(request.url).origin;
  return handler.fetch(request, { clientAddress: request.headers.get('x-real-ip') });
}
