/** Folio on Node: src/adapters/node.ts as it is, with the benchmark's limiter settings. */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { listenAddress, optionsFromEnv } from '../../../src/adapters/env.ts';
import { siteData } from '../../../src/data/load.ts';
import { createHandler } from '../../../src/handler.ts';
import { BENCH_RATE_LIMIT } from '../rate-limit.ts';

const { port, host } = listenAddress(process.env);
const handler = createHandler(siteData, {
  ...optionsFromEnv(process.env, `http://localhost:${port}`),
  Response,
  rateLimit: BENCH_RATE_LIMIT,
});
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);

createServer(adapter).listen(port, host, () => {
  console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
});
