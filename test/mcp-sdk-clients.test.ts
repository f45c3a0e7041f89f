/**
 * The official MCP TypeScript SDK clients against real servers: the Node server and a Cloudflare
 * Worker in workerd. The v2 client in auto mode speaks the stateless revision (it probes with
 * server/discover and sends `_meta` and the mirrored headers on every request); in legacy mode, and
 * the v1 client, the initialize handshake. Each lists and calls every tool, reads a resource and
 * completes a template argument.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from './support/expect.ts';
import { builtBaseUrl, type RunningServer, startCloudflare, startNode } from './support/server.ts';

/** What the tests ask of a client, the same in both SDK generations. */
type AnyClient = Pick<
  Client,
  'listTools' | 'callTool' | 'listResources' | 'listResourceTemplates' | 'readResource' | 'complete' | 'close'
> & { getServerVersion(): { name: string; version: string } | undefined };

interface ClientKind {
  name: string;
  /** The version the client should end up speaking, when the SDK says it. */
  speaks: string | null;
  connect: (endpoint: URL) => Promise<{ client: AnyClient; negotiated: () => string | undefined }>;
}

const CLIENTS: ClientKind[] = [
  {
    name: 'SDK v2, auto',
    speaks: '2026-07-28',
    async connect(endpoint) {
      const client = new Client(
        { name: 'folio-tests', version: '2.0.0' },
        { versionNegotiation: { mode: 'auto' } },
      );
      await client.connect(new StreamableHTTPClientTransport(endpoint));
      return { client, negotiated: () => client.getNegotiatedProtocolVersion() };
    },
  },
  {
    name: 'SDK v2, legacy',
    speaks: '2025-11-25',
    async connect(endpoint) {
      const client = new Client(
        { name: 'folio-tests', version: '2.0.0' },
        { versionNegotiation: { mode: 'legacy' } },
      );
      await client.connect(new StreamableHTTPClientTransport(endpoint));
      return { client, negotiated: () => client.getNegotiatedProtocolVersion() };
    },
  },
  {
    name: 'SDK v1',
    speaks: null,
    async connect(endpoint) {
      const client = new ClientV1({ name: 'folio-tests', version: '1.0.0' });
      await client.connect(new TransportV1(endpoint));
      return { client: client as unknown as AnyClient, negotiated: () => undefined };
    },
  },
];

const RUNTIMES = [
  { name: 'the Node server', start: startNode },
  { name: 'a Cloudflare Worker (workerd)', start: startCloudflare },
];

describe.each(RUNTIMES)('on $name', ({ start }) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await start();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

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

  describe.each(CLIENTS)('the $name client', (kind) => {
    let client: AnyClient;
    let negotiated: () => string | undefined;

    beforeAll(async () => {
      ({ client, negotiated } = await kind.connect(new URL(`${server.url}/mcp`)));
    });

    afterAll(async () => {
      await client?.close();
    });

    it('connects: the revision of its era, the server named', () => {
      if (kind.speaks) expect(negotiated()).toBe(kind.speaks);
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
});
