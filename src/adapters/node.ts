/** Node: node:http with @whatwg-node/server, the client address from the socket. */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { createHandler } from '../handler.ts';
import { selfHosted } from './self-hosted.ts';

const { deployment, options, port, host } = await selfHosted(process.env);
const handler = createHandler(deployment, { ...options, Response });
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);

createServer(adapter).listen(port, host, () => {
  console.log(`folio: serving ${deployment.manifest.siteName} on http://${host}:${port}`);
});
