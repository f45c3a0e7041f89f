/**
 * The test project's deployment as Vercel serves it: written as a Build Output API folder
 * (scripts/vercel-output.ts) and served the way Vercel serves one (test/support/vercel-output.mjs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeVercelOutput } from '../../scripts/vercel-output.ts';
import { ROOT, type RunningServer, startProcess, TEST_PROJECT } from './server.ts';

/** Writes the Build Output API folder for the test project's deployment into `target`. */
export function writeTestVercelOutput(target: string): void {
  writeVercelOutput({
    deployment: resolve(TEST_PROJECT, 'dist/public'),
    functionFile: resolve(TEST_PROJECT, 'dist/vercel.js'),
    target,
  });
}

/** Serves the Build Output API folder `target` as Vercel does. */
export function serveVercelOutput(target: string): Promise<RunningServer> {
  return startProcess(process.execPath, [resolve(ROOT, 'test/support/vercel-output.mjs')], {
    FOLIO_VERCEL_OUTPUT: target,
  });
}

/** A Build Output API folder of its own, served, and removed when the server stops. */
export async function startVercelOutput(): Promise<RunningServer> {
  const target = mkdtempSync(join(tmpdir(), 'folio-vercel-'));
  const remove = () => rmSync(target, { recursive: true, force: true });
  try {
    writeTestVercelOutput(target);
    const server = await serveVercelOutput(target);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
