/** The variable the Node server's primary sets in the environment of each worker it forks. */
export const WORKER_MARK = 'FOLIO_CLUSTER_WORKER';

/** Whether this process is a worker forked by a primary (FOLIO_WORKERS over 1). */
export const isWorker = (): boolean => process.env[WORKER_MARK] === '1';
