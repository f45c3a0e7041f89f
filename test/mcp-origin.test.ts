/**
 * DNS rebinding protection of the MCP endpoint: a present Origin must be the service's own or one the
 * operator allows (FOLIO_ALLOWED_ORIGINS), and a server listening on loopback checks Host too.
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../src/adapters/env.ts';
import { createHandler, type Deployment, type HandlerOptions } from '../src/handler.ts';
import { deployed, fixtureData } from './support/data.ts';
import { expectApiHeaders } from './support/expect.ts';
import { type RunningServer, startBun, startNode, TEST_PROJECT } from './support/server.ts';

const BASE = 'https://blog.example';
const JSON_ACCEPT = 'application/json, text/event-stream';
const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

let deployment: Deployment;

beforeAll(async () => {
  deployment = await deployed(await fixtureData('mini'), BASE);
});

interface Call {
  options?: HandlerOptions;
  path?: string;
  headers?: Record<string, string>;
  method?: string;
}

function call({ options = {}, path = '/mcp', headers = {}, method = 'POST' }: Call) {
  const handler = createHandler(deployment, options);
  const body = method === 'POST' ? PING : null;
  // A self-hosted listener speaks plain HTTP, so a request sent to a named host arrives as http:.
  const target = headers.host === undefined ? BASE : `http://${headers.host}`;
  const request = new Request(target + path, {
    method,
    headers: { 'content-type': 'application/json', accept: JSON_ACCEPT, ...headers },
    body,
  });
  return handler.fetch(request, { clientAddress: '192.0.2.7' });
}

/** A 403 with a JSON-RPC error (id null) and the headers of every /mcp answer. */
async function expectForbidden(response: Response, mentioning: string) {
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectApiHeaders(response);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  expect(Number(response.headers.get('content-length'))).toBe(new TextEncoder().encode(text).byteLength);
  const body = JSON.parse(text);
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  expect(body.error.message).toContain(mentioning);
}

async function expectPong(response: Response) {
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
}

describe('Origin', () => {
  const allowedOrigins = ['https://app.example', 'http://localhost:5173'];

  it.each([
    'https://evil.example',
    'http://blog.example',
    'https://blog.example:8443',
    'https://blog.example.evil.example',
    'null',
    'not a url',
  ])('Origin %s is refused with 403 on both MCP paths', async (origin) => {
    for (const path of ['/mcp', '/.well-known/mcp']) {
      await expectForbidden(await call({ options: { allowedOrigins }, path, headers: { origin } }), origin);
    }
  });

  it.each(['https://blog.example', 'https://BLOG.example', 'https://app.example', 'http://localhost:5173'])(
    'Origin %s (the service or an allowed origin) is served',
    async (origin) => {
      await expectPong(await call({ options: { allowedOrigins }, headers: { origin } }));
    },
  );

  it('a request without Origin (not from a browser) is served', async () => {
    await expectPong(await call({}));
  });

  it('is checked before the method, so a foreign GET and HEAD are 403 alike', async () => {
    const headers = { origin: 'https://evil.example' };
    const get = await call({ method: 'GET', headers });
    const head = await call({ method: 'HEAD', headers });
    expect(head.status).toBe(403);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    await expectForbidden(get, 'https://evil.example');
  });

  it('a CORS preflight from any origin still gets its 204', async () => {
    const response = await call({
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('leaves the read-only API alone', async () => {
    const response = await call({
      method: 'GET',
      path: '/api/index.json',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });
});

describe('Host on a loopback listener', () => {
  const loopback = { listenHost: '127.0.0.1' };

  it.each([
    'localhost',
    'localhost:8787',
    '127.0.0.1',
    '127.0.0.1:9',
    '[::1]',
    '[::1]:8787',
    'LOCALHOST:1',
    'blog.example',
  ])('Host %s (a loopback name or the base URL host) is served', async (host) => {
    await expectPong(await call({ options: loopback, headers: { host } }));
  });

  it.each([
    'evil.example',
    'evil.example:8787',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    '[::2]',
    'blog.example:8443',
  ])('Host %s is refused with 403', async (host) => {
    await expectForbidden(await call({ options: loopback, headers: { host } }), host);
  });

  it.each([
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['localhost:8787', 'http://LOCALHOST:8787'],
    ['[::1]:8787', 'http://[::1]:8787'],
    ['127.0.0.1:80', 'http://127.0.0.1'],
  ])('with Host %s, its own pages (Origin %s) are served', async (host, origin) => {
    await expectPong(await call({ options: loopback, headers: { host, origin } }));
  });

  it.each([
    ['127.0.0.1:8787', 'http://127.0.0.1:5173'],
    ['127.0.0.1:8787', 'http://localhost:8787'],
    ['127.0.0.1:8787', 'https://127.0.0.1:8787'],
    ['localhost:8787', 'https://localhost:8787'],
    ['[::1]:8787', 'https://[::1]:8787'],
    ['127.0.0.1:80', 'https://127.0.0.1'],
    ['blog.example', 'http://blog.example'],
  ])('with Host %s, another origin (%s) is refused with 403', async (host, origin) => {
    await expectForbidden(await call({ options: loopback, headers: { host, origin } }), origin);
  });

  it('a listener not on loopback does not take a loopback Origin as its own', async () => {
    const headers = { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787' };
    await expectForbidden(await call({ options: { listenHost: '0.0.0.0' }, headers }), headers.origin);
  });

  it.each(['localhost', '::1', '[::1]', '127.0.0.2'])(
    'a listener on %s counts as loopback',
    async (listenHost) => {
      const response = await call({ options: { listenHost }, headers: { host: 'evil.example' } });
      expect(response.status).toBe(403);
    },
  );

  it.each([undefined, '0.0.0.0', '::', '192.0.2.10'])(
    'a listener on %s (not loopback only) leaves Host to the network in front',
    async (listenHost) => {
      const options = listenHost === undefined ? {} : { listenHost };
      await expectPong(await call({ options, headers: { host: 'evil.example' } }));
    },
  );
});

describe('FOLIO_ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins, normalised', () => {
    const env = {
      FOLIO_ALLOWED_ORIGINS: ' https://App.Example , http://localhost:5173/,https://b.example:8443',
    };
    expect(optionsFromEnv(env).allowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:5173',
      'https://b.example:8443',
    ]);
    expect(optionsFromEnv({ FOLIO_ALLOWED_ORIGINS: '' })).not.toHaveProperty('allowedOrigins');
  });

  it.each([
    'https://app.example/path',
    'app.example',
    'https://app.example?x=1',
    '*',
    'https://a.example,,ftp:',
  ])('refuses %j, naming the setting and the entry', (value) => {
    expect(() => optionsFromEnv({ FOLIO_ALLOWED_ORIGINS: value })).toThrow(
      /^FOLIO_ALLOWED_ORIGINS must list origins separated by commas, like https:\/\/app\.example, not "/,
    );
  });

  it('a bad list stops the Node server with one line and exit code 1', () => {
    const run = spawnSync(process.execPath, [resolve(TEST_PROJECT, 'dist/node.mjs')], {
      cwd: TEST_PROJECT,
      env: { ...process.env, PORT: '0', FOLIO_ALLOWED_ORIGINS: 'https://app.example/path' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'folio: FOLIO_ALLOWED_ORIGINS must list origins separated by commas, like https://app.example, not "https://app.example/path"',
    );
  });
});

/** A POST over a real socket, with a Host header a browser under DNS rebinding would send. */
function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const target = new URL(url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: JSON_ACCEPT, ...headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', fail);
    request.end(PING);
  });
}

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('the %s server on 127.0.0.1', (_, start) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await start({ FOLIO_ALLOWED_ORIGINS: 'https://app.example' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('serves its own Host and an allowed Origin', async () => {
    const { host } = new URL(server.url);
    const own = await rawPost(server.url, { host, origin: 'https://app.example' });
    expect(own.status).toBe(200);
    const local = await rawPost(server.url, { host: `localhost:${new URL(server.url).port}` });
    expect(local.status).toBe(200);
  });

  it('refuses a rebound Host and a foreign Origin with 403', async () => {
    const rebound = await rawPost(server.url, { host: 'rebind.evil.example' });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    const { host } = new URL(server.url);
    const foreign = await rawPost(server.url, { host, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('refuses its own host and port in another scheme with 403', async () => {
    const { host } = new URL(server.url);
    const own = await rawPost(server.url, { host, origin: `http://${host}` });
    expect(own.status).toBe(200);
    const otherScheme = await rawPost(server.url, { host, origin: `https://${host}` });
    expect(otherScheme.status).toBe(403);
  });
});
