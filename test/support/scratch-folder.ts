/**
 * Setup file of every test file: the temporary folders of the file, made in this process or in any
 * process it starts (both ask `os.tmpdir()`, which reads TMPDIR), go in one folder of its own. That
 * folder is removed once the file's tests and hooks are done, the processes it started included
 * (test/support/no-leftover-processes.ts runs first), so a run leaves no folder behind, a failed
 * test's neither.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const outer = process.env.TMPDIR;
const scratch = mkdtempSync(join(tmpdir(), 'folio-test-'));
process.env.TMPDIR = scratch;

afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outer;
  rmSync(scratch, { recursive: true, force: true });
});
