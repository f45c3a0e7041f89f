/**
 * Builds the test project the servers run in (TEST_PROJECT in test/support/server.ts) before the
 * suites: the served fixture blog, not the sample in content/, at the fixtures' build time, then its
 * bundles, then copies of the platforms' entry files beside them, as this repository has them.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILD_TIME, FIXTURES, SERVED_FIXTURE } from './support/fixtures.ts';
import { completeProject, projectDeployment, tsx } from './support/project.ts';
import { TEST_PROJECT } from './support/server.ts';

export default function setup() {
  rmSync(TEST_PROJECT, { recursive: true, force: true });
  const blog = resolve(FIXTURES, SERVED_FIXTURE);
  const deployment = projectDeployment(TEST_PROJECT);
  tsx('src/bin/build.ts', '--content', blog, '--out', deployment, '--now', BUILD_TIME.toISOString());
  completeProject(TEST_PROJECT);
}
