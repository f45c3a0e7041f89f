/**
 * `tsx src/build/command/run-build.ts --check` (in-process) and `npm run check` (a child process): a clean and a
 * broken content folder, in both formats, with the exact output and exit codes; nothing is written.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCommand, type CommandResult } from './support/build-command.ts';
import { FIXTURES } from './support/data.ts';
import { ROOT } from './support/server.ts';

const MINI = resolve(FIXTURES, 'mini');
const NOW = '2026-01-01';

function run(file: string, args: string[], cwd = ROOT): Promise<CommandResult> {
  // npm announces its own configuration warnings on stderr; only the command's lines matter here.
  const env = { ...process.env, npm_config_loglevel: 'error' };
  return new Promise((done) => {
    execFile(file, args, { cwd, env, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const check = (args: string[], cwd = ROOT) => buildCommand(['--check', ...args], { cwd });

/** Timings differ from run to run. */
const withoutTiming = (text: string) => text.replace(/\(\d+ ms\)/g, '(N ms)');

let workspace: string;
let broken: string;
let out: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'folio-check-'));
  broken = join(workspace, 'blog-content');
  out = join(workspace, 'out');
  await cp(MINI, broken, { recursive: true });
  await writeFile(
    join(broken, 'blog/en/2025-01-10_first.md'),
    '---\ntitle: T\ndescription: D\npubDate: soon\n---\nBody.\n',
  );
  await writeFile(
    join(broken, 'blog/en/2025-02-10_second.md'),
    '---\ntitle: T\ndescription: D\npubDate: 2025-02-10\nheroImage: "//evil.example/x.png"\n---\n',
  );
  await writeFile(join(broken, 'gone.yaml'), '# Removed for good\npaths:\n  - 12\n');
});

const PUB_DATE =
  'pubDate: expected a date such as 2026-03-04 or a date-time such as 2026-03-04T10:00:00 (UTC unless an offset such as +01:00 follows), received "soon"';
const GONE =
  'paths[0]: expected a site-relative path starting with a single / and without . or .. segments (such as /images/hero.webp), received 12';
const HERO =
  'heroImage: expected a site path (/images/hero.webp), a path relative to this file (./cover.png) or an http(s) URL, received "//evil.example/x.png"';

describe('check mode', () => {
  it('passes a clean folder with exit code 0, one summary line, and writes nothing', async () => {
    const result = await check(['--content', MINI, '--out', out, '--now', NOW]);
    expect({ ...result, stdout: withoutTiming(result.stdout) }).toEqual({
      code: 0,
      stdout: [
        `folio: checked 4 posts, 2 series, 2 decks in en, es (Folio layout) from ${MINI}: no problems, nothing written (N ms)`,
        'folio: skipped 1 draft and 1 future-dated entry (--verbose lists them)',
        '',
      ].join('\n'),
      stderr: '',
    });
    await expect(readdir(out)).rejects.toThrow();
  });

  it('checks a folder that states no name and no address, naming the blog after the address in use', async () => {
    const bare = join(workspace, 'no-site-yaml');
    await cp(MINI, bare, { recursive: true });
    await rm(join(bare, 'site.yaml'));
    const result = await check(['--content', bare, '--now', NOW]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'folio: inferred name "localhost:8787" (the host name of the address in use), languages en, es (the language folders)',
    );
  });

  it('prints every problem in one line each and exits 1', async () => {
    const result = await check(['--content', broken, '--out', out, '--now', NOW]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `folio: the content in ${broken} has 3 problem(s):`,
        `  blog/en/2025-01-10_first.md: ${PUB_DATE}`,
        `  blog/en/2025-02-10_second.md: ${HERO}`,
        `  gone.yaml: ${GONE}`,
        '',
      ].join('\n'),
    });
    await expect(readdir(out)).rejects.toThrow();
  });

  it('prints GitHub annotations with the field lines, paths relative to the working folder', async () => {
    const result = await check(['--content', 'blog-content', '--now', NOW, '--format', 'github'], workspace);
    expect(result).toEqual({
      code: 1,
      stdout: [
        `::error file=blog-content/blog/en/2025-01-10_first.md,line=4::blog/en/2025-01-10_first.md: ${PUB_DATE}`,
        `::error file=blog-content/blog/en/2025-02-10_second.md,line=5::blog/en/2025-02-10_second.md: ${HERO}`,
        `::error file=blog-content/gone.yaml,line=2::gone.yaml: ${GONE}`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('names files relative to the content folder when it is outside the working folder', async () => {
    const result = await check(['--content', broken, '--now', NOW, '--format', 'github']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe(
      `::error file=blog/en/2025-01-10_first.md,line=4::blog/en/2025-01-10_first.md: ${PUB_DATE}`,
    );
  });

  it('prints a clean folder in the github format as the summary alone', async () => {
    const result = await check(['--content', MINI, '--now', NOW, '--format', 'github']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('::error');
    expect(result.stderr).toBe('');
  });

  it('reports a missing folder as one annotation without a file', async () => {
    const missing = join(workspace, 'missing');
    expect(await check(['--content', missing, '--format', 'github'])).toEqual({
      code: 1,
      stdout: `::error::folio: the content folder ${missing} does not exist (set --content DIR or FOLIO_CONTENT)\n`,
      stderr: '',
    });
  });

  it('refuses a bad command line with exit code 2', async () => {
    expect(await check(['--format', 'xml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'folio build: --format expects text or github, received "xml" (--help lists the options)\n',
    });
  });

  it('runs as npm run check', async () => {
    const clean = await run('npm', ['run', '--silent', 'check', '--', '--content', MINI, '--now', NOW]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^folio: checked 4 posts/);
    const result = await run('npm', ['run', '--silent', 'check', '--', '--content', broken, '--now', NOW]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`  blog/en/2025-01-10_first.md: ${PUB_DATE}\n`);
  });
});
