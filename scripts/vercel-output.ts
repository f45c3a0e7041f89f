/**
 * Vercel's Build Output API v3 (https://vercel.com/docs/build-output-api/v3): the deployment's
 * bodies as static files under BODIES_PREFIX, the edge bundle as one Edge Function, and routes that
 * serve the bodies from the filesystem and send every other path to the function. `vercel deploy
 * --prebuilt` uploads it as it is; the build writes it when VERCEL is set or with --vercel-output.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODIES_PREFIX } from '../src/core/deployment.ts';

export const VERCEL_OUTPUT = '.vercel/output';
const FUNCTION = 'folio';

export interface VercelOutput {
  /** The deployment folder (its BODIES_PREFIX holds the bodies). */
  deployment: string;
  /** The bundled Edge Function (dist/vercel.js). */
  functionFile: string;
  /** Where to write the output, normally VERCEL_OUTPUT. */
  target: string;
}

/** Routes: a request under BODIES_PREFIX is a static file or 404; every other path is the function. */
export function vercelConfig() {
  const bodies = BODIES_PREFIX.replace(/^\/|\/$/g, '');
  return {
    version: 3,
    routes: [{ handle: 'filesystem' }, { src: `^/(?!${bodies}/).*$`, dest: `/${FUNCTION}` }],
  };
}

export function writeVercelOutput({ deployment, functionFile, target }: VercelOutput): void {
  rmSync(target, { recursive: true, force: true });
  const bodies = join(target, 'static', BODIES_PREFIX);
  mkdirSync(bodies, { recursive: true });
  cpSync(join(deployment, BODIES_PREFIX), bodies, { recursive: true });
  const functionDir = join(target, 'functions', `${FUNCTION}.func`);
  mkdirSync(functionDir, { recursive: true });
  cpSync(functionFile, join(functionDir, 'index.js'));
  writeJson(join(functionDir, '.vc-config.json'), { runtime: 'edge', entrypoint: 'index.js' });
  writeJson(join(target, 'config.json'), vercelConfig());
}

function writeJson(file: string, value: unknown) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
