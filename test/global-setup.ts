/** Builds the sample blog's data and the Node bundle once before the suites run. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { BIN, ROOT } from './support/server.ts';

export default function setup() {
  for (const script of ['scripts/build.ts', 'scripts/bundle.ts']) {
    // Vite sets BASE_URL to its own base path; the build must use the content's address.
    const { BASE_URL: _vite, ...env } = process.env;
    execFileSync(resolve(BIN, 'tsx'), [script], { cwd: ROOT, stdio: 'inherit', env });
  }
}
