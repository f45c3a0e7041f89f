/** The official MCP TypeScript SDK client against the real Node server and the served fixture blog. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from './support/expect.ts';
import { builtBaseUrl, type RunningServer, startNode } from './support/server.ts';

type Tools = Awaited<ReturnType<Client['listTools']>>['tools'];

let server: RunningServer;
let client: Client;
let tools: Tools;

beforeAll(async () => {
  server = await startNode();
  // The client checks every structuredContent against its tool's outputSchema, here as JSON Schema 2020-12.
  client = new Client(
    { name: 'folio-tests', version: '1.0.0' },
    { jsonSchemaValidator: new AjvJsonSchemaValidator(strict2020()) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  tools = (await client.listTools()).tools;
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** A JSON Schema 2020-12 validator that refuses unknown keywords and any other dialect's $schema. */
function strict2020() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv;
}

function validatorFor(name: string) {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool?.outputSchema) throw new Error(`${name} has no outputSchema`);
  return strict2020().compile(tool.outputSchema);
}

describe('the SDK client', () => {
  it('initializes: protocol version, server info, tools capability and instructions', () => {
    expect(client.getServerVersion()).toEqual({ name: 'folio', title: 'Lantern Log', version: '1.0.0' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain('search_blog_posts');
  });

  it('lists the seven read-only tools', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
  });

  it('declares every input and output schema in JSON Schema 2020-12', () => {
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema?.$schema, tool.name).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(() => strict2020().compile(schema!), tool.name).not.toThrow();
      }
    }
  });

  it('calls every tool and gets structuredContent valid under its outputSchema', async () => {
    const series = await getJson<{ series: { slug: string }[] }>('/api/series/en/index.json');
    const [firstPost] = await getJson<{ slug: string; tags: string[] }[]>('/api/posts-en.json?limit=1');
    const calls: [string, Record<string, unknown>][] = [
      ['search_blog_posts', { query: 'cache', lang: 'es', limit: 3 }],
      ['get_post', { slug: firstPost?.slug, lang: 'en' }],
      ['list_series', { lang: 'en' }],
      ['get_series', { slug: series.series[0]?.slug, lang: 'en' }],
      ['get_posts_by_tag', { tag: firstPost?.tags[0], lang: 'en', limit: 2 }],
      ['list_slide_decks', { lang: 'es' }],
      ['get_api_index', {}],
    ];
    for (const [name, args] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      const validate = validatorFor(name);
      expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
    }
  });

  it('tool results are the REST API records', async () => {
    const listing = await client.callTool({ name: 'list_series', arguments: { lang: 'es' } });
    expect(listing.structuredContent).toEqual(await getJson('/api/series/es/index.json'));
    const index = await client.callTool({ name: 'get_api_index', arguments: {} });
    expect(index.structuredContent).toEqual(await getJson('/api/index.json'));
  });

  it('search ranks the post about leaky buckets first, with an absolute url', async () => {
    const result = await client.callTool({
      name: 'search_blog_posts',
      arguments: { query: 'leaky bucket', lang: 'en', limit: 5 },
    });
    const found = result.structuredContent as { total: number; results: { slug: string; url: string }[] };
    expect(found.total).toBeGreaterThanOrEqual(1);
    expect(found.results[0]).toMatchObject({
      slug: 'leaky-bucket-limiter',
      url: `${builtBaseUrl()}/blog/leaky-bucket-limiter/`,
    });
  });

  it('an unknown series is an isError result', async () => {
    const result = await client.callTool({ name: 'get_series', arguments: { slug: 'no-such-series' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('list_series');
  });

  it('an unknown tool is a -32602 error', async () => {
    const unknown = client.callTool({ name: 'drop_tables', arguments: {} });
    await expect(unknown).rejects.toBeInstanceOf(McpError);
    await expect(unknown).rejects.toMatchObject({ code: -32602 });
  });

  it('a bad argument is an isError result under the negotiated 2025-11-25 (SEP-1303)', async () => {
    const result = await client.callTool({ name: 'search_blog_posts', arguments: { query: 'x', limit: 0 } });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Invalid arguments for search_blog_posts: limit: expected an integer from 1 to 50, received 0.',
        },
      ],
      isError: true,
    });
  });

  it('ping answers', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe('the Node server', () => {
  it.each([
    ['declared', (text: string) => text],
    ['streamed', (text: string) => new Blob([text]).stream()],
  ])('answers a %s 5 MB body with 413 over the socket', async (_, bodyOf) => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) + ' '.repeat(5_000_000);
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: bodyOf(text),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('x-api-version')).toBe('1.0.0');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});
