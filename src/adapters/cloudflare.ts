/**
 * Cloudflare Workers module worker. Cloudflare sets `CF-Connecting-IP` to the address of the
 * connecting client (a client cannot supply its own); the settings are the worker's vars, which
 * only arrive with a request, so the handler is made on the first one.
 */
import { siteData } from '../data/load.ts';
import { createHandler, type Handler } from '../handler.ts';
import { optionsFromEnv } from './env.ts';

let handler: Handler | undefined;

export default {
  fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
    handler ??= createHandler(siteData, optionsFromEnv(env));
    return handler.fetch(request, { clientAddress: request.headers.get('cf-connecting-ip') });
  },
};
