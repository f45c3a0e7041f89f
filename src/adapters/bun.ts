/// <reference types="bun-types" />
/** Bun: Bun.serve, the client address from server.requestIP. */
import { createHandler } from '../handler.ts';
import { selfHosted } from './self-hosted.ts';

const { deployment, options, port, host } = await selfHosted(Bun.env);
const handler = createHandler(deployment, { ...options, listenHost: host });

Bun.serve({
  port,
  hostname: host,
  fetch: (request, server) => handler.fetch(request, { clientAddress: server.requestIP(request)?.address }),
});
console.log(`folio: serving ${deployment.manifest.siteName} on http://${host}:${port}`);
