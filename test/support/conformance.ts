/**
 * The shared black-box conformance check, found next to the repository when it is there. Outside
 * CI its test skips, saying why, when the check is absent; in CI (CI=true) it must run, so an
 * absent check fails the test instead of skipping it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './server.ts';

const CONFORMANCE = resolve(ROOT, '../shared/conformance/check.mjs');
const present = existsSync(CONFORMANCE);
const inCi = process.env.CI === 'true';

if (!present && !inCi)
  console.log(`conformance check skipped: no ${CONFORMANCE} (the shared folder beside the repository)`);

/** Whether the conformance test runs: always in CI, where it fails without the check. */
export const runConformance = present || inCi;

/**
 * Runs the check, rate limit included, against a fresh server at `url` and expects no failure
 * but one line matching each of `known` (a runtime's documented difference), if any.
 */
export async function expectConformance(url: string, known: readonly RegExp[] = []): Promise<void> {
  if (!present) throw new Error(`CI=true but no conformance check at ${CONFORMANCE}`);
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    execFile(process.execPath, [CONFORMANCE, url, '--rate-limit'], { timeout: 120_000 }, (error, stdout) =>
      done({ code: error ? Number(error.code ?? 1) : 0, output: stdout }),
    );
  });
  const failures = output.split('\n').filter((line) => line.startsWith('FAIL'));
  expect(failures).toEqual(known.map((line) => expect.stringMatching(line)));
  expect(output).toMatch(new RegExp(`\\d+ passed, ${known.length} failed`));
  expect(code).toBe(known.length ? 1 : 0);
}
