import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { listenAddress, optionsFromEnv, serverSettings } from '../src/adapters/env.ts';
import { BODIES_PREFIX, DEFAULT_OUT, MANIFEST_KEY } from '../src/core/deployment.ts';
import { RUNTIMES_BIN } from './support/runtimes.ts';
import { ROOT, startNode, TEST_PROJECT } from './support/server.ts';

describe('optionsFromEnv', () => {
  it('reads the trusted address header and the limiter settings (the base URL is a build input)', () => {
    expect(
      optionsFromEnv({
        BASE_URL: 'https://blog.example',
        FOLIO_CLIENT_IP_HEADER: 'X-Forwarded-For',
        FOLIO_RATE_LIMIT_QUOTA: '1000',
        FOLIO_RATE_LIMIT_WINDOW: '10',
        FOLIO_RATE_LIMIT_MAX_CLIENTS: '5000',
      }),
    ).toEqual({
      clientAddressHeader: 'x-forwarded-for',
      rateLimit: { quota: 1000, windowSeconds: 10, maxClients: 5000 },
    });
  });

  it('reads the body cache budget in bytes', () => {
    expect(optionsFromEnv({ FOLIO_CACHE_BYTES: '16777216' })).toEqual({
      cacheBytes: 16 * 1024 * 1024,
      rateLimit: {},
    });
  });

  it('takes a quota above 65535 (32-bit counts)', () => {
    expect(optionsFromEnv({ FOLIO_RATE_LIMIT_QUOTA: '100000' })).toEqual({ rateLimit: { quota: 100_000 } });
  });

  it('leaves unset settings to the defaults', () => {
    expect(optionsFromEnv({ FOLIO_RATE_LIMIT_QUOTA: '' })).toEqual({ rateLimit: {} });
  });

  it.each([
    ['FOLIO_RATE_LIMIT_QUOTA', 'lots'],
    ['FOLIO_RATE_LIMIT_QUOTA', '1000000001'],
    ['FOLIO_RATE_LIMIT_WINDOW', '-5'],
    ['FOLIO_RATE_LIMIT_MAX_CLIENTS', '0'],
    ['FOLIO_RATE_LIMIT_MAX_CLIENTS', '1e5'],
    ['FOLIO_CACHE_BYTES', '64MiB'],
    ['FOLIO_CACHE_BYTES', '0'],
  ])('refuses %s=%s, naming the setting', (name, value) => {
    expect(() => optionsFromEnv({ [name]: value })).toThrow(
      new RegExp(`^${name} must be a whole number from 1 to`),
    );
  });

  it('listens on PORT and HOST, 8787 on all interfaces by default', () => {
    expect(listenAddress({})).toEqual({ port: 8787, host: '0.0.0.0' });
    expect(listenAddress({ PORT: '', HOST: '' })).toEqual({ port: 8787, host: '0.0.0.0' });
    expect(listenAddress({ PORT: '9000', HOST: '127.0.0.1' })).toEqual({ port: 9000, host: '127.0.0.1' });
    expect(listenAddress({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '80a', '65536', '-1', '8787.0', ' 8787'])('refuses PORT=%s, naming it', (port) => {
    expect(() => listenAddress({ PORT: port })).toThrow(
      `PORT must be a whole number from 0 to 65535, not ${JSON.stringify(port)}`,
    );
  });
});

describe('serverSettings', () => {
  it('reads the workers and the shared store of a self-hosted server', () => {
    expect(
      serverSettings({ PORT: '9000', FOLIO_WORKERS: '4', FOLIO_RATE_LIMIT_STORE: 'redis://cache:6379/2' }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      workers: 4,
      store: { url: 'redis://cache:6379/2', timeoutMs: 50 },
      options: { rateLimit: {} },
    });
    expect(serverSettings({})).toMatchObject({ workers: 1, store: undefined });
    expect(serverSettings({ FOLIO_RATE_LIMIT_STORE: 'rediss://:secret@cache.example:6380' }).store).toEqual({
      url: 'rediss://:secret@cache.example:6380',
      timeoutMs: 50,
    });
    expect(
      serverSettings({ FOLIO_RATE_LIMIT_STORE: 'redis://cache', FOLIO_RATE_LIMIT_STORE_TIMEOUT: '400' })
        .store,
    ).toEqual({ url: 'redis://cache', timeoutMs: 400 });
  });

  it.each(['0', '10001', '50ms', '1.5'])('refuses FOLIO_RATE_LIMIT_STORE_TIMEOUT=%s, naming it', (value) => {
    expect(() =>
      serverSettings({ FOLIO_RATE_LIMIT_STORE: 'redis://cache', FOLIO_RATE_LIMIT_STORE_TIMEOUT: value }),
    ).toThrow(
      `FOLIO_RATE_LIMIT_STORE_TIMEOUT must be a whole number from 1 to 10000, not ${JSON.stringify(value)}`,
    );
  });

  it('refuses a store timeout without a store', () => {
    expect(() => serverSettings({ FOLIO_RATE_LIMIT_STORE_TIMEOUT: '100' })).toThrow(
      'FOLIO_RATE_LIMIT_STORE_TIMEOUT is set but FOLIO_RATE_LIMIT_STORE is not',
    );
  });

  it.each(['cache:6379', 'http://cache:6379', 'redis://cache:6379/db2', 'redis://'])(
    'refuses FOLIO_RATE_LIMIT_STORE=%s, naming it',
    (value) => {
      expect(() => serverSettings({ FOLIO_RATE_LIMIT_STORE: value })).toThrow(
        `FOLIO_RATE_LIMIT_STORE must be a URL like redis://host:port or redis://host:port/db, not ${JSON.stringify(value)}`,
      );
    },
  );

  it.each(['0', 'two', '65'])('refuses FOLIO_WORKERS=%s, naming it', (value) => {
    expect(() => serverSettings({ FOLIO_WORKERS: value })).toThrow(
      `FOLIO_WORKERS must be a whole number from 1 to 64, not ${JSON.stringify(value)}`,
    );
  });
});

/** The self-hosted servers as `npm start` and `bun run` start them, in the test project. */
const SERVERS = [
  { name: 'Node', command: process.execPath, args: [resolve(TEST_PROJECT, 'dist/node.mjs')] },
  { name: 'Bun', command: resolve(RUNTIMES_BIN, 'bun'), args: ['run', resolve(ROOT, 'src/adapters/bun.ts')] },
];

/** Runs a server that is expected to refuse to start; its exit code and what it printed. */
function refusal(command: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(command, args, {
    cwd: TEST_PROJECT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

describe.each(SERVERS)('the $name server refuses to start in one line, exit code 1', ({ command, args }) => {
  it('with a bad limiter setting', () => {
    expect(refusal(command, args, { PORT: '0', FOLIO_RATE_LIMIT_QUOTA: '1000000001' })).toMatchObject({
      status: 1,
      stderr: 'folio: FOLIO_RATE_LIMIT_QUOTA must be a whole number from 1 to 1000000000, not "1000000001"',
    });
  });

  it('with a PORT that is not a port number', () => {
    expect(refusal(command, args, { PORT: 'abc' })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'folio: PORT must be a whole number from 0 to 65535, not "abc"',
    });
  });

  it('when there is no build in FOLIO_OUT', () => {
    const empty = mkdtempSync(join(tmpdir(), 'folio-no-build-'));
    try {
      expect(refusal(command, args, { PORT: '0', FOLIO_OUT: empty })).toEqual({
        status: 1,
        stdout: '',
        stderr: `folio: no build in ${empty}; run npm run build first`,
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('when the build in FOLIO_OUT was made by another version of Folio', () => {
    const old = mkdtempSync(join(tmpdir(), 'folio-old-build-'));
    try {
      cpSync(realpathSync(join(TEST_PROJECT, DEFAULT_OUT)), old, { recursive: true });
      const manifest = join(old, BODIES_PREFIX, MANIFEST_KEY);
      writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), format: 1 }));
      expect(refusal(command, args, { PORT: '0', FOLIO_OUT: old })).toEqual({
        status: 1,
        stdout: '',
        stderr: `folio: the build in ${old} was made by another version of Folio; run npm run build`,
      });
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });

  it('when the port is already in use', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(refusal(command, args, { PORT: String(port), HOST: '127.0.0.1' })).toEqual({
        status: 1,
        stdout: '',
        stderr: `folio: port ${port} is already in use on 127.0.0.1`,
      });
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });
});

describe('the Node server with FOLIO_WORKERS=2', () => {
  it('prints the port in use once and exits 1, its workers with it', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const { port } = taken.address() as AddressInfo;
    try {
      const [node] = SERVERS;
      expect(
        refusal(node!.command, node!.args, { PORT: String(port), HOST: '127.0.0.1', FOLIO_WORKERS: '2' }),
      ).toEqual({
        status: 1,
        stdout: '',
        stderr: `folio: port ${port} is already in use on 127.0.0.1`,
      });
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });
});

describe('the Node server says where it serves, in one line on its standard output', () => {
  const { siteName } = JSON.parse(
    readFileSync(join(TEST_PROJECT, DEFAULT_OUT, BODIES_PREFIX, MANIFEST_KEY), 'utf8'),
  ) as { siteName: string };

  it.each([
    { workers: '1', line: (url: string) => `folio: serving ${siteName} on ${url}\n` },
    { workers: '2', line: (url: string) => `folio: serving on ${url} with 2 workers\n` },
  ])('with FOLIO_WORKERS=$workers', async ({ workers, line }) => {
    const server = await startNode({ FOLIO_WORKERS: workers });
    try {
      await vi.waitFor(() => expect(server.output()).toContain('\n'));
      expect(server.output()).toBe(line(server.url));
    } finally {
      await server.stop();
    }
  });
});

describe('the Bun server with FOLIO_WORKERS=2', () => {
  it('says the setting is for Node and exits 1', () => {
    const [, bun] = SERVERS;
    expect(refusal(bun!.command, bun!.args, { PORT: '0', FOLIO_WORKERS: '2' })).toMatchObject({
      status: 1,
      stderr: 'folio: FOLIO_WORKERS is for the Node server; run one Bun process per port instead',
    });
  });
});

describe('the Node server behind a proxy that writes ip:port', () => {
  it('keys FOLIO_CLIENT_IP_HEADER values without their port', async () => {
    const server = await startNode({ FOLIO_CLIENT_IP_HEADER: 'x-forwarded-for' });
    try {
      const remainingFor = async (forwardedFor: string) => {
        const response = await fetch(`${server.url}/api/index.json`, {
          headers: { 'x-forwarded-for': forwardedFor },
        });
        return Number(response.headers.get('ratelimit-remaining'));
      };
      expect(await remainingFor('203.0.113.5:4711')).toBe(299);
      expect(await remainingFor('203.0.113.5:4712')).toBe(298);
      expect(await remainingFor('203.0.113.5')).toBe(297);
      expect(await remainingFor('[2001:db8:1:2::1]:443')).toBe(299);
      expect(await remainingFor('2001:db8:1:2::2')).toBe(298);
    } finally {
      await server.stop();
    }
  });
});
