/**
 * The README's quick start as a user runs it: `npm start` in a fresh copy of the repository (the
 * files git tracks plus uncommitted ones, no build output), with only PORT set, then a few
 * requests, then Ctrl-C; then `npm run start:bun` the same way, with no Bun on the PATH. It serves
 * whatever blog is in content/, so it expects only what any blog gives. The copy borrows this checkout's node_modules through a symlink instead
 * of running `npm ci` again: a second install would download every package in the middle of the
 * test run and take minutes; `npm ci` itself is what CI's install phase runs.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RUNTIMES_BIN } from './support/runtimes.ts';
import { freePort, ROOT, spawnGroup, waitUntilAnswering } from './support/server.ts';

interface IndexPost {
  title: string;
  url: string;
}

interface ToolsList {
  result: { tools: Array<{ name: string; inputSchema: { properties: Record<string, { type?: string }> } }> };
}

let copy = '';
let port = 0;
let base = '';
let npmStart: ChildProcess | undefined;
let log = '';

/** A copy of the repository as a clone would have it, with the uncommitted changes. */
function copyRepository(): string {
  const target = mkdtempSync(join(tmpdir(), 'folio-quick-start-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(resolve(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(resolve(ROOT, file), join(target, file));
  }
  symlinkSync(resolve(ROOT, 'node_modules'), join(target, 'node_modules'), 'dir');
  return target;
}

/** A user's shell: none of the test runner's, npm's or Folio's variables, and PORT. */
function userEnvironment(listenPort = port): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(npm_|VITEST|FOLIO_)/i.test(name)) continue;
    if (['BASE_URL', 'HOST', 'PORT', 'NODE_ENV', 'INIT_CWD'].includes(name)) continue;
    env[name] = value;
  }
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules'));
  return { ...env, PATH: path.join(delimiter), PORT: String(listenPort) };
}

/** Runs an npm script in the copy as a user would, its output kept in `log`, and waits until it serves. */
async function npmRun(args: string[], listenPort: number, ...pathFirst: string[]): Promise<ChildProcess> {
  const env = userEnvironment(listenPort);
  const child = spawnGroup('npm', args, {
    cwd: copy,
    env: { ...env, PATH: [...pathFirst, env.PATH].join(delimiter) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitUntilAnswering(`http://localhost:${listenPort}`, child, () => log, 180_000);
  return child;
}

/** The executables of a process's descendants (Linux /proc). */
function descendantExecutables(pid: number): string[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while being listed
    }
  }
  const isDescendant = (child: number): boolean => {
    const parent = parents.get(child);
    return parent === pid || (parent !== undefined && parent > 1 && isDescendant(parent));
  };
  return [...parents.keys()].filter(isDescendant).flatMap((child) => {
    try {
      return [readlinkSync(`/proc/${child}/exe`)];
    } catch {
      return [];
    }
  });
}

/** Ctrl-C: SIGINT to npm's whole process group (npm does not pass SIGTERM on to the server). */
function pressCtrlC(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    process.kill(-child.pid!, 'SIGINT');
  });
}

/** A stateless MCP `tools/list` call, as an agent makes it. */
async function listTools(): Promise<ToolsList> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  copy = copyRepository();
  expect(existsSync(join(copy, 'dist'))).toBe(false);
  port = await freePort();
  base = `http://localhost:${port}`;
  npmStart = await npmRun(['start'], port);
}, 200_000);

afterAll(async () => {
  if (npmStart) await pressCtrlC(npmStart);
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('the README quick start is `npm ci && npm start`, serving on http://localhost:8787', () => {
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const quickStart = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(quickStart).toMatch(/^npm ci && npm start\s+# serves the sample blog on http:\/\/localhost:8787$/m);
});

it('npm start built the site in the copy and says where it serves', () => {
  expect(existsSync(join(copy, 'dist/node.mjs'))).toBe(true);
  expect(log).toContain(`:${port}`);
});

it('GET /api/index.json: the API index, its links on http://localhost:PORT', async () => {
  const response = await fetch(`${base}/api/index.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const index = await response.json();
  expect(index.links.openapi).toBe(`${base}/openapi.json`);
  expect(index.links.mcp_endpoint).toBe(`${base}/mcp`);
  const operations: string[] = index.endpoints.map((e: { operationId: string }) => e.operationId);
  expect(operations).toContain('listPosts');
  expect(operations.filter((id) => /^listPostsIn[A-Z]/.test(id))).not.toEqual([]);
});

it("a post's page is HTML with its title", async () => {
  const posts: IndexPost[] = await (await fetch(`${base}/api/posts.json`)).json();
  // A title with no character HTML would escape, so it appears in the page as it is.
  const post = posts.find((p) => !/[&<>"']/.test(p.title));
  expect(post?.url.startsWith(`${base}/`)).toBe(true);
  const response = await fetch(post!.url, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toContain(post!.title);
});

it('MCP tools/list on POST /mcp lists the search tool with its input schema', async () => {
  const { result } = await listTools();
  const search = result.tools.find((tool) => tool.name === 'search_blog_posts');
  expect(search?.inputSchema.properties.query?.type).toBe('string');
});

it('Ctrl-C stops it', async () => {
  await pressCtrlC(npmStart!);
  await expect(fetch(`${base}/api/index.json`)).rejects.toThrow();
});

it('npm run start:bun builds and serves on the Bun on the PATH', async () => {
  const path = userEnvironment().PATH!.split(delimiter);
  expect(path.filter((dir) => existsSync(join(dir, 'bun')))).toEqual([]);
  // A user's Bun: the test runtimes' binary, as `bun` in a folder of its own put on the PATH.
  const installedBun = realpathSync(resolve(RUNTIMES_BIN, 'bun'));
  const userBin = join(copy, '.user-bin');
  mkdirSync(userBin);
  symlinkSync(installedBun, join(userBin, 'bun'));
  const bunPort = await freePort();
  const bunStart = await npmRun(['run', 'start:bun'], bunPort, userBin);
  try {
    // A Bun serves: the first on npm's PATH, which puts node_modules/.bin before the user's folders.
    expect(descendantExecutables(bunStart.pid!).map((exe) => basename(exe))).toContain(
      basename(installedBun),
    );
    const response = await fetch(`http://localhost:${bunPort}/api/index.json`);
    expect(response.status).toBe(200);
    const index = await response.json();
    expect(index.links.mcp_endpoint).toBe(`http://localhost:${bunPort}/mcp`);
  } finally {
    await pressCtrlC(bunStart);
  }
}, 200_000);
