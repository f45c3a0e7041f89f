#!/usr/bin/env node
/**
 * Completes package-lock.json with the other platforms' optional packages (darwin, win32, ...)
 * when the registry in use serves only this platform's builds: npm then leaves them out of the
 * lock, and `npm ci` refuses the lock as out of sync. The entries are never fetched here (npm
 * skips optional packages it cannot install); run this after changing dependencies.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

function missingFromLock() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = `${error.stdout}${error.stderr}`;
    return [...output.matchAll(/Missing: (.+?)@\S* from lock file/g)].map((match) => match[1]);
  }
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const missing = missingFromLock();
let added = 0;
for (const name of missing) {
  const parents = Object.entries(lock.packages).filter(([, entry]) => entry.optionalDependencies?.[name]);
  if (!parents.length) throw new Error(`no package in the lock declares ${name} as optional`);
  for (const [path, parent] of parents) {
    const version = parent.optionalDependencies[name].replace(/^[\^~=]/, '');
    if (resolvedFrom(path, name)?.version === version) continue;
    // Beside the parent, where npm puts the build it installed for this platform.
    const at = `${path.slice(0, path.lastIndexOf('node_modules/'))}node_modules/${name}`;
    lock.packages[at] = { version, ...(parent.dev && { dev: true }), optional: true };
    added += 1;
  }
}
const [root, ...rest] = Object.entries(lock.packages);
rest.sort(([a], [b]) => (a < b ? -1 : 1));
lock.packages = Object.fromEntries([root, ...rest]);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform package(s)`);

/** The lock entry Node's resolution finds for `name` required from the package at `path`. */
function resolvedFrom(path, name) {
  const folders = [...path.matchAll(/node_modules/g)].map((match) => path.slice(0, match.index + 12));
  for (const folder of [`${path}/node_modules`, ...folders.reverse()]) {
    const entry = lock.packages[`${folder}/${name}`];
    if (entry) return entry;
  }
  return undefined;
}
