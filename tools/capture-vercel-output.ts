/**
 * Refreshes test/fixtures/vercel-output/: what Vercel's own `vercel build` writes for this project,
 * once per runtime api/folio.js can declare (edge/ and nodejs/). The tests serve that output as
 * Vercel routes it, so a change to vercel.json, api/folio.js or Vercel's CLI shows up in them.
 *   npx -p vercel@60.1.3 tsx tools/capture-vercel-output.ts
 * It builds a clone of the committed project (HEAD) with no login and no link: the local project
 * settings `vercel build` needs stand in .vercel/project.json. Vercel's build installs the
 * dependencies into the clone from the npm registry, as on Vercel. The small content blog of the tests
 * keeps the build short. Kept: config.json and each function's folder without its dist/ (the
 * bundles, which the tests take from their own build), and builds.json, the record of what built it
 * (the CLI's version among it); the static bodies are the deployment folder as built, so they are
 * left out too.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURE = resolve(ROOT, 'test/fixtures/vercel-output');
const RUNTIMES = ['edge', 'nodejs'] as const;
type Runtime = (typeof RUNTIMES)[number];

/** What `vercel link` would write: any ids do offline; the settings are the dashboard's. */
const PROJECT_SETTINGS = {
  projectId: 'prj_folio_local',
  orgId: 'team_folio_local',
  settings: { framework: null },
};

function cloneOfHead(): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-vercel-capture-'));
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir]);
  return dir;
}

/** api/folio.js as committed, but for `runtime`. */
function declareRuntime(project: string, runtime: Runtime) {
  const entry = join(project, 'api/folio.js');
  const source = execFileSync('git', ['show', 'HEAD:api/folio.js'], { cwd: project, encoding: 'utf8' });
  const declared = source.replace(/runtime: '[a-z]+'/, `runtime: '${runtime}'`);
  if (!declared.includes(`runtime: '${runtime}'`)) throw new Error('api/folio.js declares no runtime');
  writeFileSync(entry, declared);
}

function vercelBuild(project: string) {
  rmSync(join(project, '.vercel'), { recursive: true, force: true });
  mkdirSync(join(project, '.vercel'));
  writeFileSync(join(project, '.vercel/project.json'), `${JSON.stringify(PROJECT_SETTINGS)}\n`);
  execFileSync('vercel', ['build', '--yes'], {
    cwd: project,
    stdio: 'inherit',
    env: {
      ...process.env,
      FOLIO_CONTENT: 'test/fixtures/mini',
      BASE_URL: 'https://folio.example',
      VERCEL_TELEMETRY_DISABLED: '1',
    },
  });
}

interface BuildsRecord {
  argv?: string[];
  builds?: { requirePath?: string }[];
}

/**
 * builds.json, what `vercel build` records of the build (the CLI's version, the framework detection,
 * each builder and its settings), without the paths of this machine: the command line and where
 * each builder was loaded from.
 */
function buildsRecord(output: string): string {
  const {
    argv: _commandLine,
    builds = [],
    ...record
  }: BuildsRecord = JSON.parse(readFileSync(join(output, 'builds.json'), 'utf8'));
  const withoutPaths = builds.map(({ requirePath: _loadedFrom, ...build }) => build);
  return `${JSON.stringify({ ...record, builds: withoutPaths }, null, 2)}\n`;
}

/** config.json, builds.json without this machine's paths, and every function folder without the bundles under its dist/. */
function keep(output: string, target: string) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(join(output, 'config.json'), join(target, 'config.json'));
  writeFileSync(join(target, 'builds.json'), buildsRecord(output));
  cpSync(join(output, 'functions'), join(target, 'functions'), {
    recursive: true,
    filter: (path) => !relative(output, path).split('/').includes('dist'),
  });
  const functions = readdirSync(join(target, 'functions'), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.func'));
  console.log(`${relative(ROOT, target)}: config.json, ${functions.join(', ')}`);
}

const project = cloneOfHead();
try {
  for (const runtime of RUNTIMES) {
    declareRuntime(project, runtime);
    vercelBuild(project);
    keep(join(project, '.vercel/output'), join(FIXTURE, runtime));
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}
