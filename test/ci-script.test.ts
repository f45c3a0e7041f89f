/**
 * .ci/run as CI executes it: CI=true for every check and suite (without it the Chromium suite may
 * skip), and every download (apt-get, npm ci, the test runtimes) before the first of them, so no test
 * downloads anything.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/server.ts';

/** The script's commands, one a line, without comments and blank lines. */
const commands = readFileSync(resolve(ROOT, '.ci/run'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
  .filter(Boolean);

const firstLine = (pattern: RegExp) => commands.findIndex((command) => pattern.test(command));

it('exports CI=true before the first check or suite runs', () => {
  const exported = firstLine(/^export CI=true$/);
  expect(exported, commands.join('\n')).toBeGreaterThanOrEqual(0);
  expect(exported).toBeLessThan(firstLine(/^npm run lint$/));
  expect(exported).toBeLessThan(firstLine(/^npm test$/));
});

it('downloads everything before the first check', () => {
  const firstCheck = firstLine(/^npm run lint$/);
  for (const download of [/apt-get install/, /^npm ci\b/, /^node test\/install-runtimes\.mjs$/]) {
    const at = firstLine(download);
    expect(at, String(download)).toBeGreaterThanOrEqual(0);
    expect(at, String(download)).toBeLessThan(firstCheck);
  }
  const laterInstalls = commands
    .slice(firstCheck)
    .filter((command) => /apt-get|npm (ci|install)|install-runtimes/.test(command));
  expect(laterInstalls).toEqual([]);
});
