/**
 * The Build Output that `vercel build` wrote for this project (test/fixtures/vercel-output/<runtime>,
 * refreshed by tools/capture-vercel-output.ts), completed with the test project's build (each
 * function's dist/ and the static bodies, which the capture leaves out), and served the way Vercel
 * serves one (test/support/vercel-output.mjs).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, type RunningServer, removedWhenStopped, startProcess, TEST_PROJECT } from './server.ts';

export type VercelRuntime = 'edge' | 'nodejs';

/** The function folders (`api/folio.func`) of a Build Output folder. */
export function functionFolders(output: string): string[] {
  return readdirSync(join(output, 'functions'), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.func'));
}

/** A completed copy of the captured output for `runtime`, in a folder of its own. */
export function vercelOutput(runtime: VercelRuntime): string {
  const target = mkdtempSync(join(tmpdir(), `folio-vercel-${runtime}-`));
  cpSync(resolve(ROOT, 'test/fixtures/vercel-output', runtime), target, { recursive: true });
  symlinkSync(resolve(TEST_PROJECT, 'dist/public'), join(target, 'static'), 'dir');
  for (const folder of functionFolders(target))
    symlinkSync(resolve(TEST_PROJECT, 'dist'), join(target, 'functions', folder, 'dist'), 'dir');
  return target;
}

/** Serves the Build Output folder `target` as Vercel does. */
export function serveVercelOutput(target: string): Promise<RunningServer> {
  return startProcess(process.execPath, [resolve(ROOT, 'test/support/vercel-output.mjs')], {
    FOLIO_VERCEL_OUTPUT: target,
  });
}

/** The captured output for `runtime`, served, and removed when the server stops. */
export async function startVercelOutput(runtime: VercelRuntime): Promise<RunningServer> {
  const target = vercelOutput(runtime);
  return removedWhenStopped(
    () => serveVercelOutput(target),
    () => rmSync(target, { recursive: true, force: true }),
  );
}
