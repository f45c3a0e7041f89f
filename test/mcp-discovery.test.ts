/**
 * The published descriptions of the MCP server cannot drift from what it answers: the server card
 * against server/discover, llms.txt against tools/list and resources/templates/list; and every
 * discovery document lets browser clients read its ETag.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { TOOL_SPECS } from '../src/mcp/tool-specs/index.ts';
import { TOOL_MODULES } from '../src/mcp/tools/index.ts';
import { deployed, servedData } from './support/data.ts';

const BASE = 'https://drift.example';
const MODERN = '2026-07-28';

let handler: Handler;
let documents: string[];

beforeAll(async () => {
  const deployment = await deployed(await servedData(), BASE);
  documents = Object.keys(deployment.manifest.documents);
  handler = createHandler(deployment);
});

const get = (path: string) => handler.fetch(new Request(BASE + path), { clientAddress: '192.0.2.11' });

async function stateless(method: string): Promise<Record<string, unknown>> {
  const response = await handler.fetch(
    new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    }),
    { clientAddress: '192.0.2.11' },
  );
  expect(response.status).toBe(200);
  return (await response.json()).result;
}

/** The `- [title](url): description` items of an llms.txt section. */
function llmsItems(text: string, heading: string) {
  const section = text.split(`\n## ${heading}\n\n`)[1]!.split('\n\n')[0]!;
  return section.split('\n').map((line) => {
    const item = /^- \[([^\]]+)\]\(([^)]+)\): (.*)$/.exec(line);
    expect(item, line).not.toBeNull();
    return { title: item![1]!, url: item![2]!, description: item![3]! };
  });
}

describe('published descriptions and the live server', () => {
  it('the server card says what server/discover says', async () => {
    const card = await (await get('/.well-known/mcp/server-card.json')).json();
    const discovered = await stateless('server/discover');
    const serverInfo = (discovered._meta as Record<string, { name: string; version: string }>)[
      'io.modelcontextprotocol/serverInfo'
    ]!;
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `${BASE}/mcp`,
        supportedProtocolVersions: discovered.supportedVersions,
      },
    ]);
    expect(card.version).toBe(serverInfo.version);
    expect(card.name.split('/')[1]).toBe(serverInfo.name);
    expect(await (await get('/mcp/server-card')).json()).toEqual(card);
  });

  it('llms.txt lists every tool of tools/list, in order, with the first sentence of its description', async () => {
    const llms = await (await get('/llms.txt')).text();
    const { tools } = (await stateless('tools/list')) as { tools: { name: string; description: string }[] };
    const listed = llmsItems(llms, 'MCP tools');
    expect(listed.map((item) => item.title)).toEqual(tools.map((tool) => tool.name));
    for (const [i, tool] of tools.entries())
      expect(tool.description.startsWith(listed[i]!.description)).toBe(true);
  });

  it('the server calls the tools the build publishes, each with the spec it publishes, in the same order', () => {
    expect(TOOL_MODULES.map(({ calls, ...spec }) => spec)).toEqual(TOOL_SPECS);
  });

  it('llms.txt lists every resource template of resources/templates/list', async () => {
    const llms = await (await get('/llms.txt')).text();
    const { resourceTemplates } = (await stateless('resources/templates/list')) as {
      resourceTemplates: { uriTemplate: string; title: string; description: string }[];
    };
    const section = llms.split('\n## MCP resources\n\n')[1]!.split('\n\n')[0]!;
    const listed = section.split('\n').map((line) => {
      const item = /^- \[([^\]]+)\]\([^)\s]+\): `([^`]+)`, (.*)$/.exec(line);
      expect(item, line).not.toBeNull();
      return { uriTemplate: BASE + item![2]!, title: item![1]!, description: item![3]! };
    });
    expect(listed).toEqual(
      resourceTemplates.map(({ title, uriTemplate, description }) => ({ uriTemplate, title, description })),
    );
  });

  it('every discovery document sends its ETag, exposes it to browsers and answers If-None-Match with 304', async () => {
    expect(documents).toEqual(
      expect.arrayContaining(['/.well-known/mcp/server-card.json', '/mcp/server-card', '/llms.txt']),
    );
    for (const path of documents) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('etag'), path).toMatch(/^"/);
      expect(response.headers.get('access-control-expose-headers'), path).toContain('ETag');
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      const etag = response.headers.get('etag')!;
      const revalidated = await handler.fetch(
        new Request(BASE + path, { headers: { 'if-none-match': etag } }),
        {
          clientAddress: '192.0.2.11',
        },
      );
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get('access-control-expose-headers'), path).toContain('ETag');
    }
  });

  it.each(['/.well-known/mcp/server-card.json', '/mcp/server-card'])(
    '%s sends the CORS headers the server-card draft requires, on GET, HEAD and 304, and a preflight allows them',
    async (path) => {
      const CARD_CORS = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET',
        'access-control-allow-headers': 'Content-Type, If-None-Match',
        'access-control-expose-headers': 'ETag',
      };
      const answer = (init: RequestInit) =>
        handler.fetch(new Request(BASE + path, init), { clientAddress: '192.0.2.11' });
      const got = await answer({});
      const etag = got.headers.get('etag')!;
      for (const response of [
        got,
        await answer({ method: 'HEAD' }),
        await answer({ headers: { 'if-none-match': etag } }),
      ]) {
        expect(
          Object.fromEntries(Object.keys(CARD_CORS).map((name) => [name, response.headers.get(name)])),
        ).toEqual(CARD_CORS);
      }
      // A page elsewhere revalidating the card: If-None-Match is not a safelisted header.
      const preflight = await answer({
        method: 'OPTIONS',
        headers: {
          origin: 'https://agent.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')?.split(', ')).toContain('GET');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bif-none-match\b/i);
    },
  );

  it('other discovery documents do not send the card-only CORS headers', async () => {
    const llms = await get('/llms.txt');
    expect(llms.headers.get('access-control-allow-methods')).toBeNull();
    expect(llms.headers.get('access-control-allow-headers')).toBeNull();
  });
});
