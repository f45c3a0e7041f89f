/** Node: node:http with @whatwg-node/server, the client address from the socket. */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { listenAddress, optionsFromEnv } from './env.ts';

const { port, host } = listenAddress(process.env);
const handler = createHandler(siteData, {
  ...optionsFromEnv(process.env, `http://localhost:${port}`),
  Response,
});
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);

createServer(adapter).listen(port, host, () => {
  console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
});
