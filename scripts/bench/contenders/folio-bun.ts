/// <reference types="bun-types" />
/** Folio on Bun: src/adapters/bun.ts as it is, with the benchmark's limiter settings. */
import { listenAddress, optionsFromEnv } from '../../../src/adapters/env.ts';
import { siteData } from '../../../src/data/load.ts';
import { createHandler } from '../../../src/handler.ts';
import { BENCH_RATE_LIMIT } from '../rate-limit.ts';

const { port, host } = listenAddress(Bun.env);
const handler = createHandler(siteData, {
  ...optionsFromEnv(Bun.env, `http://localhost:${port}`),
  rateLimit: BENCH_RATE_LIMIT,
});

Bun.serve({
  port,
  hostname: host,
  fetch: (request, server) => handler.fetch(request, { clientAddress: server.requestIP(request)?.address }),
});
console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
