/** Node: node:http with @whatwg-node/server, the client address from the socket. */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { createHandler } from '../handler.ts';
import { selfHosted } from './self-hosted.ts';

const { deployment, options, port, host } = await selfHosted(process.env);
const handler = createHandler(deployment, { ...options, Response, listenHost: host });
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);

/**
 * An absolute-form target (`GET http://host/path`, RFC 9112 3.2.2) becomes its origin form, so the
 * Host header cannot be glued in front of it when the request URL is built.
 */
function originForm(target: string | undefined): string | undefined {
  if (!target || target.startsWith('/') || target === '*') return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return target;
  }
}

createServer((req, res) => {
  req.url = originForm(req.url);
  return adapter(req, res);
}).listen(port, host, () => {
  console.log(`folio: serving ${deployment.manifest.siteName} on http://${host}:${port}`);
});
