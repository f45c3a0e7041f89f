/**
 * Generated MCP traffic against the real handler and the served fixture blog: valid and malformed JSON-RPC
 * (any method, ids of every JSON type, params and tool arguments of the wrong shape, bodies that are
 * not JSON or not UTF-8) under any Accept, Content-Type, MCP-Protocol-Version and Origin. Whatever
 * comes in, the answer is never a 5xx and is well formed.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, servedData } from './support/data.ts';
import { MCP_TOOL_NAMES } from './support/expect.ts';

const BASE = 'https://blog.example';
const JSON_ACCEPT = 'application/json, text/event-stream';
const MESSAGES = 5_000;

let handler: Handler;

beforeAll(async () => {
  handler = createHandler(await deployed(await servedData(), BASE));
});

/** Each request comes from a new client address, so the quota never interferes. */
let clients = 0;
function freshClient() {
  clients++;
  return { clientAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
}

// --- Generators -----------------------------------------------------------------------------

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 30,
});
const anyJson = fc.jsonValue({ maxDepth: 2 });
const json = (value: unknown) => JSON.stringify(value);

/** Id tokens as a client may write them, JSON.parse-lossy ones included. */
const LOSSY_IDS = [
  '12345678901234567890',
  '-98765432109876543210',
  '1.0',
  '1e3',
  '1E+2',
  '-0',
  '0.5',
  '1e400',
];
const rawId = fc.oneof(
  { weight: 3, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...LOSSY_IDS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }).map(json) },
  { weight: 1, arbitrary: anyJson.map(json) },
);

const argumentValue = fc.oneof(
  fc.constantFrom('en', 'es', 'fr', '', 'cache', 'caching-by-hand', 'http', 'Not A Slug'),
  fc.integer({ min: -5, max: 600 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  printable,
  anyJson,
);
const argumentName = fc.oneof(fc.constantFrom('query', 'lang', 'limit', 'slug', 'tag'), printable);
/** Arguments that often fit a tool, and often do not. */
const plausibleArguments = fc.record(
  {
    query: fc.oneof(fc.constantFrom('cache', 'token bucket', 'canción'), printable),
    lang: fc.constantFrom('en', 'es'),
    limit: fc.integer({ min: 0, max: 60 }),
    slug: fc.constantFrom('limits-in-production', 'no-such-series'),
    tag: fc.constantFrom('http', 'caching', 'no-such-tag'),
  },
  { requiredKeys: [] },
);
const toolArguments = fc.oneof(
  { weight: 3, arbitrary: plausibleArguments },
  { weight: 2, arbitrary: fc.dictionary(argumentName, argumentValue, { maxKeys: 4 }) },
  { weight: 1, arbitrary: anyJson },
);
const toolCallParams = fc.record(
  {
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...MCP_TOOL_NAMES) }, printable, anyJson),
    arguments: toolArguments,
  },
  { requiredKeys: ['name'] },
);
const initializeParams = fc.record(
  {
    protocolVersion: fc.oneof(
      fc.constantFrom('2025-06-18', '2025-03-26', '2025-11-25', '2024-11-05'),
      anyJson,
    ),
    capabilities: fc.constant({}),
  },
  { requiredKeys: [] },
);

const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'notifications/initialized',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
  'server/discover',
];
const method = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...METHODS) }, printable, anyJson);

/** The stateless revision's `_meta`, mostly complete. */
const modernMeta = fc.record(
  {
    'io.modelcontextprotocol/protocolVersion': fc.oneof(
      { weight: 4, arbitrary: fc.constant('2026-07-28') },
      fc.constantFrom('2025-11-25', '1900-01-01'),
      anyJson,
    ),
    'io.modelcontextprotocol/clientCapabilities': fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      anyJson,
    ),
  },
  { requiredKeys: [] },
);
const modernParams = fc.record(
  {
    _meta: modernMeta,
    name: fc.oneof(fc.constantFrom(...MCP_TOOL_NAMES), printable),
    arguments: toolArguments,
    uri: fc.oneof(fc.constantFrom(`${BASE}/blog/first.md`, `${BASE}/blog/first.md?offset=3`), printable),
    cursor: fc.oneof(fc.constantFrom('1', '0'), anyJson),
    ref: anyJson,
    argument: anyJson,
  },
  { requiredKeys: ['_meta'] },
);

/** A method with params that mostly fit it. */
const call = fc.oneof(
  { weight: 4, arbitrary: fc.record({ method: fc.constant('tools/call'), params: toolCallParams }) },
  { weight: 2, arbitrary: fc.record({ method: fc.constantFrom(...METHODS), params: modernParams }) },
  { weight: 1, arbitrary: fc.record({ method: fc.constant('initialize'), params: initializeParams }) },
  { weight: 2, arbitrary: fc.record({ method, params: anyJson }, { requiredKeys: ['method'] }) },
);

/** Members as raw JSON text, so ids keep the exact token generated. */
type Members = Partial<Record<'jsonrpc' | 'id' | 'method' | 'params' | 'result' | 'error', string>>;

function objectText(members: Members): string {
  return `{${Object.entries(members)
    .map(([key, raw]) => `${json(key)}:${raw}`)
    .join(',')}}`;
}

/** A request body, with the id token it sends when it is a JSON object with an id. */
type Body = { text: BodyInit; id?: string | undefined };

/** Mostly well-formed requests and notifications, with any method and params. */
const wellFormedMembers = fc.record({ id: fc.option(rawId, { nil: undefined, freq: 6 }), call }).map(
  ({ id, call }): Members => ({
    jsonrpc: '"2.0"',
    ...(id === undefined ? {} : { id }),
    method: json(call.method),
    ...('params' in call ? { params: json(call.params) } : {}),
  }),
);
const wellFormed = wellFormedMembers.map(objectText);

/** Any member of any type, responses included. */
const scrambled = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('"2.0"'), anyJson.map(json)),
    id: rawId,
    method: method.map(json),
    params: anyJson.map(json),
    result: anyJson.map(json),
    error: anyJson.map(json),
  },
  { requiredKeys: [] },
);

const notJsonRpc = fc.oneof(
  printable,
  fc.string({ unit: 'binary', maxLength: 40 }),
  anyJson.map(json),
  fc.array(wellFormed, { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
  wellFormed.chain((text) => fc.nat(text.length).map((end) => text.slice(0, end))),
);

const asBody = (members: Members): Body =>
  members.id === undefined ? { text: objectText(members) } : { text: objectText(members), id: members.id };
const body = fc.oneof(
  { weight: 10, arbitrary: wellFormedMembers.map(asBody) },
  { weight: 2, arbitrary: scrambled.map(asBody) },
  { weight: 2, arbitrary: notJsonRpc.map((text): Body => ({ text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((text): Body => ({ text })) },
);

/** A header that is absent, one of the interesting values, or printable noise. */
function header(usual: string | undefined, others: readonly string[]) {
  const usualValue = fc.constant(usual);
  return fc.oneof({ weight: 14, arbitrary: usualValue }, fc.constantFrom(undefined, ...others), printable);
}

const headers = fc.record({
  accept: header(JSON_ACCEPT, ['*/*', 'application/json', 'text/event-stream', 'text/html', '']),
  'content-type': header('application/json', ['application/json; charset=utf-8', 'text/plain', '']),
  'mcp-protocol-version': fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: fc.constantFrom('2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26') },
    fc.constantFrom('2024-11-05', ''),
    printable,
  ),
  'mcp-method': header(undefined, [...METHODS]),
  'mcp-name': header(undefined, [
    ...MCP_TOOL_NAMES,
    `${BASE}/blog/first.md`,
    '=?base64?Z2V0X3Bvc3Q=?=',
    '=?base64?%?=',
  ]),
  origin: header(undefined, [BASE, 'https://evil.example', 'null']),
  'access-control-request-method': fc.constantFrom(undefined, 'POST'),
});

const httpMethod = fc.oneof(
  { weight: 20, arbitrary: fc.constant('POST') },
  fc.constantFrom('GET', 'HEAD', 'DELETE', 'PUT', 'OPTIONS'),
);

const mcpCase = fc.record({
  method: httpMethod,
  path: fc.constantFrom('/mcp', '/.well-known/mcp'),
  headers,
  body,
});

type McpCase = typeof mcpCase extends fc.Arbitrary<infer T> ? T : never;

// --- Properties -----------------------------------------------------------------------------

async function send({ method, path, headers, body }: McpCase, as = method): Promise<Response> {
  const present = Object.entries(headers).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const withBody = as === 'POST' || as === 'PUT';
  const request = new Request(BASE + path, {
    method: as,
    headers: present,
    body: withBody ? (body.text as BodyInit) : null,
  });
  return handler.fetch(request, freshClient());
}

async function expectWellFormed(testCase: McpCase, response: Response) {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  const length = response.headers.get('content-length');
  if (response.status !== 204) expect(length).toBe(String(new TextEncoder().encode(text).byteLength));
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return;
  const parsed = JSON.parse(text);
  if (!type.startsWith('application/json')) return;
  expect(parsed.jsonrpc).toBe('2.0');
  expect('id' in parsed).toBe(true);
  expect('result' in parsed !== 'error' in parsed).toBe(true);
  const id = testCase.body.id;
  if (parsed.id !== null && id !== undefined)
    expect(text.startsWith(`{"jsonrpc":"2.0","id":${id},`)).toBe(true);
}

async function expectHeadLikeGet(testCase: McpCase) {
  const get = await send(testCase, 'GET');
  const head = await send(testCase, 'HEAD');
  expect(head.status).toBe(get.status);
  expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
  expect(await head.text()).toBe('');
  await expectWellFormed(testCase, get);
}

describe('generated MCP messages', () => {
  it(`${MESSAGES} of them get a well-formed answer, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(mcpCase, async (testCase) => {
        if (testCase.method === 'GET' || testCase.method === 'HEAD') return expectHeadLikeGet(testCase);
        return expectWellFormed(testCase, await send(testCase));
      }),
      { numRuns: MESSAGES },
    );
  }, 60_000);
});
