/** Node: node:http with @whatwg-node/server, the client address from the socket. */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { listenAddress, optionsOrExit } from './env.ts';

const { port, host } = listenAddress(process.env);
const options = optionsOrExit(process.env, `http://localhost:${port}`, process.exit);
const handler = createHandler(siteData, { ...options, Response, listenHost: host });
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);

createServer(adapter).listen(port, host, () => {
  console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
});
