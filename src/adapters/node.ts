/**
 * Node: node:http, the client address from the socket. Each request is handed to the handler as a
 * light Request read from the parsed message (./node-request.ts), its body, if any, read from the
 * message as the handler asks for it (./node-body.ts, loaded on the first such request), and the answer is
 * written as one head and one body (./node-response.ts). FOLIO_WORKERS=N runs N such servers
 * sharing the port (./node-workers.ts); FOLIO_RATE_LIMIT_STORE shares their quota.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadOnce } from '../http/after.ts';
import { announce } from './announce.ts';
import { listenFailure } from './env.ts';
import { nodeFileStreaming } from './node-files.ts';
import { nodeRequest, type WholeBody } from './node-request.ts';
import { NodeResponse, writeResponse } from './node-response.ts';
import { superviseWorkers } from './node-workers.ts';
import { refuse, selfHosted, selfHostedSettings, servingLine } from './self-hosted.ts';
import { isWorker } from './worker-mark.ts';

const settings = selfHostedSettings(process.env);
if (settings.workers > 1 && !isWorker()) await superviseWorkers(settings);
else await serve();

async function serve() {
  const { port, host } = settings;
  const { handler, manifest } = await selfHosted(settings, nodeFileStreaming, {
    Response: NodeResponse as unknown as typeof Response,
  });
  const bodyStreams = loadOnce(() => import('./node-body.ts'));
  const answer = (req: IncomingMessage, res: ServerResponse, body: WholeBody | null) => {
    const request = nodeRequest(req, originForm(req.url), body);
    const response = handler.fetch(request, { clientAddress: req.socket.remoteAddress });
    if (response instanceof Promise)
      response.then(
        (response) => writeResponse(response, res),
        (error: unknown) => failed(error, res),
      );
    else writeResponse(response, res);
  };
  const server = createServer((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return answer(req, res, null);
    const streams = bodyStreams();
    if (!(streams instanceof Promise)) return answer(req, res, streams.bodyStream(req));
    streams.then(
      ({ bodyStream }) => answer(req, res, bodyStream(req)),
      (error: unknown) => failed(error, res),
    );
  });
  server.once('error', (error) => refuse(listenFailure(error, port, host)));
  server.listen(port, host, () => {
    if (!isWorker()) announce(servingLine(manifest, settings));
  });
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
