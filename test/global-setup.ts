/** Builds the sample blog's data and the Node bundle once before the suites run. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { BIN, ROOT } from './support/server.ts';

export default function setup() {
  for (const script of ['scripts/build.ts', 'scripts/bundle.ts']) {
    execFileSync(resolve(BIN, 'tsx'), [script], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BASE_URL: '' },
    });
  }
}
