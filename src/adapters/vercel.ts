/**
 * Vercel Edge Function. Vercel overwrites `X-Real-IP` with the address of the connecting client,
 * so that header is the client address here; BASE_URL and the other settings come from the
 * project's environment variables.
 */
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { optionsFromEnv } from './env.ts';

declare const process: { env: Record<string, string | undefined> } | undefined;

const env = typeof process === 'object' ? process.env : {};
const handler = createHandler(siteData, optionsFromEnv(env));

export const config = { runtime: 'edge' };

export default function folio(request: Request): Promise<Response> {
  return handler.fetch(request, { clientAddress: request.headers.get('x-real-ip') });
}
