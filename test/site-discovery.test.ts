import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { PATHS } from '../src/core/paths.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { DEFAULT_PROTOCOL_VERSION } from '../src/mcp/protocol.ts';
import { deployed, FIXTURES, servedData } from './support/data.ts';
import { MCP_TOOL_NAMES } from './support/expect.ts';

const BASE = 'https://docs.example:8443';

let data: SiteData;
let handler: Handler;
const get = (pathOrUrl: string, init: RequestInit = {}) =>
  handler.fetch(new Request(pathOrUrl.startsWith('http') ? pathOrUrl : BASE + pathOrUrl, init));
const json = async (path: string) => (await get(path)).json();
const text = async (path: string) => (await get(path)).text();

/** A JSON Schema kept in test/fixtures/schemas (each names where it comes from). */
function fixtureSchema(name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(resolve(FIXTURES, 'schemas', name), 'utf8')));
  return (value: unknown) =>
    validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** An item of an llms.txt list as the llmstxt.org reference parser reads it, anchored to the line. */
const LLMS_ITEM = /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<description>.*))?$/;

beforeAll(async () => {
  data = await servedData();
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
      '/.well-known/ai-catalog.json': 'application/ai-catalog+json',
      '/.well-known/mcp/server-card.json': 'application/mcp-server-card+json',
      '/mcp/server-card': 'application/mcp-server-card+json',
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

  it('llms.txt and its indexes follow the llmstxt.org layout and list every post and series', async () => {
    const root = await text('/llms.txt');
    expect(root).toMatch(new RegExp(`^# ${data.site.name}\n\n> ${escapeRegExp(data.site.description)}\n`));
    expect(root).toMatch(/\n## Optional\n/);
    // The root lists the newest posts and links each language's index, which links its years.
    const indexes = [...root.matchAll(/\]\((https:[^)]+\/llms\/[a-z-]+\.txt)\)/g)].map((m) => m[1] as string);
    expect(indexes).toHaveLength(data.site.languages.length);
    const languageIndexes = await Promise.all(indexes.map((url) => text(url)));
    const years = languageIndexes.flatMap((index) =>
      [...index.matchAll(/\]\((https:[^)]+\/llms\/[a-z-]+\/\d{4}\.txt)\)/g)].map((m) => m[1] as string),
    );
    expect(years.length).toBeGreaterThan(0);
    const llms = [root, ...languageIndexes, ...(await Promise.all(years.map((url) => text(url))))].join('\n');
    for (const post of data.posts) expect(llms).toContain(`](${BASE}${post.path.slice(0, -1)}.md): `);
    // Every list item is `- [title](url): description`, so a strict parser keeps the description.
    const items = llms.split('\n').filter((line) => line.startsWith('- '));
    const parsed = items.map((line) => ({ line, groups: line.match(LLMS_ITEM)?.groups }));
    expect(parsed.filter(({ groups }) => !groups?.description).map(({ line }) => line)).toEqual([]);
    for (const series of data.series) {
      expect(parsed.map(({ groups }) => ({ ...groups }))).toContainEqual({
        title: series.title,
        url: `${BASE}${series.path.slice(0, -1)}.md`,
        description: series.description,
      });
    }
  });

  it('llms-full.txt carries every published post of its language in full, the first language’s at the root', async () => {
    expect(data.site.languages).toEqual(['en', 'es']);
    const full: Record<string, string> = {
      en: await text('/llms-full.txt'),
      es: await text('/es/llms-full.txt'),
    };
    for (const post of data.posts) {
      const corpus = full[post.lang];
      expect(full[post.lang === 'en' ? 'es' : 'en']).not.toContain(`canonical: "${BASE}${post.path}"`);
      expect(corpus).toContain(`# ${post.title}`);
      expect(corpus).toContain(data.bodies.markdown(post).trim());
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

  it('the MCP server card follows the current server-card draft schema (SEP-2127)', async () => {
    const card = await json('/.well-known/mcp/server-card.json');
    expect(fixtureSchema('mcp-server-card.schema.json')(card)).toEqual([]);
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(card.name).toBe('example.docs/folio');
    expect(card.description.length).toBeLessThanOrEqual(100);
    // The same tools are registered on every page (/webmcp.js): the card says so.
    expect(card.description).toContain('on its pages through WebMCP');
    expect(card.description).toContain(data.site.author.name);
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: `${BASE}/mcp`, supportedProtocolVersions: expect.any(Array) },
    ]);
    expect(card.remotes[0].supportedProtocolVersions).toContain(DEFAULT_PROTOCOL_VERSION);
    // Consistent with what the server says once connected (the draft's "Consistency with Runtime").
    const initialize = await get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: DEFAULT_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      }),
    });
    const { serverInfo } = (await initialize.json()).result;
    expect(card.version).toBe(serverInfo.version);
    expect(card.name.split('/')[1]).toBe(serverInfo.name);
    // The draft's recommended location, <streamable-http-url>/server-card, serves the same card.
    expect(PATHS.mcpServerCardRecommended).toBe(`${PATHS.mcpEndpoint}/server-card`);
    const recommended = await get(`${card.remotes[0].url}/server-card`, {
      headers: { accept: 'application/mcp-server-card+json' },
    });
    expect(recommended.status).toBe(200);
    expect(recommended.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(await recommended.json()).toEqual(card);
  });

  it('a long site name and author and an IPv6 address still make a valid server card, which still names WebMCP', async () => {
    const base = 'http://[::1]:8080';
    const site = {
      ...data.site,
      name: 'N'.repeat(120),
      author: { ...data.site.author, name: 'A'.repeat(60) },
    };
    const long = createHandler(await deployed({ ...data, site }, base));
    const card = await (await long.fetch(new Request(`${base}/.well-known/mcp/server-card.json`))).json();
    expect(fixtureSchema('mcp-server-card.schema.json')(card)).toEqual([]);
    expect(card.description).toContain('WebMCP');
  });

  it('the AI catalog follows the ARD draft, and every entry declares the type its URL is served with', async () => {
    const catalog = await json('/.well-known/ai-catalog.json');
    expect(fixtureSchema('ai-catalog.schema.json')(catalog)).toEqual([]);
    expect(Object.keys(catalog).sort()).toEqual(['entries', 'host', 'specVersion']);
    expect(catalog.specVersion).toBe('1.0');
    const entries = catalog.entries as {
      identifier: string;
      displayName: string;
      type: string;
      url: string;
      representativeQueries: string[];
    }[];
    const identifiers = entries.map((entry) => entry.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
    for (const entry of entries) {
      expect(entry.identifier).toMatch(/^urn:air:docs\.example:[a-z]+:[a-z0-9-]+$/);
      expect(entry.displayName.length).toBeGreaterThan(0);
      expect(entry.representativeQueries.length).toBeGreaterThanOrEqual(2);
      expect(entry.representativeQueries.length).toBeLessThanOrEqual(5);
      const response = await get(entry.url);
      expect(response.status, entry.url).toBe(200);
      const served = (response.headers.get('content-type') ?? '').replace(/;\s*charset=[^;]*/i, '');
      expect(served, entry.url).toBe(entry.type);
    }
    // Only what the draft's discovery types name: the MCP server by its card, and the agent skill.
    const byUrl = Object.fromEntries(entries.map((entry) => [new URL(entry.url).pathname, entry.type]));
    expect(byUrl).toEqual({
      '/.well-known/mcp/server-card.json': 'application/mcp-server-card+json',
      '/.well-known/agent-skills/read-blog-api/SKILL.md': 'text/markdown; profile="urn:air:agent-skills"',
    });
    const card = await json('/.well-known/mcp/server-card.json');
    const mcp = entries.find((entry) => entry.url.endsWith('/.well-known/mcp/server-card.json'));
    expect(mcp).toMatchObject({ displayName: card.title, description: card.description });
  });

  it('robots.txt, every page and twin point at the AI catalog', async () => {
    const catalogUrl = `${BASE}/.well-known/ai-catalog.json`;
    expect(await (await get(`${BASE}/robots.txt`)).text()).toContain(`\nAgentmap: ${catalogUrl}\n`);
    for (const path of ['/', '/es/', '/blog/', '/index.md', '/developers']) {
      const response = await get(BASE + path);
      expect(response.headers.get('link'), path).toContain(`<${catalogUrl}>; rel="ai-catalog"`);
    }
    const html = await (await get(`${BASE}/`)).text();
    expect(html).toContain(
      '<link rel="ai-catalog" href="/.well-known/ai-catalog.json" type="application/ai-catalog+json">',
    );
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

  it('SKILL.md states the configured quota, not a fixed one', async () => {
    const custom = createHandler(await deployed(data, BASE, { quota: 120, windowSeconds: 30 }));
    const path = '/.well-known/agent-skills/read-blog-api/SKILL.md';
    const skill = await (await custom.fetch(new Request(BASE + path))).text();
    expect(skill).toContain('Stay under 120 requests per 30 seconds');
    expect(skill).not.toMatch(/\b300\b/);
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
/** Every link to the site in a body; a JSON string's escaped quote (`\"`) ends a link too. */
function linksIn(body: string): string[] {
  const absolute = [
    ...body.matchAll(new RegExp(`${escapeRegExp(BASE)}[^\\s"'<>)\\]\\u0060&\\\\]*`, 'g')),
  ].map((m) => m[0]);
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
