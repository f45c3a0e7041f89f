/**
 * The build and bundle commands as people run them: in-process through the functions their entries
 * call (src/bin/), and as child processes once each way a person starts them: the build's
 * entry through a symbolic link to the project, `npm run prepare`, and `npm start` (which builds and
 * bundles first). The child processes run in a copy of the project in a folder whose path has
 * spaces, so the project's own data is untouched.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentStats,
  deploymentSummary,
  PLATFORM_LIMITS,
} from '../src/build/bundle/deployment-limits.ts';
import { runBundle } from '../src/build/bundle/run-bundle.ts';
import { USAGE } from '../src/build/command/options.ts';
import {
  directFileWriter,
  type FileSizes,
  type FileWriter,
  fileWriter,
} from '../src/build/write/file-writer.ts';
import { buildCommand, type CommandResult } from './support/build-command.ts';
import { FIXTURES } from './support/data.ts';
import { BIN, ROOT, type RunningServer, startProcess, TEST_PROJECT } from './support/server.ts';

const ASTRO = resolve(FIXTURES, 'field-notes/src/content');
const MINI = resolve(FIXTURES, 'mini');
/** The blog in the copied project's own content/ (in place of the sample, which is not the subject here). */
const PROJECT_BLOG = resolve(FIXTURES, 'carnet/src/content');
const TSX = resolve(BIN, 'tsx');
const NO_STACK = /\n\s+at /;
/** npm commands build, and some bundle too: minutes on a loaded machine. */
const SLOW = 180_000;

function command(
  file: string,
  args: string[],
  cwd = ROOT,
  env: Record<string, string> = {},
): Promise<CommandResult> {
  return new Promise((done) => {
    execFile(file, args, { cwd, env: { ...process.env, ...env }, timeout: SLOW }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const build = (args: string[], cwd = ROOT) => buildCommand(args, { cwd });

/** The bundle command in-process: its exit code and output. */
async function bundle(args: string[]): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await runBundle(args, {
    env: process.env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

async function tempDir(prefix: string) {
  return mkdtemp(join(tmpdir(), prefix));
}

describe('the build command', () => {
  it('prints its usage with --help', async () => {
    expect(await build(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it.each([
    [['--colour'], 'unknown option --colour'],
    [['-x'], 'unknown option -x'],
    [['--content'], '--content needs a value'],
    [['--strict=yes'], '--strict takes no value'],
    [['content'], 'unexpected argument "content"'],
    [['--layout', 'hugo'], '--layout expects folio or astro, received "hugo"'],
    [
      ['--now', 'tomorrow'],
      '--now expects a date such as 2026-01-01 or 2026-01-01T10:00:00Z, received "tomorrow"',
    ],
  ])('refuses %j in one line with exit code 2', async (args, message) => {
    expect(await build(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `folio build: ${message} (--help lists the options)\n`,
    });
  });

  it('fails on bad content with one line per problem, files relative to the folder, and writes nothing', async () => {
    const dir = await tempDir('folio-broken-');
    await cp(MINI, dir, { recursive: true });
    await writeFile(
      join(dir, 'blog/en/2025-01-10_first.md'),
      '---\ntitle: T\ndescription: D\npubDate: soon\n---\nBody.\n',
    );
    await writeFile(
      join(dir, 'blog/en/2025-02-10_second.md'),
      '---\ntitle: T\ndescription: D\npubDate: 2025-02-10\nheroImage: "//evil.example/x.png"\n---\n',
    );
    const out = join(dir, 'out');
    expect(await build(['--content', dir, '--out', out, '--now', '2026-01-01'])).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `folio: the content in ${dir} has 2 problem(s):`,
        '  blog/en/2025-01-10_first.md: pubDate: expected a date such as 2026-03-04 or a date-time such as 2026-03-04T10:00:00 (UTC unless an offset such as +01:00 follows), received "soon"',
        '  blog/en/2025-02-10_second.md: heroImage: expected a site path (/images/hero.webp), a path relative to this file (./cover.png) or an http(s) URL, received "//evil.example/x.png"',
        '',
      ].join('\n'),
    });
    await expect(readdir(out)).rejects.toThrow();
  });

  it('fails with one line when the content folder does not exist', async () => {
    const missing = join(tmpdir(), 'no-such-folio-content');
    expect(await build(['--content', missing, '--out', join(tmpdir(), 'folio-none')])).toEqual({
      code: 1,
      stdout: '',
      stderr: `folio: the content folder ${missing} does not exist (set --content DIR or FOLIO_CONTENT)\n`,
    });
  });

  it("warns about a deployment over the Workers Free plan's file count, naming the plan that takes it", async () => {
    const out = await tempDir('folio-out-');
    // The Free plan's 20,000 files, lowered below what the small blog's deployment holds.
    const limits = PLATFORM_LIMITS.map((limit) =>
      limit.platform === 'Cloudflare Workers Free' ? { ...limit, max: 100 } : limit,
    );
    const result = await buildCommand(['--content', MINI, '--out', out, '--now', '2026-01-01'], { limits });
    expect(result.code).toBe(0);
    // The summary is added up as the files are written; the folder on disk says the same.
    const onDisk = deploymentStats(out);
    const { files } = onDisk;
    expect(files).toBeGreaterThan(100);
    expect(result.stdout).toContain(`folio: ${deploymentSummary(onDisk)}\n`);
    expect(result.stdout.split('\n').filter((line) => line.includes('warning'))).toEqual([
      `folio: warning: over a platform's limit: Cloudflare Workers Free: ${files} files, over its 100 (the Workers Paid plan takes 100,000 files per Worker version)`,
    ]);
  });

  it('summarises what it left out, lists it with --verbose, and refuses unknown fields with --strict', async () => {
    const out = await tempDir('folio-out-');
    const quiet = await build(['--content', ASTRO, '--out', out, '--now', '2026-01-01']);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toMatch(
      new RegExp(
        `^folio: built 3 posts, 2 series, 2 decks in en, es \\(Astro layout\\) from ${ASTRO} for https://\\S+ into ${out} in \\d+ ms\n`,
      ),
    );
    expect(quiet.stdout.split('\n').slice(1)).toEqual([
      'folio: inferred name "notes.example" (the host name), languages en, es (the language folders), description and author "notes.example" (the name)',
      'folio: skipped 1 draft and 1 future-dated entry (--verbose lists them)',
      'folio: ignored fields: heroLayout (3 files), color (1), theme (1)',
      'folio: .mdx rendered as Markdown without import/export lines (2 files), JSX component blocks (1 file: Figure), {…} expressions (1 file)',
      'folio: ignored 2 files under names starting with _ (--verbose lists them)',
      expect.stringMatching(
        /^folio: the deployment holds \d+ files, [\d.]+ MiB; the largest is _folio\/\S+ \([\d.]+ MiB\)$/,
      ),
      '',
    ]);
    const verbose = await build(['--content', ASTRO, '--out', out, '--now', '2026-01-01', '--verbose']);
    expect(verbose.stdout).toContain(
      [
        'folio: skipped 1 draft and 1 future-dated entry:',
        '  draft: blog/en/2025-04-01_draft.md',
        '  dated 2099-01-01T06:00:00.000Z: blog/en/2099-01-01_future.md',
      ].join('\n'),
    );
    expect(verbose.stdout).toContain(
      '  blog/en/_drafts/2025-03-01_unfinished.md\n  slides/_layouts/deck.md\n',
    );
    const strict = await build(['--content', ASTRO, '--out', out, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      '  blog/en/2025-01-10_first.mdx: heroLayout: expected one of the fields title, description, pubDate, updatedDate, tags, heroImage, series, seriesOrder, keywords, relatedPost, relatedSlide, author, draft, received a field Folio does not use (--strict refuses those)\n',
    );
    expect(strict.stderr).not.toMatch(NO_STACK);
  });
});

describe('a build that fills the disk', () => {
  /** A file system writer, with the first file the build writes made a link to /dev/full, where every write fails with ENOSPC. */
  function fillingTheDisk(
    full: { path?: string },
    open: (sized: FileSizes) => FileWriter,
  ): (sized: FileSizes) => FileWriter {
    return (sized) => {
      const writer = open(sized);
      return {
        write(path, body) {
          if (full.path === undefined) {
            full.path = path;
            mkdirSync(dirname(path), { recursive: true });
            symlinkSync('/dev/full', path);
          }
          return writer.write(path, body);
        },
        close: writer.close,
      };
    };
  }

  /** Every file under `folder` by its relative path, with its bytes as text. */
  async function filesIn(folder: string): Promise<Map<string, string>> {
    const entries = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    return new Map(
      await Promise.all(
        entries.map(async (entry): Promise<[string, string]> => {
          const path = join(entry.parentPath, entry.name);
          return [path, await readFile(path, 'latin1')];
        }),
      ),
    );
  }

  it.each([
    ['on a worker thread (a large blog)', fileWriter],
    ["on the build's thread (a small blog)", directFileWriter],
  ])(
    'says which file it could not write and why in one line, exit code 1, the previous output intact; a stack only with --verbose: writing %s',
    async (_name, open) => {
      const parent = await tempDir('folio-full-');
      const out = join(parent, 'public');
      const args = ['--content', MINI, '--out', out, '--now', '2026-01-01'];
      expect((await build(args)).code).toBe(0);
      const before = await filesIn(out);

      const full: { path?: string } = {};
      const failed = await buildCommand(args, { files: fillingTheDisk(full, open) });
      expect(full.path).toContain(`${out}.building-`);
      expect(failed).toEqual({
        code: 1,
        stdout: '',
        stderr: `folio: cannot write ${full.path}: no space left on device (ENOSPC)\n`,
      });
      expect(await filesIn(out)).toEqual(before);
      // The link and the deployment it names: nothing of the failed build.
      expect((await readdir(parent)).sort()).toEqual(['public', await readlink(out)].sort());

      const verbose: { path?: string } = {};
      const told = await buildCommand([...args, '--verbose'], { files: fillingTheDisk(verbose, open) });
      expect(told.code).toBe(1);
      expect(told.stderr.split('\n')[0]).toBe(
        `folio: cannot write ${verbose.path}: no space left on device (ENOSPC)`,
      );
      expect(told.stderr).toMatch(NO_STACK);
      expect(await filesIn(out)).toEqual(before);
    },
  );
});

describe('the build from a folder whose path has spaces', () => {
  let parent: string;
  let project: string;
  let blog: string;
  let server: RunningServer | undefined;

  /** The post index of the deployment a build wrote, as text. */
  const dataIn = (dir: string) => readFile(join(dir, '_folio/api/posts.json'), 'utf8');
  const generated = () => dataIn(join(project, 'dist/public'));

  beforeAll(async () => {
    parent = await tempDir('folio build ');
    project = join(parent, 'folio app');
    blog = join(parent, 'my blog', 'src', 'content');
    await mkdir(project);
    for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'src']) {
      await cp(join(ROOT, entry), join(project, entry), { recursive: true });
    }
    await cp(PROJECT_BLOG, join(project, 'content'), { recursive: true });
    await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
    // The whole site, its public/ folder with the images the posts name among it.
    await cp(resolve(ASTRO, '../..'), join(parent, 'my blog'), { recursive: true });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('writes the data', async () => {
    const out = join(parent, 'out one');
    const result = await build(['--content', blog, '--out', out], project);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^folio: built 3 posts/);
    expect(await dataIn(out)).toContain('Primera entrada');
  });

  it('tsx src/build/command/run-build.ts through a symbolic link to the project, run from elsewhere', async () => {
    const link = join(parent, 'linked app');
    await symlink(project, link, 'dir');
    const out = join(parent, 'out two');
    const result = await command(
      TSX,
      [join(link, 'src/bin/build.ts'), '--content', blog, '--out', out],
      tmpdir(),
    );
    expect(result.stdout).toMatch(/^folio: built 3 posts/);
    expect(await dataIn(out)).toContain('Primera entrada');
  });

  it(
    "prepare builds the project's content/, whatever FOLIO_CONTENT says",
    async () => {
      const result = await command('npm', ['run', 'prepare'], project, { FOLIO_CONTENT: blog });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`from ${join(project, 'content')} for`);
      expect(await generated()).toContain('Premier billet');
      expect(await generated()).not.toContain('Primera entrada');
    },
    SLOW,
  );

  it(
    'FOLIO_CONTENT=DIR npm start builds DIR, bundles it and serves it',
    async () => {
      server = await startProcess('npm', ['--prefix', project, 'start'], { FOLIO_CONTENT: blog }, SLOW);
      const posts = (await (await fetch(`${server.url}/api/posts.json`)).json()) as { title: string }[];
      expect(posts.map((post) => post.title).sort()).toEqual([
        'First post',
        'Primera entrada',
        'Second post',
      ]);
      // npm run build (prestart) wrote the deployment and, in its postbuild step, the edge bundles.
      expect(await generated()).toContain('Primera entrada');
      expect(await readFile(join(project, 'dist/cloudflare.js'), 'utf8')).toContain(server.url);
    },
    SLOW,
  );
});

describe('the bundle command', () => {
  const BUNDLES = ['node.mjs', 'vercel.js', 'netlify.js', 'cloudflare.js'];
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'folio-bundles-'));
    for (const name of BUNDLES) await writeFile(join(dist, name), 'previous');
    await mkdir(join(dist, 'node-chunks'));
    await writeFile(join(dist, 'node-chunks/stale.mjs'), 'previous');
  });

  it('refuses a folder with no deployment in one line, leaving every previous bundle as it was', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'folio-no-deployment-'));
    const result = await bundle(['--out', empty, '--dist', dist]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `folio: ${empty} holds no deployment (no _folio/manifest.json): run npm run build; the previous bundles are unchanged`,
    ]);
    for (const name of BUNDLES) expect(await readFile(join(dist, name), 'utf8')).toBe('previous');
  });

  it(
    'writes every bundle and the chunks its Node server imports, and nothing half-written or stale',
    async () => {
      const deployment = join(TEST_PROJECT, 'dist/public');
      const result = await bundle(['--out', deployment, '--dist', dist]);
      expect(result.code).toBe(0);
      for (const name of BUNDLES) expect(await readFile(join(dist, name), 'utf8')).not.toBe('previous');
      const chunks = await readdir(join(dist, 'node-chunks'));
      const imported = [
        ...(await readFile(join(dist, 'node.mjs'), 'utf8')).matchAll(/node-chunks\/([\w.-]+\.mjs)/g),
      ];
      expect(imported.length).toBeGreaterThan(0);
      for (const [, chunk] of imported) expect(chunks).toContain(chunk);
      expect(chunks).not.toContain('stale.mjs');
      expect([...(await readdir(dist)), ...chunks].filter((name) => name.includes('.writing-'))).toEqual([]);
    },
    SLOW,
  );
});
