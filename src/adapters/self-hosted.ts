/**
 * What the Node and Bun servers share: their settings, the deployment folder they serve, the
 * shared rate-limit store when one is configured, and one line and exit code 1 for what stops them.
 */
import { resolve } from 'node:path';
import { DEFAULT_OUT } from '../core/deployment.ts';
import type { Deployment, HandlerOptions } from '../handler.ts';
import { compress } from './compress.ts';
import { type ServerSettings, serverSettingsOrExit } from './env.ts';
import { type FileStreaming, fileSource, readManifest } from './file-source.ts';

export function selfHostedSettings(
  env: Record<string, string | undefined>,
): ServerSettings & { outDir: string } {
  return { ...serverSettingsOrExit(env, process.exit), outDir: resolve(env.FOLIO_OUT || DEFAULT_OUT) };
}

/** The deployment and the handler options of one server process, its large bodies streamed as `streaming` says. */
export async function selfHosted(
  settings: ServerSettings & { outDir: string },
  streaming: FileStreaming,
): Promise<{ deployment: Deployment; options: HandlerOptions }> {
  let deployment: Deployment;
  try {
    deployment = {
      manifest: await readManifest(settings.outDir),
      source: fileSource(settings.outDir, streaming),
    };
  } catch (error) {
    return refuse((error as Error).message);
  }
  const options: HandlerOptions = { ...settings.options, compress, listenHost: settings.host };
  if (settings.store) {
    const { connectRedisRateStore } = await import('../http/redis-rate-store.ts');
    const rateLimit = { ...deployment.manifest.policy, ...settings.options.rateLimit };
    options.rateStore = await connectRedisRateStore({ ...settings.store, rateLimit });
  }
  return { deployment, options };
}

/** What a server prints once it listens. */
export function servingLine(deployment: Deployment, { host, port }: ServerSettings): string {
  return `folio: serving ${deployment.manifest.siteName} on http://${host}:${port}`;
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
