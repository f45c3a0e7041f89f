import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this project. Workers do not inherit the
 * TypeScript loader, so the worker registers it before loading the module. A module loaded through
 * tsx's `tsImport` (as the package's entries load Folio) carries that loader's namespace in its
 * URL's query, which the worker's own loader does not answer to: the module is named without it.
 */
export function tsWorker(moduleUrl: string, workerData?: unknown): Worker {
  const module = new URL(moduleUrl);
  module.search = '';
  const source = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}));`;
  return new Worker(source, { eval: true, workerData });
}
