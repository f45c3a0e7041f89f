/**
 * Each runtime's code type-checks in its own TypeScript project (`npm run typecheck` runs them all):
 * portable code, which runs on every platform, sees the web platform's globals and no Node or Bun
 * ones, so `Buffer` or `Bun.version` there fails the check.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'test/fixtures/typecheck');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// Inside the project, so that type packages resolve from its node_modules as for its own tsconfig files.
mkdirSync(join(ROOT, 'test/artifacts'), { recursive: true });
const work = mkdtempSync(join(ROOT, 'test/artifacts/typecheck-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** tsc over `files` with the compiler options of one of the project's tsconfig files. */
function typecheck(project: string, files: string[]) {
  const config = join(work, `${project}-${files.length}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(ROOT, project),
      include: [],
      files: files.map((file) => join(FIXTURES, file)),
    }),
  );
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', config], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('portable code', () => {
  it('fails the check when it uses Buffer or Bun.version', () => {
    const { status, output } = typecheck('tsconfig.portable.json', [
      'uses-node-buffer.ts',
      'uses-bun-version.ts',
    ]);
    expect(status).not.toBe(0);
    expect(output).toMatch(/uses-node-buffer\.ts\(2,\d+\): error TS2\d+: Cannot find name 'Buffer'/);
    expect(output).toMatch(/uses-bun-version\.ts\(2,\d+\): error TS2\d+: Cannot find name 'Bun'/);
  }, 60_000);

  it('passes with the web platform globals every runtime has', () => {
    const { status, output } = typecheck('tsconfig.portable.json', ['uses-web-platform.ts']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);

  it('is every file of src/ that is not the build or a Node, Bun or Workers adapter', () => {
    const portable = JSON.parse(readFileSync(join(ROOT, 'tsconfig.portable.json'), 'utf8')) as {
      include: string[];
      exclude?: string[];
    };
    const covered = (file: string) =>
      portable.include.some((entry) => file === entry || file.startsWith(`${entry}/`)) &&
      !portable.exclude?.includes(file);
    const runtimeSpecific =
      /^src\/(build\/|commands\/|folders\/|runtime\/rate-stores\/durable-object|adapters\/(node|bun|cloudflare|self-hosted|file-source|compress|announce|delegate|worker-mark))/;
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(ROOT, join(ROOT, 'src', file)));
    const uncovered = files.filter((file) => !runtimeSpecific.test(file) && !covered(file));
    expect(uncovered).toEqual([]);
    expect(files.filter((file) => runtimeSpecific.test(file) && covered(file))).toEqual([]);
  });
});

describe('the Node project', () => {
  it('has Node’s globals: the same Buffer is fine there', () => {
    const { status, output } = typecheck('tsconfig.json', ['uses-node-buffer.ts']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
