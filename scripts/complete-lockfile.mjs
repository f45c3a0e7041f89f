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
for (const name of missing) {
  const parent = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no package in the lock declares ${name} as optional`);
  const version = parent.optionalDependencies[name].replace(/^[\^~=]/, '');
  lock.packages[`node_modules/${name}`] = { version, ...(parent.dev && { dev: true }), optional: true };
}
const [root, ...rest] = Object.entries(lock.packages);
rest.sort(([a], [b]) => (a < b ? -1 : 1));
lock.packages = Object.fromEntries([root, ...rest]);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${missing.length} optional platform package(s)`);
