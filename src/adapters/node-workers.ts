/**
 * FOLIO_WORKERS=N on Node: N servers forked with node:cluster behind one listening socket that the
 * primary holds. node:cluster is imported here, on demand: loading it costs a tenth of a single
 * server's start.
 *
 * The primary accepts each connection and hands it to a worker that has told it it is ready and
 * has taken the last connection handed to it. A worker takes a connection by saying so, before it
 * reads a byte of it; until then the primary keeps its own copy, and when the worker dies first
 * (its channel closes with the connection untaken) the connection is handed to another worker. So
 * no connection is lost to a worker that dies before taking it. The ones a worker had taken, and
 * the requests in flight on them, are closed by the system when it dies.
 */
import type { Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { announce } from './announce.ts';
import { listenFailure, type ServerSettings } from './env.ts';
import { WORKER_MARK } from './worker-mark.ts';

/** What a worker says to the primary: ready for a connection, or it took the one handed to it. */
type WorkerNote = { folio: 'ready' } | { folio: 'taken' };
/** What the primary sends with a connection's socket (Node adds its own fields to the message sent). */
const HANDED = 'connection';
type HandOff = { folio: typeof HANDED };

const isNote = (message: unknown): message is WorkerNote =>
  typeof message === 'object' && message !== null && 'folio' in message;

/**
 * Listens, forks the workers and hands them the connections. A worker that cannot start stops
 * them all with its one line; one that dies later is replaced.
 */
export async function superviseWorkers({ port, host, workers }: ServerSettings) {
  const { default: cluster } = await import('node:cluster');
  const handOff = connectionHandOff();
  let ready = 0;
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    listener.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exitCode = code;
  };
  const fork = () => {
    const worker = cluster.fork({ [WORKER_MARK]: '1' });
    // Sending to a worker that has just died fails its channel with EPIPE; the worker's 'disconnect'
    // and 'exit' below are what say what happened.
    worker.on('error', () => {});
    worker.on('message', (message: unknown) => {
      if (!isNote(message)) return refused(String(message));
      if (message.folio === 'ready' && ++ready === workers)
        announce(`folio: serving on http://${host}:${port} with ${workers} workers`);
      handOff.free(worker);
    });
    // 'close' comes once the worker has exited and its last message was read: a connection it had
    // not taken by then it never will. ('disconnect' never comes for a worker killed while a socket
    // sent to it waits for the channel's receipt.)
    worker.process.once('close', () => handOff.gone(worker));
  };
  const refused = (line: string) => {
    if (stopping) return;
    console.error(line);
    stop(1);
  };
  const listener = createServer({ pauseOnConnect: true }, handOff.accept);
  listener.once('error', (error) => {
    console.error(`folio: ${listenFailure(error, port, host)}`);
    stop(1);
  });
  await new Promise<void>((listening) => listener.listen(port, host, listening));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (ready < workers) return stop(code || 1);
    console.error(
      `folio: worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`,
    );
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));
  for (let i = 0; i < workers; i++) fork();
}

/**
 * The connections the primary holds and the workers free to take one. Each worker has at most one
 * connection handed to it and not yet taken, so a worker that stalls holds up one connection, not
 * a queue of them.
 */
function connectionHandOff() {
  const waiting: Socket[] = [];
  const free: Worker[] = [];
  const handed = new Map<Worker, Socket>();
  const handOut = () => {
    while (waiting.length > 0 && free.length > 0) {
      const socket = waiting.shift() as Socket;
      if (socket.destroyed) continue;
      const worker = free.shift() as Worker;
      handed.set(worker, socket);
      worker.send({ folio: HANDED } satisfies HandOff, socket, { keepOpen: true });
    }
  };
  return {
    accept(socket: Socket) {
      // A client that gives up while its connection waits: nothing is left to hand out.
      socket.on('error', () => socket.destroy());
      waiting.push(socket);
      handOut();
    },
    /** The worker is ready, or took its connection: the primary's copy is closed, the worker's stays open. */
    free(worker: Worker) {
      handed.get(worker)?.destroy();
      handed.delete(worker);
      free.push(worker);
      handOut();
    },
    /** The worker is gone: the connection it had not taken goes to another. */
    gone(worker: Worker) {
      const index = free.indexOf(worker);
      if (index >= 0) free.splice(index, 1);
      const socket = handed.get(worker);
      handed.delete(worker);
      if (socket) waiting.unshift(socket);
      handOut();
    },
  };
}

/**
 * In a worker: answers the connections the primary hands over with `server`, saying each is taken
 * before the server reads it, and tells the primary it is ready.
 */
export function takeConnections(server: Server): void {
  // node:http starts its header and request timeouts when its server listens; this one never
  // does itself, its connections come from the primary.
  server.emit('listening');
  const note = (message: WorkerNote) => process.send?.(message);
  process.on('message', (message: unknown, socket: Socket | undefined) => {
    if (socket === undefined || (message as HandOff).folio !== HANDED) return;
    note({ folio: 'taken' });
    server.emit('connection', socket);
  });
  note({ folio: 'ready' });
}
