/**
 * A smoke run of `npm run bench -- --quick`: it runs to the end and prints every table and ratio.
 * No timing assertions: the figures depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

it('npm run bench -- --quick prints the tables with every ratio', { timeout: 300_000 }, () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/run.ts', '--quick', '--connections', '10', '--addresses', '150000'],
    { cwd: ROOT, encoding: 'utf8', timeout: 290_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  const out = run.stdout;
  for (const heading of [
    '## Throughput and latency',
    '## Ratios (same run)',
    '## Scale:',
    '## Rate limiter:',
    '## Targets',
  ])
    expect(out).toContain(heading);
  expect(out).toMatch(/\| route +\| contender +\| +req\/s \| +p50 \| +p99 \| status \|/);
  expect(out).toContain('Folio Node / raw node:http');
  expect(out).toContain('Folio Node / Hono');
  expect(out).toMatch(/posts-en limit=10 +\| +\d+\.\d\dx \| +\d+\.\d\dx/);
  expect(out).toMatch(/bytes per tracked client: \d+/);
  expect(out).toMatch(/\d+ of \d+ targets met\./);
});
