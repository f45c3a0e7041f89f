import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/data/types.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, sampleData } from './support/data.ts';
import { MCP_TOOL_NAMES } from './support/expect.ts';

const BASE = 'https://docs.example:8443';

let data: SiteData;
let handler: Handler;
const get = (pathOrUrl: string, init: RequestInit = {}) =>
  handler.fetch(new Request(pathOrUrl.startsWith('http') ? pathOrUrl : BASE + pathOrUrl, init));
const json = async (path: string) => (await get(path)).json();
const text = async (path: string) => (await get(path)).text();

beforeAll(async () => {
  data = await sampleData();
  handler = createHandler(await deployed(data, BASE));
});

describe('discovery documents', () => {
  it('serve each with its media type and the site caching headers', async () => {
    const types: Record<string, string> = {
      '/openapi.json': 'application/json; charset=utf-8',
      '/llms.txt': 'text/plain; charset=utf-8',
      '/llms-full.txt': 'text/plain; charset=utf-8',
      '/auth.md': 'text/markdown; charset=utf-8',
      '/.well-known/api-catalog':
        'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      '/.well-known/ai-catalog.json': 'application/json; charset=utf-8',
      '/.well-known/mcp/server-card.json': 'application/json; charset=utf-8',
      '/.well-known/agent-skills/index.json': 'application/json; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(response.headers.get('etag')).toBeTruthy();
    }
  });

  it('llms.txt follows the llmstxt.org layout and lists every post', async () => {
    const llms = await text('/llms.txt');
    expect(llms).toMatch(new RegExp(`^# ${data.site.name}\n\n> ${escapeRegExp(data.site.description)}\n`));
    expect(llms).toMatch(/\n## Optional\n/);
    for (const post of data.posts) expect(llms).toContain(`](${BASE}${post.path.slice(0, -1)}.md): `);
  });

  it('llms-full.txt carries every published post in full', async () => {
    const full = await text('/llms-full.txt');
    for (const post of data.posts) {
      expect(full).toContain(`# ${post.title}`);
      expect(full).toContain(post.body.trim());
    }
  });

  it('auth.md says everything is public and anonymous', async () => {
    const auth = await text('/auth.md');
    expect(auth).toMatch(/^# Access policy/);
    expect(auth).toContain('**Authentication:** none');
  });

  it('the API catalog is an RFC 9727 linkset, and HEAD carries its Link header', async () => {
    const catalog = await json('/.well-known/api-catalog');
    expect(catalog.linkset[0]['service-desc'][0].href).toBe(`${BASE}/openapi.json`);
    expect(catalog.linkset[0]['service-doc'].map((link: { href: string }) => link.href)).toContain(
      `${BASE}/llms.txt`,
    );
    const head = await get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toBe(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
  });

  it('the MCP server card names the endpoint, transport, protocol version and the six tools', async () => {
    const card = await json('/.well-known/mcp/server-card.json');
    expect(card.protocolVersion).toBe('2025-06-18');
    expect(card.transport).toEqual({ type: 'streamable-http', endpoint: `${BASE}/mcp` });
    expect(card.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
  });

  it('the AI catalog points at every agent-facing artifact', async () => {
    const catalog = await json('/.well-known/ai-catalog.json');
    const types = catalog.artifacts.map((artifact: { type: string }) => artifact.type);
    for (const type of ['openapi', 'mcp-server', 'agent-skills', 'llms-txt', 'api-catalog']) {
      expect(types).toContain(type);
    }
  });

  it('agent skills: v0.2.0 index whose digest matches the served SKILL.md bytes', async () => {
    const index = await json('/.well-known/agent-skills/index.json');
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.length).toBeGreaterThan(0);
    for (const skill of index.skills) {
      expect(Object.keys(skill).sort()).toEqual(['description', 'digest', 'name', 'type', 'url']);
      expect(skill.type).toBe('skill-md');
      expect(skill.url.startsWith(`${BASE}/`)).toBe(true);
      const response = await get(skill.url);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      const body = new TextDecoder().decode(bytes);
      expect(body).toMatch(
        new RegExp(`^---\nname: ${skill.name}\ndescription: ${escapeRegExp(skill.description)}\n---\n`),
      );
    }
  });

  it('the developer portal has every section in both languages', async () => {
    for (const path of ['/developers', '/es/developers']) {
      const html = await text(path);
      for (const id of [
        'quickstart',
        'authentication',
        'endpoints',
        'errors',
        'rate-limits',
        'versioning',
        'mcp',
        'cli',
        'license',
      ]) {
        expect(html, `${path}#${id}`).toContain(`<section id="${id}">`);
      }
      for (const operationId of [
        'getApiIndex',
        'listPosts',
        'getSeries',
        'getTimelineByTag',
        'getSlidesTimeline',
      ]) {
        expect(html).toContain(`id="${operationId}"`);
      }
      for (const tool of MCP_TOOL_NAMES) expect(html).toContain(tool);
      for (const code of [
        'invalid_request',
        'resource_not_found',
        'method_not_allowed',
        'gone',
        'rate_limited',
        'internal_error',
      ]) {
        expect(html).toContain(`<code>${code}</code>`);
      }
      expect(html).toContain('CC BY 4.0');
      expect(html).toContain('--base-url');
    }
  });
});

/** Every absolute URL on the base in a text, and every root-relative href in HTML. */
function linksIn(body: string): string[] {
  const absolute = [...body.matchAll(new RegExp(`${escapeRegExp(BASE)}[^\\s"'<>)\\]\\u0060&]*`, 'g'))].map(
    (m) => m[0],
  );
  const relative = [...body.matchAll(/href="(\/[^"]*)"/g)].map((m) => BASE + m[1]!.replace(/&amp;/g, '&'));
  return [...absolute, ...relative].map((url) => url.replace(/[.,;:]+$/, ''));
}

describe('crawl', () => {
  it('every link in the discovery documents, the portal and the pages resolves', async () => {
    const start = [
      '/',
      '/es/',
      '/developers',
      '/es/developers',
      '/developers.md',
      '/openapi.json',
      '/llms.txt',
      '/auth.md',
      '/.well-known/api-catalog',
      '/.well-known/ai-catalog.json',
      '/.well-known/mcp/server-card.json',
      '/.well-known/agent-skills/index.json',
    ].map((path) => BASE + path);
    const seen = new Set<string>();
    const queue = [...start];
    const failures: string[] = [];
    const pages = new Map<string, string>();
    while (queue.length > 0) {
      const url = queue.shift()!;
      const [address = url] = url.split('#');
      if (seen.has(address)) continue;
      seen.add(address);
      const response = await get(address);
      // The MCP endpoint takes POST only: GET is refused with 405 and Allow: POST.
      if (new URL(address).pathname === '/mcp') {
        if (response.status !== 405 || !response.headers.get('allow')?.includes('POST'))
          failures.push(address);
        continue;
      }
      if (response.status !== 200) {
        failures.push(`${address} -> ${response.status}`);
        continue;
      }
      const body = await response.text();
      pages.set(address, body);
      const isSitePage = !new URL(address).pathname.startsWith('/api/');
      if (isSitePage) queue.push(...linksIn(body).filter((link) => !seen.has(link.split('#')[0]!)));
    }
    expect(failures).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
    // Every in-page fragment named by a link exists on the page it points to.
    const missingAnchors = [...pages.values()]
      .flatMap(linksIn)
      .filter((link) => link.includes('#'))
      .filter((link) => {
        const [address = '', fragment] = link.split('#');
        const target = pages.get(address);
        return target?.startsWith('<!doctype html>') && !target.includes(`id="${fragment}"`);
      });
    expect([...new Set(missingAnchors)]).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
