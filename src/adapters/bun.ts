/// <reference types="bun-types" />
/** Bun: Bun.serve, the client address from server.requestIP. */
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { listenAddress, optionsOrExit } from './env.ts';

const { port, host } = listenAddress(Bun.env);
const options = optionsOrExit(Bun.env, `http://localhost:${port}`, process.exit);
const handler = createHandler(siteData, { ...options, listenHost: host });

Bun.serve({
  port,
  hostname: host,
  fetch: (request, server) => handler.fetch(request, { clientAddress: server.requestIP(request)?.address }),
});
console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
