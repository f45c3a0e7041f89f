/**
 * The Chromium the browser tests and Lighthouse run: the headless build that the npm package
 * @sparticuz/chromium ships (pinned in test/package.json), so a fresh machine needs no system
 * browser. The package ships the binary compressed; `npm test`'s install step unpacks it once
 * into test/node_modules, where the next `npm ci` of test/ removes it with the rest.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const TEST = resolve(import.meta.dirname, '..');

/** The unpacked build: the binary, its fonts and its software GL, side by side. */
export const CHROMIUM_FOLDER = resolve(TEST, 'node_modules/.chromium');
export const CHROMIUM = resolve(CHROMIUM_FOLDER, 'chromium');

/**
 * Headless, and quiet on a machine with no network: without the background-networking flags
 * Chromium keeps trying hosts it cannot reach. `--no-sandbox` because the tests may run as root.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Unpacks the package's binary with the package's own code, on `node` (the package requires
 * Node 22): it unpacks into the system's temporary folder, so that folder is pointed at a partial
 * folder beside the final one, renamed into place once everything is there.
 */
export function unpackChromium(node) {
  const partial = `${CHROMIUM_FOLDER}-partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const unpack = "(await import('@sparticuz/chromium')).default.executablePath()";
  execFileSync(node, ['--input-type=module', '-e', `await ${unpack}`], {
    cwd: TEST,
    env: { ...process.env, TMPDIR: partial },
    stdio: 'inherit',
  });
  rmSync(CHROMIUM_FOLDER, { recursive: true, force: true });
  renameSync(partial, CHROMIUM_FOLDER);
}
