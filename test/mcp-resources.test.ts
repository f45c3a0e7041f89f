/**
 * Posts, series, decks and tags as resources through the handler: resources/list paged with cursors,
 * resources/templates/list, resources/read of every listed twin (a long one in pieces), completion of
 * template arguments, and the errors for what does not exist, in both eras.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, fixtureData } from './support/data.ts';

const BASE = 'https://long.example';
const MODERN = '2026-07-28';

let handler: Handler;

beforeAll(async () => {
  // Every resource is read here, more requests than the default quota allows one client.
  handler = createHandler(await deployed(await fixtureData('long-read'), BASE), {
    rateLimit: { quota: 10_000 },
  });
});

interface RpcAnswer {
  status: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

async function rpc(
  method: string,
  params: Record<string, unknown> = {},
  version = '2025-11-25',
): Promise<RpcAnswer> {
  const modern = version === MODERN;
  const name = params.uri ?? params.name;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': version,
    ...(modern ? { 'mcp-method': method } : {}),
    ...(modern && typeof name === 'string' ? { 'mcp-name': name } : {}),
  };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const body = { jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: meta } : params };
  const response = await handler.fetch(
    new Request(`${BASE}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) }),
    { clientAddress: '192.0.2.10' },
  );
  return { status: response.status, ...((await response.json()) as Omit<RpcAnswer, 'status'>) };
}

async function get(uri: string): Promise<Response> {
  const response = await handler.fetch(new Request(uri), { clientAddress: '192.0.2.10' });
  expect(response.status).toBe(200);
  return response;
}

async function twin(uri: string): Promise<string> {
  return (await get(uri)).text();
}

interface Listed {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
}

async function everyResource(version?: string): Promise<{ resources: Listed[]; pages: number }> {
  const resources: Listed[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { result, error } = await rpc('resources/list', cursor === undefined ? {} : { cursor }, version);
    expect(error).toBeUndefined();
    resources.push(...(result!.resources as Listed[]));
    cursor = result!.nextCursor as string | undefined;
    pages++;
  } while (cursor !== undefined);
  return { resources, pages };
}

interface Contents {
  uri: string;
  mimeType: string;
  text: string;
  _meta?: Record<string, unknown>;
}

async function read(uri: string, version?: string): Promise<Contents> {
  const { result, error } = await rpc('resources/read', { uri }, version);
  expect(error, uri).toBeUndefined();
  const contents = result!.contents as Contents[];
  expect(contents).toHaveLength(1);
  return contents[0]!;
}

describe('resources', () => {
  it('resources/list pages through every post, series, native deck, tag and page twin with cursors', async () => {
    const { resources, pages } = await everyResource();
    expect(pages).toBe(2);
    const uris = resources.map((resource) => resource.uri);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toEqual(
      expect.arrayContaining([
        `${BASE}/blog/very-long-read.md`,
        `${BASE}/es/blog/short-one.md`,
        `${BASE}/series/reading-basics.md`,
        `${BASE}/talks/reading-in-pieces.md`,
        `${BASE}/tags/t110.md`,
        `${BASE}/about.md`,
        `${BASE}/es/about.md`,
      ]),
    );
    expect(resources.find((resource) => resource.uri === `${BASE}/talks/reading-in-pieces.md`)).toMatchObject(
      {
        title: 'Reading in pieces',
        mimeType: 'text/markdown',
      },
    );
    expect(resources.find((resource) => resource.uri === `${BASE}/blog/short-one.md`)).toEqual({
      uri: `${BASE}/blog/short-one.md`,
      name: 'blog/short-one.md',
      title: 'A short one',
      description: 'Fits in one read.',
      mimeType: 'text/markdown',
    });
  });

  it('a cursor resources/list did not give is -32602', async () => {
    for (const cursor of ['9', 'abc', 3]) {
      expect((await rpc('resources/list', { cursor })).error?.code).toBe(-32602);
    }
  });

  it('resources/templates/list gives a template per kind and language over the twin URLs', async () => {
    const { result } = await rpc('resources/templates/list');
    const templates = result!.resourceTemplates as { uriTemplate: string; mimeType: string }[];
    expect(templates.map((template) => template.uriTemplate).sort()).toEqual(
      [
        `${BASE}/blog/{slug}.md`,
        `${BASE}/series/{series}.md`,
        `${BASE}/tags/{tag}.md`,
        `${BASE}/talks/{slug}.md`,
        `${BASE}/es/blog/{slug}.md`,
        `${BASE}/es/series/{series}.md`,
        `${BASE}/es/tags/{tag}.md`,
        `${BASE}/es/talks/{slug}.md`,
        `${BASE}/{page}.md`,
        `${BASE}/es/{page}.md`,
      ].sort(),
    );
    for (const template of templates) expect(template.mimeType).toBe('text/markdown');
  });

  it('every listed resource reads as its twin, text/markdown', async () => {
    const { resources } = await everyResource();
    for (const resource of resources) {
      const contents = await read(resource.uri);
      expect(contents.mimeType).toBe('text/markdown');
      expect(contents.uri).toBe(resource.uri);
      const whole = await twin(resource.uri);
      // Only the long post is over one read: its first piece opens the twin.
      if (contents._meta === undefined) expect(contents.text).toBe(whole);
      else expect(whole.startsWith(contents.text)).toBe(true);
    }
  });

  it.each(['2025-11-25', MODERN])(
    'on %s a long twin reads in pieces that join to it exactly',
    async (version) => {
      const uri = `${BASE}/blog/very-long-read.md`;
      const pieces: string[] = [];
      let next: string | undefined = uri;
      while (next !== undefined) {
        const contents = await read(next, version);
        expect(contents.text.length).toBeLessThanOrEqual(40_000);
        pieces.push(contents.text);
        next = contents._meta?.['folio/next'] as string | undefined;
      }
      const whole = await twin(uri);
      expect(pieces.length).toBeGreaterThan(2);
      expect(new TextEncoder().encode(pieces.join(''))).toEqual(new TextEncoder().encode(whole));
    },
  );

  it.each([
    ['resources/list', {}],
    ['resources/templates/list', {}],
    ['resources/read', { uri: `${BASE}/blog/short-one.md` }],
    ['resources/read', { uri: `${BASE}/talks/reading-in-pieces.md` }],
  ])('a stateless %s carries the cache hints HTTP gives the same data', async (method, params) => {
    const { status, result } = await rpc(method, params, MODERN);
    expect(status).toBe(200);
    // The twins and the API documents are built from the same data, and cached alike.
    const cacheControl = (await get(`${BASE}/talks/reading-in-pieces.md`)).headers.get('cache-control')!;
    const [, scope, maxAge] = /^(public|private), max-age=(\d+)$/.exec(cacheControl)!;
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: Number(maxAge) * 1000, cacheScope: scope });
  });

  it.each([
    `${BASE}/blog/no-such-post.md`,
    `${BASE}/blog/short-one/`,
    // Twins at the top of the site that are no page of the `pages` collection: the page template
    // matches their paths, the build's list of pages does not.
    `${BASE}/developers.md`,
    `${BASE}/auth.md`,
    `${BASE}/index.md`,
    'https://elsewhere.example/blog/short-one.md',
  ])('%s is not found: -32602 with data {uri} in both eras', async (uri) => {
    for (const version of ['2025-06-18', MODERN]) {
      const { status, error } = await rpc('resources/read', { uri }, version);
      expect(status).toBe(200);
      expect(error).toMatchObject({ code: -32602, data: { uri } });
      expect(Object.keys(error!.data!)).toEqual(['uri']);
    }
  });

  it.each([`${BASE}/blog/short-one.md?offset=99999`, `${BASE}/blog/short-one.md?page=2`])(
    '%s is -32602 without the not-found data in both eras',
    async (uri) => {
      for (const version of ['2025-06-18', MODERN]) {
        const { status, error } = await rpc('resources/read', { uri }, version);
        expect(status).toBe(200);
        expect(error?.code).toBe(-32602);
        expect(error).not.toHaveProperty('data');
      }
    },
  );
});

describe('completion/complete', () => {
  async function complete(uri: string, name: string, value: string, version?: string) {
    const { result, error } = await rpc(
      'completion/complete',
      { ref: { type: 'ref/resource', uri }, argument: { name, value } },
      version,
    );
    expect(error).toBeUndefined();
    return result!.completion as { values: string[]; total: number; hasMore: boolean };
  }

  it('completes the pages of a language', async () => {
    expect((await complete(`${BASE}/{page}.md`, 'page', 'ab')).values).toEqual(['about']);
    expect((await complete(`${BASE}/es/{page}.md`, 'page', '')).values).toEqual(['about']);
  });

  it('completes post and deck slugs, series and tags of a language from a prefix', async () => {
    expect(await complete(`${BASE}/blog/{slug}.md`, 'slug', 'very')).toEqual({
      values: ['very-long-read'],
      total: 1,
      hasMore: false,
    });
    expect((await complete(`${BASE}/es/blog/{slug}.md`, 'slug', '')).values).toEqual(['short-one']);
    expect((await complete(`${BASE}/series/{series}.md`, 'series', 'read', MODERN)).values).toEqual([
      'reading-basics',
    ]);
    expect(await complete(`${BASE}/talks/{slug}.md`, 'slug', 'reading')).toEqual({
      values: ['reading-in-pieces'],
      total: 1,
      hasMore: false,
    });
    expect((await complete(`${BASE}/es/talks/{slug}.md`, 'slug', '')).values).toEqual([]);
    const tags = await complete(`${BASE}/tags/{tag}.md`, 'tag', 't1');
    expect(tags.values).toEqual([
      't100',
      't101',
      't102',
      't103',
      't104',
      't105',
      't106',
      't107',
      't108',
      't109',
      't110',
    ]);
  });

  it('gives at most 100 values with the total and hasMore', async () => {
    const tags = await complete(`${BASE}/tags/{tag}.md`, 'tag', 't');
    expect(tags.values).toHaveLength(100);
    expect(tags).toMatchObject({ total: 110, hasMore: true });
  });

  it('an unknown template or a prompt reference is -32602', async () => {
    for (const ref of [
      { type: 'ref/resource', uri: `${BASE}/nope/{x}.md` },
      { type: 'ref/prompt', name: 'x' },
    ]) {
      const { error } = await rpc('completion/complete', { ref, argument: { name: 'slug', value: '' } });
      expect(error?.code).toBe(-32602);
    }
  });
});
