#!/usr/bin/env node
/**
 * Installs what only the tests (and the benchmark) run, unless it was installed from the very
 * lockfiles in the repository: first the pinned Node binaries (test/support/node-*, each its own
 * package), then the test runtimes of test/package.json (Bun, Deno, workerd, wrangler, Edge Runtime,
 * Lighthouse, Playwright) with npm running on that Node 22, which wrangler and Miniflare require:
 * on the Node 20 Folio still supports, npm would warn that their engines do not match.
 * `npm test` runs it first (pretest), CI in its install phase, so no test downloads anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';

const TEST = import.meta.dirname;
const NODES = ['node-18.0.0', 'node-22', 'node-24'].map((name) => resolve(TEST, 'support', name));
const INSTALLS = [...NODES, TEST];
/** The lockfiles every install was made from, as they were. */
const STAMP = resolve(TEST, 'node_modules/.folio-installed-from.json');

const locks = JSON.stringify(INSTALLS.map((dir) => readFileSync(resolve(dir, 'package-lock.json'), 'utf8')));
if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === locks) process.exit(0);

const npmCi = (cwd, env = process.env) =>
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd, env, stdio: 'inherit' });

console.error('folio: installing the test runtimes (test/package.json and test/support/node-*)');
for (const dir of NODES) npmCi(dir);
const node22 = resolve(TEST, 'support/node-22/node_modules/node-22/bin/node');
npmCi(TEST, { ...process.env, PATH: `${dirname(node22)}${delimiter}${process.env.PATH}` });
writeFileSync(STAMP, locks);
