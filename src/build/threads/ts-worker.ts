import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this project. Workers do not inherit the
 * TypeScript loader, so the worker registers it before loading the module.
 */
export function tsWorker(moduleUrl: string, workerData?: unknown): Worker {
  const source = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl)}, ${JSON.stringify(moduleUrl)}));`;
  return new Worker(source, { eval: true, workerData });
}
