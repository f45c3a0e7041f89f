/**
 * A Cloudflare worker's cold start in workerd (through Miniflare): the time to load the worker
 * script and answer its first request, beside a worker that only answers "ok" (the floor:
 * starting workerd with the same bindings), so the difference is what Folio's own start costs.
 */
import { dirname } from 'node:path';
import { Miniflare } from 'miniflare';

export interface WorkerdStart {
  /** From creating the runtime to the worker being ready. */
  readyMs: number;
  /** The first request, once ready. */
  firstMs: number;
}

const COMPATIBILITY_DATE = '2025-12-01';
type Options = ConstructorParameters<typeof Miniflare>[0];

async function timedStart(options: Options, path: string): Promise<WorkerdStart> {
  const started = performance.now();
  const runtime = new Miniflare(options);
  try {
    await runtime.ready;
    const ready = performance.now();
    const response = await runtime.dispatchFetch(`http://localhost${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`workerd answered ${path} with ${response.status}`);
    return { readyMs: ready - started, firstMs: performance.now() - ready };
  } finally {
    await runtime.dispose();
  }
}

/** The bindings Folio's worker has: its deployment folder as assets, the rate limit's Durable Object. */
function platform(deployment: string) {
  return {
    modules: true,
    compatibilityDate: COMPATIBILITY_DATE,
    assets: {
      directory: deployment,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    durableObjects: { FOLIO_RATE_LIMITER: 'FolioRateLimiter' },
  };
}

/** Folio's Cloudflare bundle over a deployment folder, answering `path` first. */
export function folioWorkerdStart(bundle: string, deployment: string, path: string): Promise<WorkerdStart> {
  return timedStart({ ...platform(deployment), modulesRoot: dirname(bundle), scriptPath: bundle }, path);
}

/** The floor: the same bindings, and a worker with nothing to load that answers "ok". */
export function bareWorkerdStart(deployment: string): Promise<WorkerdStart> {
  const script = `export class FolioRateLimiter {}
export default { fetch: () => new Response("ok") };`;
  return timedStart({ ...platform(deployment), script }, '/');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Folio and the bare worker started in turn `runs` times (so drift hits both alike), medians of each. */
export async function workerdStarts(
  bundle: string,
  deployment: string,
  path: string,
  runs: number,
): Promise<{ bare: WorkerdStart; folio: WorkerdStart }> {
  const bare: WorkerdStart[] = [];
  const folio: WorkerdStart[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(await bareWorkerdStart(deployment));
    folio.push(await folioWorkerdStart(bundle, deployment, path));
  }
  const medians = (starts: WorkerdStart[]): WorkerdStart => ({
    readyMs: median(starts.map((start) => start.readyMs)),
    firstMs: median(starts.map((start) => start.firstMs)),
  });
  return { bare: medians(bare), folio: medians(folio) };
}
