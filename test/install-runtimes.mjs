#!/usr/bin/env node
/**
 * Installs the test runtimes (test/package.json: Bun, Deno, workerd, wrangler, Edge Runtime,
 * Lighthouse, Playwright, pinned Node binaries) with `npm ci` from test/package-lock.json, unless
 * the install in test/node_modules was made from that very lockfile. `npm test` runs it first
 * (pretest) and CI in its install phase, so no test downloads anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const TEST = import.meta.dirname;
const LOCK = resolve(TEST, 'package-lock.json');
/** A copy of the lockfile the install in test/node_modules was made from. */
const STAMP = resolve(TEST, 'node_modules/.folio-installed-from.json');

const lock = readFileSync(LOCK, 'utf8');
if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lock) process.exit(0);

console.error('folio: installing the test runtimes (test/package.json)');
execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TEST, stdio: 'inherit' });
writeFileSync(STAMP, lock);
