/**
 * The official MCP TypeScript SDK v2 client against the real Node server: once on the stateless
 * revision (it probes with server/discover and sends `_meta` and the mirrored headers on every
 * request), once on the legacy handshake, each listing and calling every tool.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from './support/expect.ts';
import { builtBaseUrl, type RunningServer, startNode } from './support/server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startNode();
});

afterAll(async () => {
  await server?.stop();
});

async function connected(mode: 'auto' | 'legacy'): Promise<Client> {
  const client = new Client({ name: 'folio-tests', version: '2.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return client;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** One well-formed call of every tool, on data the server has. */
async function everyCall(): Promise<[string, Record<string, unknown>][]> {
  const series = await getJson<{ series: { slug: string }[] }>('/api/series/en/index.json');
  const [firstPost] = await getJson<{ slug: string; tags: string[] }[]>('/api/posts-en.json?limit=1');
  return [
    ['search_blog_posts', { query: 'cache', lang: 'es', limit: 3 }],
    ['get_post', { slug: firstPost?.slug, lang: 'en' }],
    ['list_series', { lang: 'en' }],
    ['get_series', { slug: series.series[0]?.slug, lang: 'en' }],
    ['get_posts_by_tag', { tag: firstPost?.tags[0], lang: 'en', limit: 2 }],
    ['list_slide_decks', { lang: 'es' }],
    ['get_api_index', {}],
  ];
}

describe.each(['auto', 'legacy'] as const)('the SDK v2 client in %s mode', (mode) => {
  let client: Client;

  beforeAll(async () => {
    client = await connected(mode);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the newest revision of its era', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(mode === 'auto' ? '2026-07-28' : '2025-11-25');
    expect(client.getServerVersion()).toMatchObject({ name: 'folio', version: '1.0.0' });
  });

  it('lists and calls every tool; the client checks each structuredContent against its outputSchema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
    for (const [name, args] of await everyCall()) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      expect(result.structuredContent, name).toBeTypeOf('object');
    }
  });

  it('lists resources and templates, reads a post as its twin, completes a slug', async () => {
    const [post] = await getJson<{ slug: string; url: string }[]>('/api/posts-en.json?limit=1');
    const uri = `${post!.url.replace(/\/$/, '')}.md`;
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(uri);
    const { resourceTemplates } = await client.listResourceTemplates();
    const template = `${builtBaseUrl()}/blog/{slug}.md`;
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain(template);
    const { contents } = await client.readResource({ uri });
    const twin = await fetch(server.url + new URL(uri).pathname);
    expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: await twin.text() }]);
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: template },
      argument: { name: 'slug', value: post!.slug.slice(0, 3) },
    });
    expect(completion.values).toContain(post!.slug);
  });
});
