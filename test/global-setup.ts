/**
 * Builds the test project the servers run in (TEST_PROJECT in test/support/server.ts) before the
 * suites: the served fixture blog, not the sample in content/, at the fixtures' build time, then its
 * bundles, then copies of the platforms' entry files beside them, as this repository has them.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BUILD_TIME, FIXTURES, SERVED_FIXTURE } from './support/fixtures.ts';
import { BIN, ROOT, TEST_PROJECT } from './support/server.ts';

/** What the platforms run, each importing the bundles from the dist/ next to it. */
const PLATFORM_ENTRIES = ['api/folio.js', 'deploy/netlify/folio.js', 'wrangler.toml'];

function tsx(script: string, ...args: string[]) {
  execFileSync(resolve(BIN, 'tsx'), [script, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: '' },
  });
}

export default function setup() {
  const deployment = resolve(TEST_PROJECT, 'dist/public');
  rmSync(TEST_PROJECT, { recursive: true, force: true });
  const blog = resolve(FIXTURES, SERVED_FIXTURE);
  tsx('scripts/build.ts', '--content', blog, '--out', deployment, '--now', BUILD_TIME.toISOString());
  tsx('scripts/bundle.ts', '--out', deployment, '--dist', resolve(TEST_PROJECT, 'dist'));
  for (const entry of PLATFORM_ENTRIES) {
    mkdirSync(dirname(resolve(TEST_PROJECT, entry)), { recursive: true });
    copyFileSync(resolve(ROOT, entry), resolve(TEST_PROJECT, entry));
  }
}
