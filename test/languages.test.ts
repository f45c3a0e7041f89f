/**
 * A blog in other languages than the sample's: every path, enum and schema follows the content's
 * language list. carnet is French only; mini with a Brazilian Portuguese post added has three.
 */
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { buildData } from '../src/build/index.ts';
import { UI_KEYS } from '../src/build/site/i18n.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { BUILD_TIME, deployed, FIXTURES, fixtureData } from './support/data.ts';

const BASE = 'https://carnet.example';

interface ToolDescriptor {
  name: string;
  inputSchema: { properties: Record<string, { enum?: string[]; default?: unknown }> };
  outputSchema: unknown;
}

async function handlerFor(data: SiteData): Promise<Handler> {
  return createHandler(await deployed(data, BASE));
}

function get(handler: Handler, path: string, accept = '*/*') {
  return handler.fetch(new Request(BASE + path, { headers: { accept } }), { clientAddress: '192.0.2.9' });
}

async function mcp(handler: Handler, method: string, params: object, protocol = '2025-06-18') {
  const response = await handler.fetch(
    new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': protocol,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    }),
    { clientAddress: '192.0.2.9' },
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Every `lang` enum in a JSON document, wherever it sits. */
function langEnums(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) langEnums(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'lang' && item && typeof item === 'object' && 'enum' in item) found.push(item.enum);
      if (key === 'lang' && item && typeof item === 'object' && 'schema' in item) {
        found.push((item.schema as { enum?: unknown }).enum);
      }
      langEnums(item, found);
    }
  }
  return found;
}

describe('a French-only blog', () => {
  let handler: Handler;

  beforeAll(async () => {
    handler = await handlerFor(await fixtureData('carnet/src/content'));
  });

  it('lists its one post index in the API index, and serves it', async () => {
    const index = await (await get(handler, '/api/index.json')).json();
    const endpoints = index.endpoints as { operationId: string; urls: string[] }[];
    expect(endpoints.map((endpoint) => endpoint.operationId)).toEqual([
      'getApiIndex',
      'listPosts',
      'listPostsInFrench',
      'listSeries',
      'getSeries',
      'getTimelineByTag',
      'getSlidesTimeline',
    ]);
    const urlsOf = (id: string) => endpoints.find((endpoint) => endpoint.operationId === id)?.urls;
    expect(urlsOf('listPostsInFrench')).toEqual([`${BASE}/api/posts-fr.json`]);
    expect(urlsOf('getSeries')).toEqual([`${BASE}/api/series/fr/bases.json`]);
    expect(urlsOf('listSeries')).toEqual([`${BASE}/api/series/fr/index.json`]);

    const posts = await get(handler, '/api/posts-fr.json?limit=1');
    expect(posts.status).toBe(200);
    expect(posts.headers.get('x-total-count')).toBe('2');
    expect(
      (await posts.json()).map((post: { slug: string; lang: string }) => [post.slug, post.lang]),
    ).toEqual([['second', 'fr']]);
    expect((await get(handler, '/api/v1/posts-fr.json')).status).toBe(200);
    const series = await (await get(handler, '/api/series/fr/bases.json')).json();
    expect(series).toMatchObject({ series: 'bases', lang: 'fr', title: 'Les bases', total: 1 });
    for (const path of ['/api/posts-en.json', '/api/posts-es.json', '/api/series/en/bases.json']) {
      const refused = await get(handler, path);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('serves its pages at the root in French, with French interface text and no language switch', async () => {
    const home = await get(handler, '/', 'text/html');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Tous les articles');
    expect(html).toContain('<meta property="og:locale" content="fr">');
    expect(html).not.toContain('class="lang-switch"');
    expect(html).not.toContain('hreflang="en"');
    const post = await get(handler, '/blog/premier/', 'text/html');
    expect(post.status).toBe(200);
    expect(await post.text()).toContain('<html lang="fr">');
    expect((await get(handler, '/fr/', 'text/html')).status).toBe(404);
    const portal = await (await get(handler, '/developers', 'text/html')).text();
    expect(portal).toContain('listPostsInFrench');
    expect(portal).toContain('Démarrage rapide');
    expect(portal).toContain('Tous les articles publiés en français');
    expect(portal).not.toContain('listPostsInEnglish');
  });

  it('describes French alone in OpenAPI', async () => {
    const openapi = await (await get(handler, '/openapi.json')).json();
    expect(openapi.paths['/api/posts-fr.json'].get.operationId).toBe('listPostsInFrench');
    expect(Object.keys(openapi.paths).filter((path) => path.startsWith('/api/posts'))).toEqual([
      '/api/posts.json',
      '/api/posts-fr.json',
    ]);
    const enums = langEnums(openapi);
    expect(enums.length).toBeGreaterThan(5);
    for (const found of enums) expect(found).toEqual(['fr']);
  });

  it('offers French alone in tools/list, and get_series answers in French only', async () => {
    // get_post is listed from the revision that added it on.
    const { result } = await mcp(handler, 'tools/list', {}, '2025-11-25');
    const tools = result.tools as ToolDescriptor[];
    const withLang = tools.filter((tool) => tool.inputSchema.properties.lang);
    expect(withLang.map((tool) => tool.name)).toEqual([
      'search_blog_posts',
      'get_post',
      'list_series',
      'get_series',
      'get_posts_by_tag',
      'list_slide_decks',
    ]);
    for (const tool of withLang) {
      expect(tool.inputSchema.properties.lang).toMatchObject({ enum: ['fr'], default: 'fr' });
    }
    const enums = langEnums(tools.map((tool) => tool.outputSchema));
    expect(enums.length).toBeGreaterThan(3);
    for (const found of enums) expect(found).toEqual(['fr']);

    const series = await mcp(handler, 'tools/call', {
      name: 'get_series',
      arguments: { slug: 'bases', lang: 'fr' },
    });
    expect(series.result.isError).toBeUndefined();
    expect(series.result.structuredContent).toMatchObject({ series: 'bases', lang: 'fr', total: 1 });
    const byDefault = await mcp(handler, 'tools/call', { name: 'get_series', arguments: { slug: 'bases' } });
    expect(byDefault.result.structuredContent).toMatchObject({ series: 'bases', lang: 'fr' });

    const english = await mcp(handler, 'tools/call', {
      name: 'get_series',
      arguments: { slug: 'bases', lang: 'en' },
    });
    expect(english.error).toMatchObject({ code: -32602 });
    expect(english.error.message).toBe(
      'Invalid arguments for get_series: lang: expected "fr", received "en".',
    );
    const current = await mcp(
      handler,
      'tools/call',
      { name: 'get_series', arguments: { slug: 'bases', lang: 'en' } },
      '2025-11-25',
    );
    expect(current.result.isError).toBe(true);
    expect(current.result.content[0].text).toBe(english.error.message);
  });
});

describe('a blog in English, Spanish and Brazilian Portuguese', () => {
  let handler: Handler;
  let dir: string;

  /** mini, with pt-br as a third language: its Spanish post and series copied under pt-br. */
  async function threeLanguageData(): Promise<SiteData> {
    dir = await mkdtemp(join(tmpdir(), 'folio-langs-'));
    await cp(resolve(FIXTURES, 'mini'), dir, { recursive: true });
    const site = await readFile(join(dir, 'site.yaml'), 'utf8');
    await writeFile(
      join(dir, 'site.yaml'),
      site.replace('languages: [en, es]', 'languages: [en, es, pt-br]'),
    );
    const tags = await readFile(join(dir, 'tags.yaml'), 'utf8');
    await writeFile(
      join(dir, 'tags.yaml'),
      tags.replace(/description_es: ([^,}]+)/g, '$&, description_pt-br: $1'),
    );
    await cp(join(dir, 'blog/es'), join(dir, 'blog/pt-br'), { recursive: true });
    await cp(join(dir, 'series/es'), join(dir, 'series/pt-br'), { recursive: true });
    return buildData(dir, BUILD_TIME);
  }

  beforeAll(async () => {
    handler = await handlerFor(await threeLanguageData());
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves a post index per language, named after the language or its code', async () => {
    const index = await (await get(handler, '/api/index.json')).json();
    const ids = (index.endpoints as { operationId: string }[]).map((endpoint) => endpoint.operationId);
    expect(ids.filter((id) => id.startsWith('listPostsIn'))).toEqual([
      'listPostsInEnglish',
      'listPostsInSpanish',
      'listPostsInPtBr',
    ]);
    const posts = await (await get(handler, '/api/posts-pt-br.json')).json();
    expect(posts.map((post: { lang: string; url: string }) => [post.lang, post.url])).toEqual([
      ['pt-br', `${BASE}/pt-br/blog/first/`],
    ]);
    expect((await get(handler, '/api/series/pt-br/http-basics.json')).status).toBe(200);
    const openapi = await (await get(handler, '/openapi.json')).json();
    expect(openapi.paths['/api/posts-pt-br.json'].get.operationId).toBe('listPostsInPtBr');
    for (const found of langEnums(openapi)) expect(found).toEqual(['en', 'es', 'pt-br']);
  });

  it('puts the first language at the root and links every other one from each page', async () => {
    const html = await (await get(handler, '/pt-br/blog/first/', 'text/html')).text();
    expect(html).toContain('<html lang="pt-br">');
    expect(html).toContain('10 de janeiro de 2025');
    const switches = [...html.matchAll(/<a class="lang-switch" href="([^"]+)" hreflang="([^"]+)"/g)];
    expect(switches.map(([, href, lang]) => [lang, href])).toEqual([
      ['en', '/blog/first/'],
      ['es', '/es/blog/first/'],
    ]);
    expect((await get(handler, '/pt-br/', 'text/html')).status).toBe(200);
    const { result } = await mcp(handler, 'tools/call', {
      name: 'list_series',
      arguments: { lang: 'pt-br' },
    });
    expect(result.structuredContent).toMatchObject({ lang: 'pt-br', total: 1 });
  });

  it.each([
    ['/', '/index.md'],
    ['/es/', '/es/index.md'],
    ['/pt-br/', '/pt-br/index.md'],
  ])('gives the home %s its Markdown twin at %s, where the route table has it', async (home, twin) => {
    const page = await get(handler, home, 'text/html');
    expect(page.headers.get('link')).toContain(`<${BASE}${twin}>; rel="alternate"; type="text/markdown"`);
    expect(await page.text()).toContain(`<link rel="alternate" type="text/markdown" href="${BASE}${twin}">`);
    const answer = await get(handler, twin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/markdown/);
    const negotiated = await get(handler, home, 'text/markdown');
    expect(await negotiated.text()).toBe(await answer.text());
  });

  it('has no twin of a home beside its folder', async () => {
    expect((await get(handler, '/pt-br.md')).status).toBe(404);
  });
});

describe('docs/content.md', () => {
  it('names every interface string a ui: block may give, and no other', () => {
    const doc = readFileSync('docs/content.md', 'utf8');
    const list = doc.slice(doc.indexOf('The strings of the pages are:'), doc.indexOf('In `{count}`'));
    const named = [...list.matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1]);
    expect(named.filter((name) => name !== 'Optional').sort()).toEqual([...UI_KEYS].sort());
  });
});
