/**
 * FOLIO_WORKERS=N on Node: N servers forked with node:cluster, sharing the port. node:cluster is
 * imported here, on demand: loading it costs a tenth of a single server's start.
 */
import { announce } from './announce.ts';
import type { ServerSettings } from './env.ts';
import { WORKER_MARK } from './worker-mark.ts';

/**
 * Forks the workers and waits until all listen. A worker that cannot listen stops them all with
 * its one line; one that dies later is replaced.
 */
export async function superviseWorkers({ port, host, workers }: ServerSettings) {
  const { default: cluster } = await import('node:cluster');
  // The workers accept from the one listening socket themselves. With the primary handing each
  // connection to a worker in turn (Node's default on Linux), a connection handed to a worker as
  // it dies was neither answered nor closed: its client hung until its own timeout. Now only the
  // connections a dying worker had accepted are lost, closed by the system; the rest wait in the
  // socket's queue for the live worker.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let listening = 0;
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exitCode = code;
  };
  // Sending to a worker that has just died (the primary tells each worker of a failed listen) fails
  // its channel with EPIPE; the worker's 'exit' below is what says what happened.
  cluster.on('fork', (worker) => worker.on('error', () => {}));
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) announce(`folio: serving on http://${host}:${port} with ${workers} workers`);
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
    cluster.fork({ [WORKER_MARK]: '1' });
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));
  for (let i = 0; i < workers; i++) cluster.fork({ [WORKER_MARK]: '1' });
}
