/**
 * Node: node:http with @whatwg-node/server's Response, the client address from the socket. Each
 * request is handed to the handler as a light Request read from the parsed message
 * (./node-request.ts), and the answer is written as one head and one body (./node-response.ts).
 * FOLIO_WORKERS=N runs N such servers sharing the port (node:cluster); FOLIO_RATE_LIMIT_STORE
 * shares their quota.
 */
import cluster from 'node:cluster';
import { createServer, type ServerResponse } from 'node:http';
import { createHandler } from '../handler.ts';
import { listenFailure, type ServerSettings } from './env.ts';
import { nodeRequest } from './node-request.ts';
import { NodeResponse, writeResponse } from './node-response.ts';
import { refuse, selfHosted, selfHostedSettings } from './self-hosted.ts';

const settings = selfHostedSettings(process.env);
if (cluster.isPrimary && settings.workers > 1) superviseWorkers(settings);
else await serve();

async function serve() {
  const { port, host } = settings;
  const { deployment, options } = await selfHosted(settings);
  const handler = createHandler(deployment, { ...options, Response: NodeResponse as typeof Response });
  const server = createServer((req, res) => {
    const request = nodeRequest(req, originForm(req.url));
    const answer = handler.fetch(request, { clientAddress: req.socket.remoteAddress });
    if (answer instanceof Promise)
      answer.then(
        (response) => writeResponse(response, req, res),
        (error: unknown) => failed(error, res),
      );
    else writeResponse(answer, req, res);
  });
  server.once('error', (error) => refuse(listenFailure(error, port, host)));
  server.listen(port, host, () => {
    if (cluster.isPrimary)
      console.log(`folio: serving ${deployment.manifest.siteName} on http://${host}:${port}`);
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

/**
 * Forks the workers and waits until all listen. A worker that cannot listen stops them all with
 * its one line; one that dies later is replaced.
 */
function superviseWorkers({ port, host, workers }: ServerSettings) {
  let listening = 0;
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exitCode = code;
  };
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers)
      console.log(`folio: serving on http://${host}:${port} with ${workers} workers`);
  });
  cluster.on('message', (_worker, line: string) => {
    if (stopping) return;
    console.error(line);
    stop(1);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (listening < workers) return stop(code || 1);
    console.error(
      `folio: worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`,
    );
    cluster.fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));
  for (let i = 0; i < workers; i++) cluster.fork();
}
