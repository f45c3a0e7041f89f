/**
 * A project laid out as `npm run build` leaves this repository: the deployment folder in
 * dist/public, the bundles in dist/, and copies of the platforms' entry files beside them, which is
 * where each server of test/support/server.ts finds what its platform would run.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BIN, ROOT } from './server.ts';

/** What the platforms run, each importing the bundles from the dist/ next to it. */
const PLATFORM_ENTRIES = ['api/folio.js', 'deploy/netlify/folio.js', 'netlify.toml', 'wrangler.toml'];

export const projectDeployment = (project: string) => resolve(project, 'dist/public');

export function tsx(script: string, ...args: string[]) {
  execFileSync(resolve(BIN, 'tsx'), [script, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: '' },
  });
}

/** Bundles the project's deployment folder and puts the platforms' entry files beside the bundles. */
export function completeProject(project: string) {
  tsx('src/bin/bundle.ts', '--out', projectDeployment(project), '--dist', resolve(project, 'dist'));
  for (const entry of PLATFORM_ENTRIES) {
    mkdirSync(dirname(resolve(project, entry)), { recursive: true });
    copyFileSync(resolve(ROOT, entry), resolve(project, entry));
  }
}
