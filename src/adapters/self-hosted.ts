/**
 * What the Node and Bun servers share: their settings, the deployment folder they serve (and follow
 * across rebuilds, one whole deployment at a time), the shared rate-limit store when one is
 * configured, and one line and exit code 1 for what stops them.
 */
import { watch } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_OUT, type Manifest } from '../core/deployment.ts';
import { SERVER_ERROR } from '../core/json-rpc-codes.ts';
import { JSON_TYPE } from '../core/media-types.ts';
import { createHandler, type Handler, type HandlerOptions } from '../handler.ts';
import { CACHE_NONE } from '../http/api-headers.ts';
import { respond } from '../http/respond.ts';
import { DeploymentReplaced } from '../runtime/body-source.ts';
import { SlidingWindowLimiter } from '../runtime/limiter.ts';
import { compress } from './compress.ts';
import { type ServerSettings, serverSettingsOrExit } from './env.ts';
import { type FileDeployment, type FileStreaming, fileDeployment } from './file-source.ts';

export function selfHostedSettings(
  env: Record<string, string | undefined>,
): ServerSettings & { outDir: string } {
  return { ...serverSettingsOrExit(env, process.exit), outDir: resolve(env.FOLIO_OUT || DEFAULT_OUT) };
}

/**
 * The handler of one server process over the deployment folder, its large bodies streamed as
 * `streaming` says, and the manifest it started with. It follows rebuilds: when a read finds the
 * deployment replaced, the new one is loaded whole and the request answered from it.
 */
export async function selfHosted(
  settings: ServerSettings & { outDir: string },
  streaming: FileStreaming,
  extra: HandlerOptions = {},
): Promise<{ handler: Handler; manifest: Manifest }> {
  const load = () => fileDeployment(settings.outDir, streaming);
  let first: FileDeployment;
  try {
    first = await load();
  } catch (error) {
    return refuse((error as Error).message);
  }
  const options: HandlerOptions = { ...settings.options, compress, listenHost: settings.host, ...extra };
  const rateLimit = { ...first.manifest.policy, ...settings.options.rateLimit };
  if (settings.store) {
    const { connectRedisRateStore } = await import('../runtime/rate-stores/redis.ts');
    options.rateStore = await connectRedisRateStore({ ...settings.store, rateLimit });
  }
  // One quota for every deployment the process serves: a rebuild resets no client's count.
  options.rateStore ??= new SlidingWindowLimiter(rateLimit);
  const following = followingDeployments(first, options, load);
  watchFolder(settings.outDir, following.refresh);
  return { handler: following, manifest: first.manifest };
}

/**
 * Calls `changed` when something beside or in the deployment folder changes (a rebuild renames
 * the folders there), so a server moves to a new deployment even while every answer it gives
 * comes from its caches. Where watching is not possible, the server moves on its next read.
 */
function watchFolder(outDir: string, changed: () => void): void {
  try {
    watch(dirname(outDir), { persistent: false }, changed).on('error', () => {});
  } catch {
    // No watcher: reads still find the deployment replaced.
  }
}

const encoder = new TextEncoder();
/** How long a server waits for a rebuild to move its new deployment in. */
const MOVE_IN_WAIT_MS = 10_000;
const MOVE_IN_POLL_MS = 20;
/** Rebuilds one request may see go by before it is given up. */
const REPLACEMENTS_PER_REQUEST = 3;

/**
 * A handler that answers from the newest deployment it has loaded; each request is answered from
 * one deployment only. A GET or HEAD that finds its deployment replaced is answered again from
 * the new one (other methods may have read their body already, and fail).
 */
function followingDeployments(
  first: FileDeployment,
  options: HandlerOptions,
  load: () => Promise<FileDeployment>,
): Handler & { refresh: () => void } {
  let deployment = first;
  let current = createHandler(first, options);
  let loading: Promise<Handler> | null = null;

  function replace(stale: Handler): Promise<Handler> {
    if (current !== stale) return Promise.resolve(current);
    loading ??= whenMovedIn(load)
      .then((loaded) => {
        deployment = loaded;
        current = createHandler(loaded, options);
        return current;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Moves to the deployment in the folder when it is another one; failures wait for the next read. */
  function refresh(): void {
    const stale = current;
    deployment.isCurrent().then(
      (isCurrent) => (isCurrent ? undefined : replace(stale).catch(() => undefined)),
      () => undefined,
    );
  }

  function answer(request: Request, context: Parameters<Handler['fetch']>[1], attempt: number) {
    const serving = current;
    const answered = serving.fetch(request, context);
    if (!(answered instanceof Promise)) return answered;
    return answered.catch((error: unknown): Response | Promise<Response> => {
      if (!(error instanceof DeploymentReplaced) || attempt === REPLACEMENTS_PER_REQUEST) throw error;
      const moving = replace(serving);
      if (request.method === 'GET' || request.method === 'HEAD')
        return moving.then(async () => answer(request, context, attempt + 1));
      moving.catch(() => undefined);
      return movingAnswer(request);
    });
  }

  /** A POST whose body is read already: the client is asked to send it again, in a moment. */
  function movingAnswer(request: Request): Response {
    const body = encoder.encode(
      `{"jsonrpc":"2.0","id":null,"error":{"code":${SERVER_ERROR},"message":"Server error: the service is moving to a new build; send the request again."}}`,
    );
    const headers = { 'content-type': JSON_TYPE, 'cache-control': CACHE_NONE, 'retry-after': '1' };
    return respond(options.Response ?? Response, request, 503, headers, body);
  }

  return {
    fetch: (request, context) => answer(request, context, 1),
    prepare: () => current.prepare(),
    refresh,
  };
}

/** The new deployment, once the rebuild has moved it in (a build renames it in a moment later). */
async function whenMovedIn(load: () => Promise<FileDeployment>): Promise<FileDeployment> {
  const deadline = performance.now() + MOVE_IN_WAIT_MS;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await sleep(MOVE_IN_POLL_MS);
    }
  }
}

/** What a server prints once it listens. */
export function servingLine(manifest: Manifest, { host, port }: ServerSettings): string {
  return `folio: serving ${manifest.siteName} on http://${host}:${port}`;
}

/**
 * One line and exit code 1; a cluster worker leaves the line to the primary, so it is printed once,
 * and waits there for its exit.
 */
export function refuse(line: string): Promise<never> {
  const text = line.startsWith('folio') ? line : `folio: ${line}`;
  if (!process.send) {
    console.error(text);
    process.exit(1);
  }
  process.send(text, () => process.exit(1));
  return new Promise(() => {});
}
