/// <reference types="bun-types" />
/** Bun: Bun.serve, the client address from server.requestIP. */
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { listenFailure, serverSettingsOrExit } from './env.ts';

const { port, host, workers, store, options } = serverSettingsOrExit(Bun.env, process.exit);
if (workers > 1) refuse('folio: FOLIO_WORKERS is for the Node server; run one Bun process per port instead');
const rateStore = store
  ? await (await import('../http/redis-rate-store.ts')).connectRedisRateStore({
      url: store,
      rateLimit: options.rateLimit,
    })
  : undefined;
const handler = createHandler(siteData, { ...options, ...(rateStore && { rateStore }) });

try {
  Bun.serve({
    port,
    hostname: host,
    fetch: (request, server) => handler.fetch(request, { clientAddress: server.requestIP(request)?.address }),
  });
} catch (error) {
  refuse(`folio: ${listenFailure(error, port, host)}`);
}
console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);

function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}
