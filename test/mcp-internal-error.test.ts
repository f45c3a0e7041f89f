/**
 * An unexpected error on /mcp, over a real socket through the Node listener: a JSON-RPC internal
 * error (-32603) with the request's id, or null when the error came before the message was read,
 * with nothing of the error in the body; the log line names the method, the path and the error
 * with its stack.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeListener } from '../src/adapters/node-listener.ts';
import { createHandler, type Deployment, type HandlerOptions } from '../src/handler.ts';
import type { RateStore } from '../src/runtime/rate-store.ts';
import { deployed, fixtureData } from './support/data.ts';
import { expectMcpHeaders } from './support/expect.ts';
import { type LoopbackServer, listenOnLoopback } from './support/loopback.ts';

const BASE = 'https://mini.example';
const SECRET = 'secret internal failure';
let deployment: Deployment;
const servers: LoopbackServer[] = [];

beforeAll(async () => {
  deployment = await deployed(await fixtureData('mini'), BASE);
});
afterAll(() => Promise.all(servers.map((server) => server.close())));
afterEach(() => vi.restoreAllMocks());

async function serve(served: Deployment, options: HandlerOptions = {}): Promise<string> {
  const handler = createHandler(served, options);
  const server = await listenOnLoopback(nodeListener(() => handler));
  servers.push(server);
  return server.url;
}

/** A JSON-RPC request as a client without a session sends it, with the id written as given. */
function post(url: string, id: string, method: string, params: object) {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
  });
}

/** The lines the server logged, captured (and kept off the test's output). */
function logged(): () => string {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => spy.mock.calls.map((call) => call.join(' ')).join('\n');
}

async function expectInternalError(response: Response, id: string | null) {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectMcpHeaders(response);
  const text = await response.text();
  expect(text).not.toContain('secret');
  expect(text).not.toMatch(/ at |Error:/);
  expect(JSON.parse(text)).toEqual({
    jsonrpc: '2.0',
    id,
    error: { code: -32603, message: expect.stringMatching(/^Internal error: .+ safe/) },
  });
}

function expectLogLine(log: string) {
  expect(log).toContain(`folio: unexpected error on POST /mcp: Error: ${SECRET}`);
  expect(log).toMatch(/\n\s+at /);
}

describe('an unexpected error on /mcp', () => {
  it('answers -32603 with the id of the request it was answering, and logs the path and the stack', async () => {
    const log = logged();
    const failing = { read: async () => Promise.reject(new Error(SECRET)) };
    const url = await serve({ ...deployment, source: failing });
    const response = await post(url, '"call-7"', 'tools/call', {
      name: 'get_post',
      arguments: { slug: 'first' },
    });
    await expectInternalError(response, 'call-7');
    expectLogLine(log());
  });

  it('echoes an id beyond 2^53 as it was written', async () => {
    logged();
    const failing = { read: async () => Promise.reject(new Error(SECRET)) };
    const url = await serve({ ...deployment, source: failing });
    const response = await post(url, '12345678901234567890', 'tools/call', {
      name: 'get_post',
      arguments: { slug: 'first' },
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/^\{"jsonrpc":"2\.0","id":12345678901234567890,"error":/);
  });

  it('answers -32603 with a null id when the error came before the message was read', async () => {
    const log = logged();
    const quota = { limit: 300, remaining: 300, reset: 60 };
    const store: RateStore = {
      quota: 300,
      windowSeconds: 60,
      hit: () => Promise.reject(new Error(SECRET)),
      peek: () => ({ allowed: true, ...quota }),
    };
    const url = await serve(deployment, { rateStore: store });
    const response = await post(url, '"call-8"', 'ping', {});
    await expectInternalError(response, null);
    expectLogLine(log());
  });
});
