/** The MCP endpoint through the handler: every Streamable HTTP rule, JSON-RPC error and tool. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { createHandler, type Deployment, type Handler, type HandlerOptions } from '../src/handler.ts';
import { MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from '../src/mcp/json-bounds.ts';
import { deployed, fixtureData } from './support/data.ts';
import { expectMcpHeaders, MCP_TOOL_NAMES } from './support/expect.ts';

const BASE = 'https://mini.example';
/** A tools/call of search_blog_posts with `args` as written. */
const callBody = (args: string) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_blog_posts","arguments":${args}}}`;
const JSON_ACCEPT = 'application/json, text/event-stream';

let data: SiteData;
let deployment: Deployment;
let handler: Handler;

beforeAll(async () => {
  data = await fixtureData('mini');
  deployment = await deployed(data, BASE);
  handler = handlerWith();
});

function handlerWith(options: HandlerOptions = {}): Handler {
  return createHandler(deployment, options);
}

interface PostOptions {
  headers?: Record<string, string>;
  path?: string;
  on?: Handler;
}

function post(body: unknown, { headers = {}, path = '/mcp', on = handler }: PostOptions = {}) {
  return on.fetch(
    new Request(BASE + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_ACCEPT, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { clientAddress: '192.0.2.7' },
  );
}

function rpc(method: string, params?: unknown, id: unknown = 1, options?: PostOptions) {
  return post({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, options);
}

function callTool(name: string, args?: unknown) {
  return rpc('tools/call', args === undefined ? { name } : { name, arguments: args });
}

interface RpcBody {
  jsonrpc: string;
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A JSON answer with every MCP header, its status and body checked. */
async function jsonOf(response: Response, status = 200): Promise<RpcBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectMcpHeaders(response);
  const text = await response.text();
  expect(Number(response.headers.get('content-length'))).toBe(new TextEncoder().encode(text).byteLength);
  const body = JSON.parse(text) as RpcBody;
  expect(body.jsonrpc).toBe('2.0');
  return body;
}

async function errorOf(response: Response, status: number, code: number) {
  const body = await jsonOf(response, status);
  expect(body.result).toBeUndefined();
  expect(body.error?.code).toBe(code);
  return body;
}

interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

async function toolResultOf(response: Response): Promise<ToolResult> {
  const body = await jsonOf(response);
  expect(body.error).toBeUndefined();
  return body.result as unknown as ToolResult;
}

async function structuredOf(response: Response) {
  const result = await toolResultOf(response);
  expect(result.isError).toBeUndefined();
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  return result.structuredContent as Record<string, unknown>;
}

async function restJson(path: string) {
  const response = await handlerWith().fetch(new Request(BASE + path), { clientAddress: '192.0.2.99' });
  expect(response.status).toBe(200);
  return response.json();
}

describe('lifecycle methods', () => {
  it('initialize answers the requested version, the tools capability, serverInfo and instructions', async () => {
    const body = await jsonOf(
      await rpc('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'test', version: '1' },
      }),
    );
    expect(body.id).toBe(1);
    const result = body.result as {
      protocolVersion: string;
      capabilities: Record<string, unknown>;
      serverInfo: Record<string, string>;
      instructions: string;
    };
    expect(result.protocolVersion).toBe('2025-06-18');
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      completions: {},
    });
    expect(result.serverInfo).toEqual({ name: 'folio', title: 'Mini Fixture', version: '1.0.0' });
    expect(result.instructions).toContain('Mini Fixture');
    expect(result.instructions).toContain('3 published posts in English and 1 in Spanish');
    for (const tool of MCP_TOOL_NAMES) expect(result.instructions).toContain(tool);
  });

  it.each([
    ['2025-06-18', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['2025-11-25', '2025-11-25'],
    ['2024-11-05', '2025-11-25'],
    ['2099-01-01', '2025-11-25'],
    ['2026-07-28', '2025-11-25'],
  ])('initialize with protocol %s negotiates %s', async (requested, answered) => {
    const body = await jsonOf(await rpc('initialize', { protocolVersion: requested, capabilities: {} }));
    expect(body.result?.protocolVersion).toBe(answered);
  });

  it('initialize without a protocolVersion is invalid params', async () => {
    const body = await errorOf(await rpc('initialize', { capabilities: {} }), 200, -32602);
    expect(body.error?.message).toContain('protocolVersion');
  });

  it('a handler prepared ahead (as a server does in its first lull) answers its first call as any other', async () => {
    const prepared = handlerWith();
    await prepared.prepare();
    const body = await jsonOf(await post(callBody('{"query":"cache"}'), { on: prepared }));
    const fresh = await jsonOf(await post(callBody('{"query":"cache"}'), { on: handlerWith() }));
    expect(body).toEqual(fresh);
    expect(body.result).toBeDefined();
  });

  it('ping answers an empty result on both paths', async () => {
    for (const path of ['/mcp', '/.well-known/mcp']) {
      const body = await jsonOf(await rpc('ping', undefined, 7, { path }));
      expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    }
  });

  it.each([0, -3, 9007199254740991, '', 'abc', '1'])('echoes the id %j exactly', async (id) => {
    const body = await jsonOf(await rpc('ping', undefined, id));
    expect(body.id).toStrictEqual(id);
  });

  it.each(['12345678901234567890', '1.0', '1e3', '-0', '"\\u0041"'])(
    'echoes the id %s as written, digit for digit',
    async (id) => {
      const response = await post(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expect(await response.text()).toBe(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
    },
  );

  it('echoes a large id as written in errors too', async () => {
    const unknown = await post('{"jsonrpc":"2.0","id":98765432109876543210,"method":"nope"}');
    expect(await unknown.text()).toContain('"id":98765432109876543210,');
    const badVersion = await post('{"jsonrpc":"1.0","id":98765432109876543211,"method":"ping"}');
    expect(badVersion.status).toBe(400);
    expect(await badVersion.text()).toContain('"id":98765432109876543211,');
  });

  it('an unknown method is -32601 with the id echoed', async () => {
    const body = await errorOf(await rpc('prompts/list', {}, 'r-1'), 200, -32601);
    expect(body.id).toBe('r-1');
    expect(body.error?.message).toContain('prompts/list');
  });

  it('non-object params of a known method are invalid params', async () => {
    await errorOf(await rpc('tools/list', ['x']), 200, -32602);
  });
});

describe('notifications and responses', () => {
  it.each([
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'notifications/no-such-thing', params: { a: 1 } },
    { jsonrpc: '2.0', id: 5, result: {} },
    { jsonrpc: '2.0', id: 5, error: { code: -1, message: 'x' } },
  ])('%j gets 202 with no body', async (message) => {
    const response = await post(message);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
    expectMcpHeaders(response);
  });
});

describe('HTTP methods', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH', 'HEAD'])(
    '%s is 405 with Allow: POST, OPTIONS',
    async (method) => {
      for (const path of ['/mcp', '/.well-known/mcp']) {
        const response = await handler.fetch(new Request(BASE + path, { method }), {
          clientAddress: '192.0.2.7',
        });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST, OPTIONS');
        expectMcpHeaders(response);
        if (method === 'HEAD') {
          expect(await response.text()).toBe('');
        } else {
          const body = await errorOf(response, 405, -32000);
          expect(body.id).toBeNull();
          expect(body.error?.message).toContain(method);
        }
      }
    },
  );

  it('HEAD answers with the status and headers of GET, Content-Length included, and no body', async () => {
    for (const path of ['/mcp', '/.well-known/mcp']) {
      // Two fresh clients, so the RateLimit headers match too.
      const get = await handler.fetch(new Request(BASE + path), { clientAddress: `192.0.2.${path.length}` });
      const head = await handler.fetch(new Request(BASE + path, { method: 'HEAD' }), {
        clientAddress: `198.51.100.${path.length}`,
      });
      expect(head.status).toBe(get.status);
      expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
      expect(await head.text()).toBe('');
    }
  });

  it('answers a CORS preflight with 204 and the allowed method and headers', async () => {
    const response = await handler.fetch(
      new Request(`${BASE}/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://agent.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-protocol-version',
        },
      }),
      { clientAddress: '192.0.2.7' },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, mcp-protocol-version');
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(await response.text()).toBe('');
    expectMcpHeaders(response);
  });

  it('an OPTIONS that is not a preflight is 405', async () => {
    const response = await handler.fetch(new Request(`${BASE}/mcp`, { method: 'OPTIONS' }));
    await errorOf(response, 405, -32000);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('request headers', () => {
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

  it.each([
    ['missing', undefined],
    ['JSON only', 'application/json'],
    ['SSE only', 'text/event-stream'],
    ['SSE refused with q=0', 'application/json, text/event-stream;q=0'],
    ['HTML', 'text/html'],
  ])('Accept %s is 406', async (_, accept) => {
    const headers: Record<string, string> = accept === undefined ? {} : { accept };
    const request = new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(ping),
    });
    const body = await errorOf(await handler.fetch(request), 406, -32000);
    expect(body.id).toBeNull();
    expect(body.error?.message).toContain('text/event-stream');
  });

  it.each([
    'application/json, text/event-stream',
    'text/event-stream, application/json;q=0.5',
    'application/*, text/*',
    '*/*',
  ])('Accept %s is enough', async (accept) => {
    const body = await jsonOf(await post(ping, { headers: { accept } }));
    expect(body.result).toEqual({});
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/jsonl', ''])(
    'Content-Type %j is 415',
    async (contentType) => {
      await errorOf(await post(ping, { headers: { 'content-type': contentType } }), 415, -32000);
    },
  );

  it('Content-Type with a charset is JSON', async () => {
    const response = await post(ping, { headers: { 'content-type': 'Application/JSON; charset=utf-8' } });
    expect((await jsonOf(response)).result).toEqual({});
  });

  it.each(['2025-06-18', '2025-03-26', '2025-11-25'])(
    'MCP-Protocol-Version %s is accepted',
    async (version) => {
      const body = await jsonOf(await post(ping, { headers: { 'mcp-protocol-version': version } }));
      expect(body.result).toEqual({});
    },
  );

  it.each(['2024-11-05', '1.0', 'latest'])(
    'MCP-Protocol-Version %s is 400 UnsupportedProtocolVersion, naming the supported ones',
    async (version) => {
      const body = await errorOf(
        await post(ping, { headers: { 'mcp-protocol-version': version } }),
        400,
        -32022,
      );
      expect(body.id).toBe(1);
      expect(body.error?.message).toContain(version);
      expect((body.error as { data?: unknown }).data).toEqual({
        supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
        requested: version,
      });
    },
  );
});

describe('request body', () => {
  const LIMIT = 64 * 1024;

  /** A ping padded with spaces to exactly `size` bytes. */
  function paddedPing(size: number): string {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    return ping + ' '.repeat(size - ping.length);
  }

  /** A body stream without Content-Length that records how many bytes were pulled from it. */
  function countingStream(total: number, chunk = 4096) {
    const read = { bytes: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read.bytes >= total) return controller.close();
        const size = Math.min(chunk, total - read.bytes);
        read.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        read.cancelled = true;
      },
    });
    return { stream, read };
  }

  it('a body of exactly 64 KiB is read', async () => {
    const body = await jsonOf(await post(paddedPing(LIMIT)));
    expect(body.result).toEqual({});
  });

  it('a body one byte over 64 KiB is 413', async () => {
    const body = await errorOf(await post(paddedPing(LIMIT + 1)), 413, -32000);
    expect(body.error?.message).toContain(String(LIMIT));
  });

  it('a streamed body with no Content-Length stops being read past the cap', async () => {
    const { stream, read } = countingStream(10 * LIMIT);
    const request = new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_ACCEPT },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    await errorOf(await handler.fetch(request), 413, -32000);
    expect(read.bytes).toBeLessThanOrEqual(LIMIT + 2 * 4096);
    expect(read.cancelled).toBe(true);
  });

  it('a declared Content-Length over the cap is refused before reading', async () => {
    const { stream, read } = countingStream(LIMIT + 10);
    const request = new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: JSON_ACCEPT,
        'content-length': String(LIMIT + 10),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await errorOf(await handler.fetch(request), 413, -32000);
    expect(read.bytes).toBeLessThanOrEqual(4096);
  });
});

describe('malformed messages', () => {
  it.each([
    ['truncated JSON', '{"jsonrpc": "2.0", "id": 1, "method": '],
    ['an empty body', ''],
    ['not JSON at all', 'ping'],
  ])('%s is a parse error', async (_, text) => {
    const body = await errorOf(await post(text), 400, -32700);
    expect(body.id).toBeNull();
  });

  const nested = (depth: number, inner = '"x"') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  it.each([
    ['arguments nested 10,000 deep', callBody(nested(10_000))],
    ['an argument nested 10,000 deep', callBody(`{"query":${deepArray(10_000)}}`)],
    [
      'params nested 10,000 deep',
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${deepArray(10_000)}}}`,
    ],
    ['an id nested 10,000 deep', `{"jsonrpc":"2.0","id":${deepArray(10_000)},"method":"ping"}`],
    // The message and its params are two levels: arguments may nest MAX_JSON_DEPTH - 2 deep.
    ['arguments one level past the bound', callBody(nested(MAX_JSON_DEPTH - 1))],
    ['an array of more members than the bound', callBody(`{"query":[${'0,'.repeat(MAX_JSON_MEMBERS)}0]}`)],
  ])('%s is a parse error naming the bound, never a server error', async (_, text) => {
    const body = await errorOf(await post(text), 400, -32700);
    expect(body.id).toBeNull();
    expect(body.error?.message).toMatch(/^Parse error: the body is JSON past this server's bounds: /);
  });

  it('arguments within the bounds are checked as usual: invalid params naming the argument', async () => {
    const body = await errorOf(await post(callBody(nested(MAX_JSON_DEPTH - 2))), 200, -32602);
    expect(body.error?.message).toContain('"a": not an argument of search_blog_posts');
    const wide = await errorOf(
      await post(callBody(`{"query":[${'0,'.repeat(MAX_JSON_MEMBERS - 1)}0]}`)),
      200,
      -32602,
    );
    expect(wide.error?.message).toContain('query: expected a string');
  });

  it('a body that is not UTF-8 is a parse error', async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const request = new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_ACCEPT },
      body: bytes,
    });
    await errorOf(await handler.fetch(request), 400, -32700);
  });

  it('a batch is rejected as an invalid request', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    const body = await errorOf(await post(batch), 400, -32600);
    expect(body.id).toBeNull();
    expect(body.error?.message).toMatch(/batch/i);
  });

  it.each([
    ['a string', '"ping"', null],
    ['null', 'null', null],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 3, method: 'ping' }, 3],
    ['no jsonrpc member', { id: 'x', method: 'ping' }, 'x'],
    ['no method', { jsonrpc: '2.0', id: 4 }, 4],
    ['a numeric method', { jsonrpc: '2.0', id: 5, method: 42 }, 5],
    ['string params', { jsonrpc: '2.0', id: 6, method: 'ping', params: 'x' }, 6],
    ['null params', { jsonrpc: '2.0', id: 7, method: 'ping', params: null }, 7],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }, null],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, null],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, null],
  ])('%s is an invalid request', async (_, message, id) => {
    const body = await errorOf(await post(message), 400, -32600);
    expect(body.id).toStrictEqual(id);
  });
});

describe('tools/list', () => {
  it('lists the seven tools with titles, descriptions, schemas and read-only annotations', async () => {
    const body = await jsonOf(
      await rpc('tools/list', undefined, 1, { headers: { 'mcp-protocol-version': '2025-11-25' } }),
    );
    const tools = (body.result as { tools: Record<string, unknown>[] }).tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
    for (const tool of tools) {
      expect(typeof tool.title).toBe('string');
      expect((tool.description as string).length).toBeGreaterThan(80);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema).toHaveProperty('$schema', 'https://json-schema.org/draft/2020-12/schema');
      }
      expect(tool.annotations).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
  });

  it('declares the arguments of decisions.md section 4', async () => {
    const body = await jsonOf(await rpc('tools/list'));
    const tools = (body.result as { tools: { name: string; inputSchema: Record<string, unknown> }[] }).tools;
    const input = Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema]));
    expect(input.search_blog_posts).toMatchObject({
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 200 },
        lang: { enum: ['en', 'es'], default: 'en' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      },
    });
    expect(input.get_series).toMatchObject({
      required: ['slug'],
      properties: { slug: { type: 'string', pattern: '^[a-z0-9-]+$' }, lang: { enum: ['en', 'es'] } },
    });
    expect(input.get_posts_by_tag).toMatchObject({
      required: ['tag'],
      properties: { tag: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 500 } },
    });
    expect(input.get_posts_by_tag?.properties).not.toHaveProperty('limit.default');
    for (const name of ['list_series', 'list_slide_decks']) {
      expect(Object.keys(input[name]?.properties as object)).toEqual(['lang']);
    }
    expect(input.get_api_index?.properties).toEqual({});
  });
});

describe('tools/call', () => {
  it('list_series returns the series listing of the API', async () => {
    const result = await structuredOf(await callTool('list_series', { lang: 'es' }));
    expect(result).toEqual(await restJson('/api/series/es/index.json'));
  });

  it('get_series returns the series detail of the API, English by default', async () => {
    const result = await structuredOf(await callTool('get_series', { slug: 'http-basics' }));
    expect(result).toEqual(await restJson('/api/series/en/http-basics.json'));
  });

  it('get_posts_by_tag returns the tag timeline of the API', async () => {
    const result = await structuredOf(await callTool('get_posts_by_tag', { tag: 'caching', lang: 'en' }));
    expect(result).toEqual(await restJson('/api/timeline/en/caching.json'));
  });

  it('get_posts_by_tag with limit keeps the newest posts and the full total', async () => {
    const result = await structuredOf(await callTool('get_posts_by_tag', { tag: 'caching', limit: 1 }));
    const full = (await restJson('/api/timeline/en/caching.json')) as { total: number; posts: unknown[] };
    expect(full.total).toBe(2);
    expect(result).toEqual({ ...full, posts: full.posts.slice(0, 1) });
  });

  it('list_slide_decks returns the slide timeline of the API', async () => {
    const result = await structuredOf(await callTool('list_slide_decks', { lang: 'en' }));
    expect(result).toEqual(await restJson('/api/slides-timeline/en.json'));
  });

  it('get_api_index returns the API index, with or without empty arguments', async () => {
    const index = await restJson('/api/index.json');
    expect(await structuredOf(await callTool('get_api_index', {}))).toEqual(index);
    expect(await structuredOf(await callTool('get_api_index'))).toEqual(index);
  });

  it('search_blog_posts ranks matches and gives absolute URLs', async () => {
    const result = await structuredOf(await callTool('search_blog_posts', { query: 'second', lang: 'en' }));
    expect(result).toEqual({
      query: 'second',
      lang: 'en',
      total: 1,
      results: [
        {
          slug: 'second',
          title: 'Second post',
          description: 'The second one.',
          pubDate: '2025-02-10T12:00:00.000Z',
          tags: ['http'],
          url: `${BASE}/blog/second/`,
          score: expect.any(Number),
        },
      ],
    });
  });

  it.each(['cancion', 'CANCIÓN', 'canción'])('search_blog_posts finds "canción" from %s', async (query) => {
    const result = await structuredOf(await callTool('search_blog_posts', { query, lang: 'es' }));
    expect(result.total).toBe(1);
    expect(result.results).toMatchObject([{ slug: 'first', url: `${BASE}/es/blog/first/` }]);
  });

  it('search_blog_posts counts every match in total and returns the top limit', async () => {
    const result = await structuredOf(await callTool('search_blog_posts', { query: 'body', limit: 1 }));
    expect(result.total).toBe(3);
    expect(result.results).toHaveLength(1);
  });

  it('an unknown series is an isError result that says where the valid slugs are', async () => {
    const result = await toolResultOf(await callTool('get_series', { slug: 'no-such-series', lang: 'en' }));
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]?.type).toBe('text');
    expect(result.content[0]?.text).toContain('list_series');
    expect(result.content[0]?.text).toContain('http-basics');
  });

  it('an unknown tag is an isError result that lists the tags in use', async () => {
    const result = await toolResultOf(await callTool('get_posts_by_tag', { tag: 'etag', lang: 'es' }));
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('Tags in use in Spanish: caching, http.');
    expect(result.content[0]?.text).toContain('get_api_index');
  });

  it('an unknown tool is -32602 naming the tools', async () => {
    const body = await errorOf(await callTool('drop_tables', {}), 200, -32602);
    expect(body.error?.message).toContain('drop_tables');
    expect(body.error?.message).toContain('search_blog_posts');
  });

  it.each([[[]], [['en']], [null], ['en'], [3], [true]])(
    'arguments %j, not an object, are -32602 for any tool',
    async (args) => {
      for (const name of ['list_series', 'get_api_index', 'search_blog_posts']) {
        const body = await errorOf(await callTool(name, args), 200, -32602);
        expect(body.error?.message).toBe(
          `Invalid params: "arguments" must be an object, received ${JSON.stringify(args)}.`,
        );
      }
    },
  );

  it('a call without a tool name is -32602', async () => {
    await errorOf(await rpc('tools/call', { arguments: {} }), 200, -32602);
  });

  const LONG_QUERY = 'x'.repeat(201);
  it.each([
    ['search_blog_posts', {}, 'query: required, expected a string of 1 to 200 characters'],
    ['search_blog_posts', { query: 42 }, 'query: expected a string of 1 to 200 characters, received 42'],
    ['search_blog_posts', { query: '' }, 'query: expected a string of 1 to 200 characters, received ""'],
    [
      'search_blog_posts',
      { query: LONG_QUERY },
      `query: expected a string of 1 to 200 characters, received a string of 201 characters starting "${'x'.repeat(59)}…`,
    ],
    ['search_blog_posts', { query: 'x', limit: 51 }, 'limit: expected an integer from 1 to 50, received 51'],
    [
      'search_blog_posts',
      { query: 'x', limit: 2.5 },
      'limit: expected an integer from 1 to 50, received 2.5',
    ],
    [
      'search_blog_posts',
      { query: 'x', limit: null },
      'limit: expected an integer from 1 to 50, received null',
    ],
    ['search_blog_posts', { query: 'x', lang: 'fr' }, 'lang: expected "en" or "es", received "fr"'],
    [
      'search_blog_posts',
      { query: ['a'], limit: 0 },
      'query: expected a string of 1 to 200 characters, received ["a"]; ' +
        'limit: expected an integer from 1 to 50, received 0',
    ],
    ['get_series', { lang: 'en' }, 'slug: required, expected a string matching the pattern ^[a-z0-9-]+$'],
    [
      'get_series',
      { slug: 'Not A Slug' },
      'slug: expected a string matching the pattern ^[a-z0-9-]+$, received "Not A Slug"',
    ],
    ['get_posts_by_tag', { tag: '' }, 'tag: expected a non-empty string, received ""'],
    [
      'get_posts_by_tag',
      { tag: 'http', limit: '5' },
      'limit: expected an integer from 1 to 500, received "5"',
    ],
    [
      'get_posts_by_tag',
      { tag: 'http', limit: 501 },
      'limit: expected an integer from 1 to 500, received 501',
    ],
    ['list_series', { language: 'en' }, '"language": not an argument of list_series, which takes lang'],
    ['list_series', { constructor: 1 }, '"constructor": not an argument of list_series, which takes lang'],
    ['get_api_index', { lang: 'en' }, '"lang": not an argument of get_api_index, which takes none'],
  ])(
    '%s with %j is -32602 saying the argument, what was expected and what came',
    async (name, args, problems) => {
      const body = await errorOf(await callTool(name, args), 200, -32602);
      expect(body.error?.message).toBe(`Invalid arguments for ${name}: ${problems}.`);
    },
  );
});

describe('input validation errors under protocol 2025-11-25 (SEP-1303)', () => {
  const LATEST = { 'mcp-protocol-version': '2025-11-25' };
  const badLimit = { name: 'search_blog_posts', arguments: { query: 'x', limit: 2.5 } };
  const message =
    'Invalid arguments for search_blog_posts: limit: expected an integer from 1 to 50, received 2.5.';

  it('arguments that fail the input schema are a tool result with isError and the message', async () => {
    const result = await toolResultOf(await rpc('tools/call', badLimit, 1, { headers: LATEST }));
    expect(result).toEqual({ content: [{ type: 'text', text: message }], isError: true });
  });

  it.each([
    ['no MCP-Protocol-Version', {}],
    ['2025-06-18', { 'mcp-protocol-version': '2025-06-18' }],
    ['2025-03-26', { 'mcp-protocol-version': '2025-03-26' }],
  ])('with %s they are still -32602', async (_, headers) => {
    const body = await errorOf(await rpc('tools/call', badLimit, 1, { headers }), 200, -32602);
    expect(body.error?.message).toBe(message);
  });

  it.each([
    ['an unknown tool', { name: 'drop_tables', arguments: {} }],
    ['arguments that are not an object', { name: 'list_series', arguments: [] }],
    ['no tool name', { arguments: {} }],
  ])('%s is a malformed call, -32602 in every version', async (_, params) => {
    await errorOf(await rpc('tools/call', params, 1, { headers: LATEST }), 200, -32602);
  });
});

describe('rate limit', () => {
  it('a limited MCP call is the 429 problem+json with the RateLimit headers', async () => {
    const limited = handlerWith({ rateLimit: { quota: 2 } });
    for (let i = 0; i < 2; i++) expect((await rpc('ping', undefined, i, { on: limited })).status).toBe(200);
    const response = await rpc('ping', undefined, 3, { on: limited });
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=2;w=60');
    expect(response.headers.get('x-api-version')).toBe('1.0.0');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const problem = (await response.json()) as { status: number; type: string; error: { code: string } };
    expect(problem.status).toBe(429);
    expect(problem.error.code).toBe('rate_limited');
    expect(problem.type).toBe(`${BASE}/developers#rate-limits`);
  });

  it('shares one quota with the REST API', async () => {
    const limited = handlerWith({ rateLimit: { quota: 3 } });
    const client = { clientAddress: '192.0.2.8' };
    for (let i = 0; i < 3; i++) {
      expect((await limited.fetch(new Request(`${BASE}/api/index.json`), client)).status).toBe(200);
    }
    const request = new Request(`${BASE}/.well-known/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_ACCEPT },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect((await limited.fetch(request, client)).status).toBe(429);
  });

  it('each MCP call counts once against the quota', async () => {
    const first = await rpc('ping', undefined, 1, { on: handlerWith() });
    expect(first.headers.get('ratelimit-remaining')).toBe('299');
  });
});
