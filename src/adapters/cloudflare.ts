/**
 * Cloudflare Workers module worker over Workers Static Assets: the bodies are the `ASSETS` binding
 * (run_worker_first, so every answer goes through the handler). Cloudflare sets `CF-Connecting-IP`
 * to the address of the connecting client; the settings are the worker's vars, which only arrive
 * with a request, so the handler is made on the first one.
 */
import { BODIES_PREFIX } from '../core/deployment.ts';
import { createHandler, type Handler } from '../handler.ts';
import { bundledManifest, fetchedSource } from './edge-source.ts';
import { optionsFromEnv } from './env.ts';

interface Env {
  ASSETS: { fetch(request: Request | string): Promise<Response> };
  [name: string]: unknown;
}

let handler: Handler | undefined;

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    handler ??= createHandler(
      {
        manifest: bundledManifest,
        source: fetchedSource((key) => env.ASSETS.fetch(`https://assets.local${BODIES_PREFIX}${key}`)),
      },
      optionsFromEnv(env as Record<string, string | undefined>),
    );
    return handler.fetch(request, { clientAddress: request.headers.get('cf-connecting-ip') });
  },
};
