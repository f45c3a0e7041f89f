/**
 * Rebuilding the deployment folder: a build killed (SIGKILL, a real child process) at each of its
 * steps leaves one complete deployment, put in place by the next server start or build, and the
 * next build leaves no temporary folder; a rebuild under a running Node or Bun server never gives an
 * answer that mixes the two deployments or cannot be parsed; a build that cannot write says so in
 * one line. Only the builds that are killed run as child processes; the others run the build
 * command in-process (the same arguments, output and exit code).
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDeployment, readDeploymentFiles } from '../src/adapters/file-source.ts';
import { nodeFileStreaming } from '../src/adapters/node-files.ts';
import { BUILD_STEPS, type BuildStep, writeDeployment } from '../src/build/write/write-deployment.ts';
import { BODIES_PREFIX, KEY_SET_KEY, MANIFEST_KEY } from '../src/core/deployment.ts';
import { keySetOf } from '../src/core/key-set.ts';
import { createHandler } from '../src/handler.ts';
import { DeploymentReplaced } from '../src/runtime/body-source.ts';
import { buildCommand } from './support/build-command.ts';
import { servedData } from './support/data.ts';
import { FIXTURES } from './support/fixtures.ts';
import { ROOT, startBun, startNode } from './support/server.ts';

const BLOG = join(FIXTURES, 'complete');
/** The two deployments built in turn: the same blog for two public addresses. */
const OLD = 'https://old.example';
/** Longer, so every offset in the new list heads differs from the old manifest's. */
const NEW = 'https://new-and-longer.example';
const NO_STACK = /\n\s+at /;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const buildArgs = (out: string, ...args: string[]) => [
  '--content',
  BLOG,
  '--out',
  out,
  '--now',
  '2026-01-01T00:00:00Z',
  ...args,
];

/** The build command, in-process. */
const build = (out: string, baseUrl: string, ...args: string[]) =>
  buildCommand(buildArgs(out, ...args), { env: { BASE_URL: baseUrl } });

/** The build command as a child process, killed at `step`. */
function buildKilledAt(out: string, baseUrl: string, step: BuildStep): Promise<Run> {
  return new Promise((done) => {
    // Node itself with tsx's loader, so the process a kill stops is the child (tsx's CLI would be its parent).
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/bin/build.ts', ...buildArgs(out)],
      { cwd: ROOT, env: { ...process.env, BASE_URL: baseUrl, FOLIO_BUILD_KILL_AT: step } },
      (_error, stdout, stderr) => done({ code: child.exitCode, signal: child.signalCode, stdout, stderr }),
    );
  });
}

/** Every file under `folder` by its relative path, with its bytes as text. */
function filesIn(folder: string): Map<string, string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    entries.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(folder, path), readFileSync(path, 'latin1')];
    }),
  );
}

/** What a build left beside the deployment folder `public` besides the deployment it names. */
const temporaries = (parent: string) => {
  const out = join(parent, 'public');
  const named = lstatSync(out).isSymbolicLink() ? readlinkSync(out) : undefined;
  return readdirSync(parent).filter((name) => name !== 'public' && name !== named);
};

let scratch: string;
/** The complete deployments the two builds write, to compare what is in place with. */
const reference = new Map<string, Map<string, string>>();
/** Where the build of each public address wrote its reference deployment. */
const referenceFolder = (baseUrl: string) => join(scratch, `reference-${[OLD, NEW].indexOf(baseUrl)}`);

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'folio-swap-'));
  for (const baseUrl of [OLD, NEW]) {
    const out = referenceFolder(baseUrl);
    expect((await build(out, baseUrl)).code).toBe(0);
    reference.set(baseUrl, filesIn(out));
  }
}, 120_000);

/**
 * The old deployment in place at `out`, as its build left it: a copy of the reference, the same
 * files a build of the same blog for the same address writes, without building it again.
 */
function oldDeploymentAt(out: string): void {
  // A real folder, as an older Folio left it (the reference's `public` is a link to its deployment).
  cpSync(referenceFolder(OLD), out, { recursive: true, dereference: true });
}

/** The old deployment in place at `out` as a build of this Folio leaves it: a link to its folder. */
async function oldLinkedDeploymentAt(out: string): Promise<void> {
  expect((await build(out, OLD)).code).toBe(0);
  expect(lstatSync(out).isSymbolicLink()).toBe(true);
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Which complete deployment the folder holds, or what is wrong with it. */
function deploymentIn(folder: string): string {
  const files = filesIn(folder);
  for (const [baseUrl, expected] of reference) {
    if (files.size === expected.size && [...expected].every(([path, text]) => files.get(path) === text))
      return baseUrl;
  }
  return `an incomplete or mixed deployment of ${files.size} files`;
}

/** Where a kill at each step leaves the folder: the old deployment until the new one is complete. */
const IN_PLACE: Record<BuildStep, string> = {
  writing: OLD,
  written: OLD,
  named: OLD,
  'moved-aside': NEW,
  swapped: NEW,
};

/**
 * What a plain static file server (no Folio code: a path is a file under the folder) answers for
 * every file of a reference deployment, read from `out` as it is: which complete deployment it
 * serves, or what is wrong.
 */
async function servedStatically(out: string): Promise<string> {
  const server = createServer((req, res) => {
    readFile(join(out, decodeURIComponent((req.url ?? '/').split('?')[0] as string))).then(
      (bytes) => res.writeHead(200, { 'content-length': bytes.length }).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const served = new Map<string, string>();
    for (const path of reference.get(OLD)?.keys() ?? []) {
      const response = await fetch(`${base}/${path.split('/').map(encodeURIComponent).join('/')}`);
      if (response.ok) served.set(path, Buffer.from(await response.arrayBuffer()).toString('latin1'));
    }
    for (const [baseUrl, expected] of reference)
      if ([...expected].every(([path, text]) => served.get(path) === text)) return baseUrl;
    return `an incomplete or mixed deployment (${served.size} files served)`;
  } finally {
    server.close();
  }
}

describe('a build killed at each step over a deployment this Folio built', () => {
  it.each(BUILD_STEPS.filter((step) => step !== 'moved-aside'))(
    'at %s leaves one complete deployment that a static file server reads as it is',
    async (step) => {
      const parent = join(scratch, `linked-killed-${step}`);
      const out = join(parent, 'public');
      await oldLinkedDeploymentAt(out);
      const killed = await buildKilledAt(out, NEW, step);
      expect(killed.signal).toBe('SIGKILL');
      // Nothing of Folio's has run since the kill: what is there is what any reader finds.
      expect(await servedStatically(out)).toBe(IN_PLACE[step]);

      expect((await build(out, OLD)).code).toBe(0);
      expect(await servedStatically(out)).toBe(OLD);
      expect(temporaries(parent)).toEqual([]);
    },
    120_000,
  );

  it('never moves a folder aside: the link is the one thing renamed over `out`', async () => {
    const parent = join(scratch, 'linked-moved-aside');
    const out = join(parent, 'public');
    await oldLinkedDeploymentAt(out);
    const run = await buildKilledAt(out, NEW, 'moved-aside');
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(await servedStatically(out)).toBe(NEW);
    expect(temporaries(parent)).toEqual([]);
  }, 120_000);
});

describe('a build killed at each step over a folder an older Folio built', () => {
  it.each(BUILD_STEPS)(
    'at %s leaves one complete deployment, and the next build no temporary folder',
    async (step) => {
      const parent = join(scratch, `killed-${step}`);
      const out = join(parent, 'public');
      oldDeploymentAt(out);
      const killed = await buildKilledAt(out, NEW, step);
      expect(killed.signal).toBe('SIGKILL');
      // The one instant without a folder: the older Folio's real folder moved aside, once.
      if (step !== 'moved-aside') expect(await servedStatically(out)).toBe(IN_PLACE[step]);

      // A server started now serves one complete deployment: the old one, or the new one when it was complete.
      const server = await startNode({ FOLIO_OUT: out });
      try {
        const index = (await (await fetch(`${server.url}/api/index.json`)).json()) as { links?: unknown };
        expect(JSON.stringify(index)).toContain(IN_PLACE[step]);
      } finally {
        await server.stop();
      }
      expect(deploymentIn(out)).toBe(IN_PLACE[step]);

      expect((await build(out, OLD)).code).toBe(0);
      expect(deploymentIn(out)).toBe(OLD);
      expect(temporaries(parent)).toEqual([]);
    },
    120_000,
  );
});

interface Tally {
  answers: number;
  failures: string[];
}

/** GETs answers from the server until `done`, checking each is whole and from one deployment. */
async function readUntil(url: string, done: () => boolean): Promise<Tally> {
  const tally: Tally = { answers: 0, failures: [] };
  const paths = ['/api/index.json', '/api/posts-en.json', '/openapi.json', '/api/posts.json'];
  let i = 0;
  while (!done()) {
    const limit = (i % 9) + 1; // the English list has 9 posts
    const path = paths[i++ % paths.length] as string;
    const target = path.includes('posts') ? `${path}?limit=${limit}` : path;
    const response = await fetch(url + target);
    const text = await response.text();
    tally.answers++;
    const from = [OLD, NEW].filter((baseUrl) => text.includes(baseUrl));
    try {
      const body = JSON.parse(text) as unknown;
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      if (Array.isArray(body) && body.length !== limit) throw new Error(`${body.length} posts, not ${limit}`);
      if (from.length !== 1) throw new Error(`from ${from.length} deployments`);
    } catch (error) {
      tally.failures.push(`${target}: ${(error as Error).message}: ${text.slice(0, 80)}`);
    }
  }
  return tally;
}

/** Waits until `condition` holds; the test's timeout bounds the wait. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('a rebuild under a running %s server', (name, start) => {
  it('never gives a torn or mixed answer, and the server follows the new deployment', async () => {
    const parent = join(scratch, `served-${name}`);
    const out = join(parent, 'public');
    oldDeploymentAt(out);
    const server = await start({ FOLIO_OUT: out, FOLIO_RATE_LIMIT_QUOTA: '1000000' });
    try {
      let building = true;
      const reading = Promise.all([1, 2, 3].map(() => readUntil(server.url, () => !building)));
      for (const baseUrl of [NEW, OLD, NEW]) {
        expect((await build(out, baseUrl)).code).toBe(0);
        // The server moves to each deployment while the readers go on, even once every answer they
        // ask for comes from its caches. (A build that follows at once could otherwise replace a
        // deployment before any reader had an answer from it.)
        await until(async () =>
          (await (await fetch(`${server.url}/api/index.json`)).text()).includes(baseUrl),
        );
      }
      building = false;
      const tallies = await reading;
      const failures = tallies.flatMap((tally) => tally.failures);
      expect(failures).toEqual([]);
      expect(tallies.reduce((sum, tally) => sum + tally.answers, 0)).toBeGreaterThan(100);
      expect(server.output()).not.toMatch(/error/i);
    } finally {
      await server.stop();
    }
    expect(temporaries(parent)).toEqual([]);
  }, 180_000);
});

describe('a server process reading a folder that a build replaces', () => {
  it('never reads a body of the new deployment with the old manifest', async () => {
    const out = join(scratch, 'in-process', 'public');
    const data = await servedData();
    const policy = { quota: 1000, windowSeconds: 60 };
    await writeDeployment(data, { baseUrl: OLD, policy }, out);
    const old = await fileDeployment(out, nodeFileStreaming);
    expect(await old.source.read('/api/index.json')).not.toBeNull();
    await writeDeployment(data, { baseUrl: NEW, policy }, out);

    expect(await old.isCurrent()).toBe(false);
    await expect(old.source.read('/api/posts-en.json.head')).rejects.toBeInstanceOf(DeploymentReplaced);
    // The handler over the old deployment gives no answer of its own: the server loads the new one.
    const handler = createHandler(old);
    const answer = handler.fetch(new Request(`${OLD}/api/posts-en.json?limit=3`), {
      clientAddress: '192.0.2.1',
    });
    await expect(answer).rejects.toBeInstanceOf(DeploymentReplaced);

    const current = await fileDeployment(out, nodeFileStreaming);
    const response = await createHandler(current).fetch(new Request(`${NEW}/api/posts-en.json?limit=3`));
    expect((await response.json()) as unknown[]).toHaveLength(3);
  });
});

describe('reading the manifest and key set of a folder that is replaced meanwhile', () => {
  // Whether the manifest read is still the folder's is told here, as a build replacing the folder
  // between the reads would make it: the first answers of `replaced` say it was replaced.
  const checkReplacedFor = (replaced: number) => {
    let checks = 0;
    return async () => ++checks > replaced;
  };

  it('reads both again when the folder was replaced in between', async () => {
    const out = join(scratch, 'replaced-once', 'public');
    oldDeploymentAt(out);
    const { manifest, mayHold } = await readDeploymentFiles(out, checkReplacedFor(4));
    expect(manifest.baseUrl).toBe(OLD);
    expect(mayHold('/api/index.json')).toBe(true);
  });

  it('gives up in one line after five reads, rather than reading forever', async () => {
    const out = join(scratch, 'replaced-always', 'public');
    oldDeploymentAt(out);
    await expect(readDeploymentFiles(out, checkReplacedFor(5))).rejects.toThrow(
      `folio: the build in ${out} was replaced 5 times while it was read; start the server once the builds are done`,
    );
  });
});

describe('the key set a build writes', () => {
  it('holds every body of the folder, and a key it does not hold is missing without a read', async () => {
    const out = join(scratch, 'key-set', 'public');
    oldDeploymentAt(out);
    const bodies = join(out, BODIES_PREFIX);
    const mayHold = keySetOf(readFileSync(bodies + KEY_SET_KEY));
    const keys = [...filesIn(bodies).keys()].map((path) => `/${path}`);
    expect(keys.filter((key) => !mayHold(key) && key !== KEY_SET_KEY && key !== MANIFEST_KEY)).toEqual([]);

    // A file the build did not write is not the deployment's: the server does not look for it.
    const stray = '/blog/not-built/index.html';
    expect(mayHold(stray)).toBe(false);
    mkdirSync(join(bodies, 'blog/not-built'));
    writeFileSync(bodies + stray, 'stray');
    const deployment = await fileDeployment(out, nodeFileStreaming);
    expect(await deployment.source.read(stray)).toBeNull();
    expect(await deployment.source.read('/api/index.json')).not.toBeNull();
  });
});

describe('a build that cannot write', () => {
  it('says what, where and why in one line, with exit code 1, and a stack only with --verbose', async () => {
    const parent = join(scratch, 'a-file');
    writeFileSync(parent, 'a file where the output folder should be');
    const out = join(parent, 'public');
    const failed = await build(out, OLD);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(`folio: cannot read ${parent}: not a directory (ENOTDIR)\n`);
    const verbose = await build(out, OLD, '--verbose');
    expect(verbose.code).toBe(1);
    expect(verbose.stderr.split('\n')[0]).toBe(`folio: cannot read ${parent}: not a directory (ENOTDIR)`);
    expect(verbose.stderr).toMatch(NO_STACK);
  });
});
