/**
 * `npm test` on a machine without what npm cannot install (redis-server): its first step stops
 * before installing anything, with one line that names the command to run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/server.ts';

/** A PATH with Node alone on it: no redis-server, no apt-get. */
function pathWithNodeOnly(): string {
  const bin = mkdtempSync(join(tmpdir(), 'node-only-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  return bin;
}

it('stops at once with one line naming the command when redis-server is missing and cannot be installed', () => {
  const run = spawnSync(process.execPath, [resolve(ROOT, 'test/install-runtimes.mjs')], {
    env: { PATH: pathWithNodeOnly(), HOME: process.env.HOME ?? '' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^folio: the tests need redis-server, which npm cannot install: run `sudo apt-get install -y redis-server`/,
  );
  expect(lines[0]).toContain('`brew install redis`');
});
