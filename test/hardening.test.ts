/**
 * The hardening of issue 30 on real servers: internal files are never answers, no redirect leaves
 * the site, and a Host-less HTTP/1.0 request is answered alike on every self-hosted runtime.
 */

import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodyKey, INTERNAL_PREFIX } from '../src/core/deployment.ts';
import { FIXTURES } from './support/fixtures.ts';
import { spawnGroup } from './support/process-groups.ts';
import { exchange } from './support/raw-http.ts';
import {
  BIN,
  freePort,
  ROOT,
  type RunningServer,
  runningServer,
  startBun,
  startCloudflare,
  startNetlify,
  startNode,
  startProcess,
} from './support/server.ts';

/** Paths of files the build writes for the run time alone, and spellings that once reached them. */
const INTERNAL_PATHS = [
  '/errors/en/404',
  '/errors/en/404.md',
  '/errors/es/410.md',
  '/es/errors/en/404',
  `${INTERNAL_PREFIX}/errors/en/404.md`,
  `${INTERNAL_PREFIX}/errors/en/404`,
  '/%7Einternal/errors/en/404.md',
  '/manifest.md',
  '/manifest.json',
  '/manifest',
  '/mcp/tools.json',
  `${INTERNAL_PREFIX}/mcp/tools.json`,
  `${INTERNAL_PREFIX}/mcp/search/en/head.json`,
  '/blog%00.md',
  '/blog%00',
];

describe('body keys', () => {
  it('never puts a URL path in the internal folder, whatever its escapes', () => {
    for (const path of INTERNAL_PATHS) expect(bodyKey(path)?.startsWith(`${INTERNAL_PREFIX}/`)).toBe(false);
  });
});

/**
 * Each runtime, and whether its HTTP front end hands the handler a `//x` target as a path:
 * Miniflare's reads it as a URL naming the host `x`, so the handler sees `/` there.
 */
describe.each([
  ['Node', startNode, true],
  ['Bun', startBun, true],
  ['Netlify Edge', startNetlify, true],
  ['Cloudflare', startCloudflare, false],
])('on %s', (_name, start, keepsDoubleSlash) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.stop());

  it.each(INTERNAL_PATHS)('answers %s with the filled 404 page, never a template', async (path) => {
    for (const accept of ['text/html', 'text/markdown', 'application/problem+json']) {
      const response = await fetch(server.url + path, { headers: { accept } });
      const text = await response.text();
      expect(response.status, `${path} as ${accept}`).toBe(404);
      expect(text).not.toContain('\u0000');
      expect(text).not.toContain('\\u0000');
      expect(text).toContain(path);
    }
  });

  it('collapses a leading run of slashes, so a redirect never names another host', async () => {
    for (const path of ['//blog', '///blog', '//blog?x=1', '//example.com/blog', '/\\/blog']) {
      const response = await fetch(server.url + path, { redirect: 'manual' });
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location !== null) expect(location, path).toMatch(/^\/[^/\\]/);
    }
    if (!keepsDoubleSlash) return;
    const redirected = await fetch(`${server.url}//blog?x=1`, { redirect: 'manual' });
    expect(redirected.status).toBe(308);
    expect(redirected.headers.get('location')).toBe('/blog/?x=1');
    expect((await fetch(`${server.url}//blog/`)).status).toBe(200);
  });

  it('answers a JSON-RPC body nested 10,000 deep with the parse error, not a 500', async () => {
    const args = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_blog_posts","arguments":${args}}}`,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
    expect(server.output()).not.toMatch(/call stack|unexpected error/);
  });

  it('answers a raw `GET //blog` with no redirect to another host', async () => {
    const { host } = new URL(server.url);
    const reply = await exchange(
      server.url,
      `GET //blog HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply.head).not.toMatch(/\r\nlocation: *\/\//);
    if (keepsDoubleSlash) expect(reply.head).toContain('\r\nlocation: /blog/\r\n');
  });
});

/** Requests an HTTP/1.0 client sends without Host, and what Node's server answers each with. */
const HOSTLESS: [string, number, string][] = [
  ['GET / HTTP/1.0\r\n\r\n', 200, 'text/html'],
  ['HEAD / HTTP/1.0\r\n\r\n', 200, 'text/html'],
  ['GET /blog HTTP/1.0\r\n\r\n', 308, ''],
  ['GET /nothing HTTP/1.0\r\n\r\n', 404, 'text/html'],
  ['GET /api/index.json HTTP/1.0\r\n\r\n', 200, 'application/json'],
  ['GET /mcp HTTP/1.0\r\n\r\n', 405, 'application/json'],
  [
    'POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
      'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}',
    200,
    'application/json',
  ],
];

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('HTTP/1.0 without Host on a loopback listener, on %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.stop());

  it.each(HOSTLESS)('answers %j like Node does', async (raw, status, type) => {
    const reply = await exchange(server.url, raw);
    expect(reply.status).toBe(status);
    if (type) expect(reply.head).toContain(`\r\ncontent-type: ${type}`);
    expect(server.output()).not.toContain('unexpected error');
  });
});

/** Whether a TCP connection to `host`:`port` is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** This machine's addresses on its other interfaces, which a server on loopback does not listen on. */
const externalAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
  .map((address) => address?.address as string);

describe('npm run dev', () => {
  const DEV = [resolve(BIN, 'tsx'), 'src/bin/dev.ts', '--content', resolve(FIXTURES, 'mini')] as const;

  it('listens on 127.0.0.1 when HOST is not set', { timeout: 90_000 }, async () => {
    const server = await startProcess(DEV[0], DEV.slice(1), { HOST: '' }, 60_000);
    try {
      const port = Number(new URL(server.url).port);
      expect(server.output()).toContain(`(listening on 127.0.0.1:${port})`);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      for (const address of [...externalAddresses, '::1'])
        expect(await accepts(address, port), address).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('listens where HOST says', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const child = spawnGroup(DEV[0], [...DEV.slice(1)], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '::1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = await runningServer(child, `http://[::1]:${port}`, 60_000);
    try {
      expect(server.output()).toContain(`(listening on ::1:${port})`);
      expect(await accepts('::1', port)).toBe(true);
      expect(await accepts('127.0.0.1', port)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

/** One GET on a new connection: its status, or how it failed ('hung' when no answer came at all). */
function getOnce(url: string, path: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const request = httpRequest({ host: hostname, port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => done(String(response.statusCode)));
      response.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    });
    // Far longer than any answer takes: a connection that gets no answer at all is what is looked for.
    request.setTimeout(20_000, () => {
      request.destroy();
      done('hung');
    });
    request.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    request.end();
  });
}

/** The process ids of a server's workers. */
const workersOf = (server: RunningServer) =>
  readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);

/**
 * The Node server with two workers, once both are ready: it answers as soon as one is, and a worker
 * that dies before the other is ready stops the server, which is not what these tests look at.
 */
async function startTwoWorkers(): Promise<RunningServer> {
  const server = await startNode({ FOLIO_WORKERS: '2', FOLIO_RATE_LIMIT_QUOTA: '1000000' });
  try {
    await vi.waitFor(() => expect(server.output()).toContain('with 2 workers'), {
      timeout: 60_000,
      interval: 20,
    });
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

describe('the Node server with FOLIO_WORKERS=2 when a worker dies', () => {
  it('hands a connection to the live worker when the one it was handed to dies before taking it', {
    timeout: 120_000,
  }, async () => {
    const server = await startTwoWorkers();
    try {
      const [victim] = workersOf(server);
      // A stopped worker is alive to the primary but takes nothing handed to it.
      process.kill(victim as number, 'SIGSTOP');
      const answered: string[] = [];
      const handed = Array.from({ length: 8 }, () =>
        getOnce(server.url, '/api/index.json').then((outcome) => answered.push(outcome)),
      );
      await vi.waitFor(() => expect(answered.length).toBe(7), { timeout: 15_000, interval: 10 });
      // Later connections are answered by the live worker while the eighth still waits: it was
      // handed to the stopped worker, the one connection the primary gives a worker before it is taken.
      for (let later = 0; later < 4; later++)
        expect(await getOnce(server.url, '/api/index.json')).toBe('200');
      expect(answered).toHaveLength(7);
      process.kill(victim as number, 'SIGKILL');
      await Promise.all(handed);
      expect(answered).toEqual(Array(8).fill('200'));
    } finally {
      await server.stop();
    }
  });

  it('closes the connections the worker held and answers every later one', { timeout: 120_000 }, async () => {
    const server = await startTwoWorkers();
    try {
      const [victim] = workersOf(server);
      const noticed = () => server.output().includes(`worker ${victim} ended`);
      const before: string[] = [];
      const after: string[] = [];
      let killed = false;
      const client = async () => {
        while (after.length < 400) {
          const seenDead = noticed();
          const outcome = await getOnce(server.url, '/api/index.json');
          (seenDead ? after : before).push(outcome);
          if (!killed && before.length >= 200) {
            killed = true;
            process.kill(victim as number, 'SIGKILL');
          }
        }
      };
      await Promise.all([client(), client(), client(), client()]);
      // In flight when it died: answered, or closed at once (never left hanging).
      expect(before.filter((outcome) => outcome !== '200' && outcome !== 'ECONNRESET')).toEqual([]);
      // Begun after the primary saw it die: every one answered by the live worker.
      expect(after.filter((outcome) => outcome !== '200')).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
