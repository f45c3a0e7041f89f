/**
 * How a node:http server answers with Folio's handler: `npm start` (./node.ts) and `npm run dev`
 * take the same path. GET and HEAD, nearly every request a blog gets, are handed to the handler as
 * a light Request read from the parsed message (./node-request.ts), and answered with one head and
 * one body (./node-response.ts): the bench measures @whatwg-node/server's own request and response
 * objects on that path against bare node:http, and docs/decisions.md records why Folio keeps its
 * own there. A request with a body (an MCP call) is made by @whatwg-node/server, which reads the
 * body off the message. Both paths write the answer the same way. In the first lull after its first
 * request (./prepare-when-quiet.ts) the server loads that library and prepares the handler, so the
 * first MCP call does not wait for code to load and compile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.ts';
import { loadOnce } from '../runtime/after.ts';
import { nodeRequest } from './node-request.ts';
import { writeResponse } from './node-response.ts';
import { prepareWhenQuiet } from './prepare-when-quiet.ts';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** `handlerOf` is asked per request, so a server that swaps its handler (a rebuild) answers from the new one at once. */
export function nodeListener(handlerOf: () => Handler): NodeListener {
  const answer = (request: Request, req: IncomingMessage) =>
    handlerOf().fetch(request, { clientAddress: req.socket.remoteAddress });
  const withBodies = loadOnce(() =>
    import('./node-bodies.ts').then(({ bodyRequests }) => bodyRequests(answer)),
  );

  const requestStarted = prepareWhenQuiet(() => prepareAhead(withBodies, handlerOf()));

  return (req, res) => {
    requestStarted();
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

/** A failure here is not lost: it happens again, and is answered, on the request that needs the code. */
function prepareAhead(withBodies: () => unknown, handler: Handler): void {
  Promise.resolve(withBodies())
    .then(() => handler.prepare())
    .catch(() => undefined);
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
