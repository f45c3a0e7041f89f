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
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// Inside the project, so that type packages resolve from its node_modules as for its own tsconfig files.
mkdirSync(join(ROOT, 'test/artifacts'), { recursive: true });
const work = mkdtempSync(join(ROOT, 'test/artifacts/typecheck-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Node's globals, as a slip in portable code would use them. */
const NODE_GLOBALS = ["export const bytes = Buffer.from('folio');", 'export const settings = process.env;'];
/** A probe that reaches for Node's and Bun's globals. */
const RUNTIME_GLOBALS = [...NODE_GLOBALS, 'export const runtime = Bun.version;'].join('\n');

/** A probe that uses only what every runtime has: the web platform's globals. */
const WEB_GLOBALS = [
  "export const bytes = new TextEncoder().encode('folio');",
  "export const answer = new Response(bytes, { headers: { 'content-type': 'text/plain' } });",
].join('\n');

/**
 * tsc over one of the project's tsconfig files with a probe added. With `whole`, the probe joins
 * that project's own files (its `include`, inherited): a global is visible to every file of a
 * program once any file or type package of it declares one, so the probe sees exactly what the
 * project's code sees. Without it the probe is checked alone, with the project's compiler options.
 */
function typecheckProbe(project: string, source: string, whole: boolean) {
  const folder = mkdtempSync(join(work, 'probe-'));
  writeFileSync(join(folder, 'probe.ts'), source);
  const config = join(folder, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({ extends: join(ROOT, project), ...(whole ? {} : { include: [] }), files: ['probe.ts'] }),
  );
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', config], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('portable code', () => {
  it('fails the check, with every file of the portable project, when it uses Buffer, process or Bun', () => {
    const { status, output } = typecheckProbe('tsconfig.portable.json', RUNTIME_GLOBALS, true);
    expect(status).not.toBe(0);
    expect(output).toMatch(/probe\.ts\(1,\d+\): error TS2\d+: Cannot find name 'Buffer'/);
    expect(output).toMatch(/probe\.ts\(2,\d+\): error TS2\d+: Cannot find name 'process'/);
    expect(output).toMatch(/probe\.ts\(3,\d+\): error TS2\d+: Cannot find name 'Bun'/);
  }, 120_000);

  it('passes, with every file of the portable project, with the web platform globals every runtime has', () => {
    const { status, output } = typecheckProbe('tsconfig.portable.json', WEB_GLOBALS, true);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('is every file of src/ that is not the build, the Astro integration (build time, on Node) or a Node, Bun or Workers adapter', () => {
    const portable = JSON.parse(readFileSync(join(ROOT, 'tsconfig.portable.json'), 'utf8')) as {
      include: string[];
      exclude?: string[];
    };
    const covered = (file: string) =>
      portable.include.some((entry) => file === entry || file.startsWith(`${entry}/`)) &&
      !portable.exclude?.includes(file);
    const runtimeSpecific =
      /^src\/(index\.ts|build\/|astro\/|bin\/|folders\/|runtime\/rate-stores\/|adapters\/(node|bun|cloudflare|self-hosted|file-source|compress|announce|delegate|worker-mark|mount))/;
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(ROOT, join(ROOT, 'src', file)));
    const uncovered = files.filter((file) => !runtimeSpecific.test(file) && !covered(file));
    expect(uncovered).toEqual([]);
    expect(files.filter((file) => runtimeSpecific.test(file) && covered(file))).toEqual([]);
  });
});

describe('the Node project', () => {
  it('has Node’s globals: the same Buffer and process are fine there', () => {
    const { status, output } = typecheckProbe('tsconfig.json', NODE_GLOBALS.join('\n'), false);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
