/**
 * Node: node:http with @whatwg-node/server, the client address from the socket. FOLIO_WORKERS=N
 * runs N such servers sharing the port (node:cluster); FOLIO_RATE_LIMIT_STORE shares their quota.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { siteData } from '../data/load.ts';
import { createHandler } from '../handler.ts';
import { listenFailure, type ServerSettings, serverSettingsOrExit } from './env.ts';

const settings = serverSettingsOrExit(process.env, process.exit);
if (cluster.isPrimary && settings.workers > 1) superviseWorkers(settings);
else await serve(settings);

async function serve({ port, host, store, options }: ServerSettings) {
  const rateStore = store
    ? await (await import('../http/redis-rate-store.ts')).connectRedisRateStore({
        url: store,
        rateLimit: options.rateLimit,
      })
    : undefined;
  const handler = createHandler(siteData, { ...options, Response, ...(rateStore && { rateStore }) });
  const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
    handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
  );
  const server = createServer(adapter);
  server.once('error', (error) => refuse(`folio: ${listenFailure(error, port, host)}`));
  server.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`folio: serving ${siteData.site.name} on http://${host}:${port}`);
  });
}

/** One line and exit code 1; a worker leaves the line to the primary, so it is printed once. */
function refuse(line: string) {
  if (!process.send) {
    console.error(line);
    process.exit(1);
  }
  process.send(line, () => process.exit(1));
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
      console.log(`folio: serving ${siteData.site.name} on http://${host}:${port} with ${workers} workers`);
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
