/**
 * Cloudflare Workers module worker over Workers Static Assets: the bodies are the `ASSETS` binding
 * (run_worker_first, so every answer goes through the handler). Cloudflare sets `CF-Connecting-IP`
 * to the address of the connecting client; the settings are the worker's vars, which only arrive
 * with a request, so the handler is made on the first one. With the FOLIO_RATE_LIMITER Durable
 * Object binding, the quota is shared by every instance of the worker.
 */
import { BODIES_PREFIX } from '../core/deployment.ts';
import { createHandler, type Handler } from '../handler.ts';
import { DurableObjectRateStore, type RateLimiterNamespace } from '../runtime/rate-stores/durable-object.ts';
import { bundledManifest, fetchedSource } from './edge-source.ts';
import { optionsFromEnv } from './env.ts';

export { FolioRateLimiter } from '../runtime/rate-stores/durable-object.ts';

interface Env {
  ASSETS: Fetcher;
  FOLIO_RATE_LIMITER?: RateLimiterNamespace;
  [name: string]: unknown;
}

let handler: Handler | undefined;

function handlerFor(env: Env): Handler {
  const options = optionsFromEnv(env as Record<string, string | undefined>);
  // workerd sends a FixedLengthStream with Content-Length instead of chunked.
  options.fixedLength = (stream, length) => stream.pipeThrough(new FixedLengthStream(length));
  if (env.FOLIO_RATE_LIMITER)
    options.rateStore = new DurableObjectRateStore(env.FOLIO_RATE_LIMITER, {
      ...bundledManifest.policy,
      ...options.rateLimit,
    });
  return createHandler(
    {
      manifest: bundledManifest,
      source: fetchedSource((key) => env.ASSETS.fetch(`https://assets.local${BODIES_PREFIX}${key}`)),
    },
    options,
  );
}

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    handler ??= handlerFor(env);
    return handler.fetch(request, { clientAddress: request.headers.get('cf-connecting-ip') });
  },
};
