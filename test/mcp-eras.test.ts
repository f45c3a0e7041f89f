/**
 * The stateless revision (2026-07-28) beside the legacy ones on the same endpoint, through the
 * handler: the per-request `_meta`, the mirrored headers, server/discover, `resultType` and the
 * caching hints, and the errors each rule calls for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, fixtureData } from './support/data.ts';

const BASE = 'https://mini.example';
const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'eras-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let handler: Handler;

beforeAll(async () => {
  handler = createHandler(await deployed(await fixtureData('mini'), BASE));
});

interface Answer {
  status: number;
  headers: Headers;
  body: {
    id?: unknown;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
}

async function post(message: Record<string, unknown>, headers: Record<string, string>): Promise<Answer> {
  const response = await handler.fetch(
    new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(message),
    }),
    { clientAddress: '192.0.2.8' },
  );
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A request as a 2026-07-28 client sends it: `_meta` in the body, its headers mirroring the body. */
function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const name = params.name ?? params.uri;
  return post(
    { jsonrpc: '2.0', id: 'm-1', method, params: { ...params, _meta: META } },
    {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...headers,
    },
  );
}

function legacy(method: string, params: Record<string, unknown> = {}) {
  return post({ jsonrpc: '2.0', id: 'l-1', method, params }, { 'mcp-protocol-version': '2025-11-25' });
}

async function apiMaxAgeMs(): Promise<number> {
  const response = await handler.fetch(new Request(`${BASE}/api/index.json`), { clientAddress: '192.0.2.8' });
  const cacheControl = response.headers.get('cache-control') ?? '';
  expect(cacheControl).toMatch(/^public, max-age=\d+$/);
  return Number(/max-age=(\d+)/.exec(cacheControl)![1]) * 1000;
}

describe('the stateless revision', () => {
  it('server/discover: versions, capabilities, identity, instructions and cache hints', async () => {
    const { status, body } = await modern('server/discover');
    expect(status).toBe(200);
    expect(body.id).toBe('m-1');
    expect(body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        completions: {},
      },
      _meta: {
        'io.modelcontextprotocol/serverInfo': { name: 'folio', title: 'Mini Fixture', version: '1.0.0' },
      },
      ttlMs: await apiMaxAgeMs(),
      cacheScope: 'public',
    });
    expect(body.result?.instructions).toContain('search_blog_posts');
  });

  it('tools/list is the legacy list with resultType and the same cache hints as the HTTP documents', async () => {
    const stateless = (await modern('tools/list')).body.result!;
    const { tools } = (await legacy('tools/list')).body.result!;
    expect(stateless).toMatchObject({
      resultType: 'complete',
      ttlMs: await apiMaxAgeMs(),
      cacheScope: 'public',
    });
    expect(stateless.tools).toEqual(tools);
  });

  it('tools/call: resultType "complete", no cache hints, the same content as the legacy revisions', async () => {
    const params = { name: 'list_series', arguments: { lang: 'en' } };
    const { status, body } = await modern('tools/call', params);
    expect(status).toBe(200);
    const { resultType, _meta, ...rest } = body.result!;
    expect(resultType).toBe('complete');
    expect(_meta).toEqual({
      'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: 'folio' }),
    });
    expect(rest).not.toHaveProperty('ttlMs');
    expect(rest).toEqual((await legacy('tools/call', params)).body.result);
  });

  it('an Mcp-Name in the Base64 sentinel form is decoded before it is compared', async () => {
    const encoded = `=?base64?${btoa('get_api_index')}?=`;
    const { status, body } = await modern(
      'tools/call',
      { name: 'get_api_index', arguments: {} },
      { 'mcp-name': encoded },
    );
    expect(status).toBe(200);
    expect(body.result?.resultType).toBe('complete');
  });

  it('legacy results carry no resultType and no cache hints', async () => {
    const { result } = (await legacy('tools/list')).body;
    expect(result).not.toHaveProperty('resultType');
    expect(result).not.toHaveProperty('ttlMs');
  });
});

describe('refusals of the stateless revision', () => {
  async function refused(answer: Promise<Answer>, status: number, code: number) {
    const { status: got, body } = await answer;
    expect(got).toBe(status);
    expect(body.error?.code).toBe(code);
    expect(body.id).toBe('m-1');
    return body.error!;
  }

  it('a request without _meta, or without client capabilities, is 400 Invalid params', async () => {
    await refused(
      post(
        { jsonrpc: '2.0', id: 'm-1', method: 'tools/list', params: {} },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
      ),
      400,
      -32602,
    );
    const { 'io.modelcontextprotocol/clientCapabilities': _, ...withoutCapabilities } = META;
    const error = await refused(
      post(
        { jsonrpc: '2.0', id: 'm-1', method: 'tools/list', params: { _meta: withoutCapabilities } },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
      ),
      400,
      -32602,
    );
    expect(error.message).toContain('clientCapabilities');
  });

  it('an unsupported version in _meta is 400 UnsupportedProtocolVersion with supported and requested', async () => {
    const error = await refused(
      post(
        {
          jsonrpc: '2.0',
          id: 'm-1',
          method: 'tools/list',
          params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } },
        },
        { 'mcp-protocol-version': '1900-01-01', 'mcp-method': 'tools/list' },
      ),
      400,
      -32022,
    );
    expect(error.data).toEqual({
      supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
      requested: '1900-01-01',
    });
  });

  it.each([
    ['no MCP-Protocol-Version', 'tools/list', {}, { 'mcp-protocol-version': '' }],
    ['an MCP-Protocol-Version other than _meta', 'tools/list', {}, { 'mcp-protocol-version': '2025-11-25' }],
    ['no Mcp-Method', 'tools/list', {}, { 'mcp-method': '' }],
    ['an Mcp-Method other than the body', 'tools/list', {}, { 'mcp-method': 'tools/call' }],
    [
      'tools/call without Mcp-Name',
      'tools/call',
      { name: 'get_api_index', arguments: {} },
      { 'mcp-name': '' },
    ],
    [
      'an Mcp-Name other than the tool',
      'tools/call',
      { name: 'get_api_index', arguments: {} },
      { 'mcp-name': 'list_series' },
    ],
    [
      'an undecodable Base64 Mcp-Name',
      'tools/call',
      { name: 'get_api_index', arguments: {} },
      { 'mcp-name': '=?base64?%%?=' },
    ],
    ['resources/read without Mcp-Name', 'resources/read', { uri: `${BASE}/blog/a.md` }, { 'mcp-name': '' }],
    [
      'an Mcp-Name other than the resource',
      'resources/read',
      { uri: `${BASE}/blog/a.md` },
      { 'mcp-name': `${BASE}/blog/b.md` },
    ],
    [
      'a supported MCP-Protocol-Version over an unsupported _meta version',
      'tools/list',
      { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } },
      {},
    ],
  ])('%s is 400 HeaderMismatch', async (_, method, params, headers) => {
    // An empty value stands for a header left out.
    const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    const omitted = Object.keys(headers).filter((name) => headers[name as keyof typeof headers] === '');
    const answer = (async () => {
      const message = { jsonrpc: '2.0', id: 'm-1', method, params: { _meta: META, ...params } };
      // What Mcp-Name mirrors: the tool's name or the resource's URI.
      const named = params as { name?: string; uri?: string };
      const mirrored = named.name ?? named.uri;
      const all: Record<string, string> = {
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(mirrored ? { 'mcp-name': mirrored } : {}),
        ...sent,
      };
      for (const header of omitted) delete all[header];
      return post(message, all);
    })();
    const error = await refused(answer, 400, -32020);
    expect(error.message).toMatch(/^Header mismatch: /);
  });

  it('an unknown method, and the legacy-only ones, are 404 Method not found', async () => {
    for (const method of ['prompts/list', 'subscriptions/listen', 'ping', 'initialize', 'no/such/method']) {
      const error = await refused(modern(method), 404, -32601);
      expect(error.message).toContain(method);
    }
  });

  it('legacy revisions do not have server/discover, and initialize is legacy whatever it asks', async () => {
    const discover = await legacy('server/discover');
    expect(discover.status).toBe(200);
    expect(discover.body.error?.code).toBe(-32601);
    const init = await post(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: MODERN, capabilities: {} } },
      {},
    );
    expect(init.body.result?.protocolVersion).toBe('2025-11-25');
  });
});

describe('the tool set of each revision', () => {
  const ORIGINAL_SIX = [
    'get_api_index',
    'get_posts_by_tag',
    'get_series',
    'list_series',
    'list_slide_decks',
    'search_blog_posts',
  ];
  const listedIn = async (version: string) => {
    const answer = await post(
      { jsonrpc: '2.0', id: 't', method: 'tools/list' },
      { 'mcp-protocol-version': version },
    );
    return (answer.body.result!.tools as { name: string }[]).map((tool) => tool.name).sort();
  };

  it('2025-06-18 and 2025-03-26 are listed the six tools they were published with', async () => {
    expect(await listedIn('2025-06-18')).toEqual(ORIGINAL_SIX);
    expect(await listedIn('2025-03-26')).toEqual(ORIGINAL_SIX);
  });

  it('2025-11-25 and 2026-07-28 are listed get_post as well', async () => {
    const seven = [...ORIGINAL_SIX, 'get_post'].sort();
    expect(await listedIn('2025-11-25')).toEqual(seven);
    const stateless = (await modern('tools/list')).body.result!.tools as { name: string }[];
    expect(stateless.map((tool) => tool.name).sort()).toEqual(seven);
  });

  it('get_post answers a call from a 2025-06-18 client too', async () => {
    const search = await post(
      {
        jsonrpc: '2.0',
        id: 's',
        method: 'tools/call',
        params: { name: 'search_blog_posts', arguments: { query: 'a' } },
      },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    const slug = (search.body.result!.structuredContent as { results: { slug: string }[] }).results[0]!.slug;
    const read = await post(
      { jsonrpc: '2.0', id: 'r', method: 'tools/call', params: { name: 'get_post', arguments: { slug } } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(read.body.result?.isError).toBeFalsy();
    expect((read.body.result!.structuredContent as { slug: string }).slug).toBe(slug);
  });
});
