/**
 * A Cloudflare worker's cold start in workerd (through Miniflare), beside a worker that only
 * answers "ok" with the same bindings (the floor). Miniflare indexes the asset folder before the
 * runtime is ready, seconds for a large deployment and varying by hundreds of milliseconds between
 * identical starts, so the two parts of Folio's own cost are measured where that does not drown
 * them: loading the worker script (runtime ready, over an asset folder of one file) and answering
 * the first request once ready (over the real deployment). Each is the median of the differences
 * between starts of Folio and of the bare worker made one after the other.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Miniflare } from '../test/support/miniflare-api.ts';

export interface WorkerdStart {
  /** From creating the runtime to the worker being ready. */
  readyMs: number;
  /** The first request, once ready. */
  firstMs: number;
}

/** Medians of one worker's starts, and of Folio's minus the bare worker's, start by start. */
export interface WorkerdStarts {
  bare: { smallReadyMs: number; readyMs: number; firstMs: number };
  folio: { smallReadyMs: number; readyMs: number; firstMs: number };
  /** Loading Folio's script: runtime ready over a one-file folder, Folio minus bare. */
  scriptMs: Spread;
  /** Folio's first answer once ready, minus the bare worker's. */
  firstRequestMs: Spread;
}

/** The median of some differences and the middle half of them (how much they vary). */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

const COMPATIBILITY_DATE = '2025-12-01';
type Options = ConstructorParameters<typeof Miniflare>[0];

async function timedStart(options: Options, path: string | null): Promise<WorkerdStart> {
  const started = performance.now();
  const runtime = new Miniflare(options);
  try {
    await runtime.ready;
    const ready = performance.now();
    if (path === null) return { readyMs: ready - started, firstMs: 0 };
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

/** The floor: the same bindings, and a worker with nothing to load that answers "ok". */
const BARE_SCRIPT = `export class FolioRateLimiter {}
export default { fetch: () => new Response("ok") };`;

/** A worker script file over a deployment folder, answering `path` first (or nothing). */
const start = (script: string, deployment: string, path: string | null) =>
  timedStart({ ...platform(deployment), modulesRoot: dirname(script), scriptPath: script }, path);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q + 0.5)] as number;
const median = (values: number[]) => quantile(values, 0.5);
const spread = (values: number[]): Spread => ({
  median: median(values),
  low: quantile(values, 0.25),
  high: quantile(values, 0.75),
});

/**
 * `runs` rounds, each starting the bare worker and Folio over a one-file folder (ready only) and
 * over the deployment (ready, then the first request to `path`), one right after the other, so
 * drift hits both alike.
 */
export async function workerdStarts(
  bundle: string,
  deployment: string,
  path: string,
  runs: number,
): Promise<WorkerdStarts> {
  // Both scripts are loaded from a file, the way Miniflare loads Folio's bundle.
  const folder = mkdtempSync(join(tmpdir(), 'folio-workerd-'));
  const small = join(folder, 'assets');
  const bareScript = join(folder, 'bare-worker.js');
  mkdirSync(small);
  writeFileSync(join(small, 'index.html'), 'ok');
  writeFileSync(bareScript, BARE_SCRIPT);
  const rounds: { bare: WorkerdStart; folio: WorkerdStart; bareSmall: number; folioSmall: number }[] = [];
  try {
    // The first runtime of a process pays Miniflare's own warm-up: not measured.
    await start(bareScript, small, null);
    for (let i = 0; i < runs; i++) {
      // Which one goes first alternates, so neither always follows the other's teardown.
      const [first, second] = i % 2 ? [bundle, bareScript] : [bareScript, bundle];
      const smallReady = new Map([
        [first, (await start(first, small, null)).readyMs],
        [second, (await start(second, small, null)).readyMs],
      ]);
      const full = new Map([
        [first, await start(first, deployment, first === bundle ? path : '/')],
        [second, await start(second, deployment, second === bundle ? path : '/')],
      ]);
      rounds.push({
        bare: full.get(bareScript)!,
        folio: full.get(bundle)!,
        bareSmall: smallReady.get(bareScript)!,
        folioSmall: smallReady.get(bundle)!,
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const of = (pick: (round: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  return {
    bare: {
      smallReadyMs: of((r) => r.bareSmall),
      readyMs: of((r) => r.bare.readyMs),
      firstMs: of((r) => r.bare.firstMs),
    },
    folio: {
      smallReadyMs: of((r) => r.folioSmall),
      readyMs: of((r) => r.folio.readyMs),
      firstMs: of((r) => r.folio.firstMs),
    },
    scriptMs: spread(rounds.map((r) => r.folioSmall - r.bareSmall)),
    firstRequestMs: spread(rounds.map((r) => r.folio.firstMs - r.bare.firstMs)),
  };
}
