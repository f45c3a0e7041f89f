/** What the Node and Bun servers share: the deployment folder, the settings and the listen address. */
import { resolve } from 'node:path';
import type { Deployment, HandlerOptions } from '../handler.ts';
import { compress } from './compress.ts';
import { listenAddress, optionsOrExit } from './env.ts';
import { DEFAULT_OUT, fileSource, readManifest } from './file-source.ts';

export interface SelfHosted {
  deployment: Deployment;
  options: HandlerOptions;
  port: number;
  host: string;
}

export async function selfHosted(env: Record<string, string | undefined>): Promise<SelfHosted> {
  const { port, host } = listenAddress(env);
  const options = { ...optionsOrExit(env, process.exit), compress };
  const outDir = resolve(env.FOLIO_OUT || DEFAULT_OUT);
  try {
    const deployment = { manifest: await readManifest(outDir), source: fileSource(outDir) };
    return { deployment, options, port, host };
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
}
