/**
 * How a node:http server answers with Folio's handler: `npm start` (./node.ts) and `npm run dev`
 * take the same path. GET and HEAD, nearly every request a blog gets, are handed to the handler as
 * a light Request read from the parsed message (./node-request.ts), and answered with one head and
 * one body (./node-response.ts): the bench measures @whatwg-node/server's own request and response
 * objects on that path against bare node:http, and docs/decisions.md records why Folio keeps its
 * own there. A request with a body (an MCP call) is made by @whatwg-node/server, which reads the
 * body off the message; it is loaded on the first such request, so a server that never gets one
 * never compiles it. Both paths write the answer the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.ts';
import { loadOnce } from '../runtime/after.ts';
import { nodeRequest } from './node-request.ts';
import { writeResponse } from './node-response.ts';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** `handlerOf` is asked per request, so a server that swaps its handler (a rebuild) answers from the new one at once. */
export function nodeListener(handlerOf: () => Handler): NodeListener {
  const answer = (request: Request, req: IncomingMessage) =>
    handlerOf().fetch(request, { clientAddress: req.socket.remoteAddress });
  const withBodies = loadOnce(() =>
    import('./node-bodies.ts').then(({ bodyRequests }) => bodyRequests(answer)),
  );

  return (req, res) => {
    req.url = originForm(req.url);
    if (req.method === 'GET' || req.method === 'HEAD') {
      write(answer(nodeRequest(req), req), res);
      return;
    }
    const library = withBodies();
    if (!(library instanceof Promise)) write(library(req, res), res);
    else
      library.then(
        (answerWithBody) => write(answerWithBody(req, res), res),
        (error) => failed(error, res),
      );
  };
}

function write(response: Response | Promise<Response>, res: ServerResponse) {
  if (response instanceof Promise)
    response.then(
      (response) => writeResponse(response, res),
      (error: unknown) => failed(error, res),
    );
  else writeResponse(response, res);
}

/** The handler answers every request, errors included; this is for a failure of that answer itself. */
function failed(error: unknown, res: ServerResponse) {
  console.error(`folio: could not answer: ${error instanceof Error ? error.message : String(error)}`);
  if (!res.headersSent) res.writeHead(500, { 'content-length': '0' });
  res.end();
}

/**
 * An absolute-form target (`GET http://host/path`, RFC 9112 3.2.2) becomes its origin form, so the
 * Host header cannot be glued in front of it when the request URL is built.
 */
function originForm(target: string | undefined): string {
  if (!target) return '/';
  if (target.startsWith('/') || target === '*') return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return target;
  }
}
