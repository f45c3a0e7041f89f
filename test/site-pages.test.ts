import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { siteLinks } from '../src/build/site/links.ts';
import { renderDeck, renderMarkdown } from '../src/build/site/render/markdown.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, fixtureData, servedData } from './support/data.ts';

/** The served fixture blog's languages, English at the root. */
const LANGS = ['en', 'es'] as const;
const { langRoot, portalPath, tagPath, talksPath } = siteLinks(LANGS);

const BASE = 'https://blog.example';

let data: SiteData;
let handler: Handler;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler.fetch(new Request(BASE + path, { method, headers }));

beforeAll(async () => {
  data = await servedData();
  handler = createHandler(await deployed(data, BASE));
});

describe('site pages', () => {
  it('renders a post with its metadata, highlighted code and heading anchors', async () => {
    const post = data.posts.find((p) => p.lang === 'en' && data.bodies.markdown(p).includes('```ts'))!;
    const response = await get(post.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const html = await response.text();
    expect(html).toContain(`<html lang="en">`);
    expect(html).toMatch(new RegExp(`<title>${escapeRegExp(escapeHtml(post.title))} · `));
    expect(html).toContain(`<meta name="description" content="${escapeHtml(post.description)}">`);
    expect(html).toContain(`<link rel="canonical" href="${BASE}${post.path}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${BASE}${post.path}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${BASE}/es${post.path}">`);
    expect(html).toContain(
      `<link rel="alternate" type="text/markdown" href="${BASE}${post.path.slice(0, -1)}.md">`,
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta property="og:url" content="${BASE}${post.path}">`);
    expect(html).toContain('<span class="hljs-keyword">');
    expect(html).toMatch(/<h2 id="[a-z0-9-]+"><a class="anchor" href="#[a-z0-9-]+">/);
    expect(html).toContain(
      `<a class="lang-switch" href="/es${post.path}" hreflang="es" lang="es">Español</a>`,
    );
  });

  it('switches an untranslated post to the home page of the other language', async () => {
    const english = data.posts.filter((p) => p.lang === 'en');
    const alone = english.find((p) => !data.posts.some((q) => q.lang === 'es' && q.slug === p.slug))!;
    const html = await (await get(alone.path)).text();
    expect(html).toContain('<a class="lang-switch" href="/es/"');
    expect(html).not.toContain('hreflang="es" href=');
  });

  it('serves the Spanish site under /es/', async () => {
    const html = await (await get('/es/')).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Últimos artículos');
    for (const post of data.posts.filter((p) => p.lang === 'es').slice(0, 5))
      expect(html).toContain(post.path);
  });

  it('renders native decks as a page of slides and lists every deck by its page', async () => {
    const native = data.decks.find((d) => d.type === 'native')!;
    const html = await (await get(native.path)).text();
    expect(html).toContain('<section class="slide" id="slide-1">');
    const talks = await (await get('/talks/')).text();
    for (const deck of data.decks.filter((d) => d.lang === 'en')) {
      expect(talks).toContain(`href="${deck.path}"`);
    }
  });

  it('puts the api-catalog Link header on the home page', async () => {
    const response = await get('/');
    expect(response.headers.get('link')).toContain(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
  });

  it('answers If-None-Match with 304 and the same validators', async () => {
    const first = await get('/blog/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const second = await get('/blog/', { 'if-none-match': etag });
    expect(second.status).toBe(304);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('vary')).toBe('Accept');
    expect(await second.text()).toBe('');
    const markdown = await get('/blog/', { accept: 'text/markdown', 'if-none-match': etag });
    expect(markdown.status).toBe(200);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const getResponse = await get('/developers');
    const head = await get('/developers', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String((await getResponse.arrayBuffer()).byteLength));
    expect(await head.text()).toBe('');
  });

  it('redirects a page path missing its trailing slash', async () => {
    const response = await get('/blog');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/blog/');
  });
});

describe('page structure', () => {
  const html = async (path: string) => (await get(path)).text();
  const preTags = (page: string) => [...page.matchAll(/<pre\b[^>]*>/g)].map((m) => m[0]);

  it('lets the keyboard reach every code block: posts, native decks and the portal', async () => {
    const deck = data.decks.find((d) => d.type === 'native')!;
    const withCode = data.posts.filter((p) => data.bodies.markdown(p).includes('```'));
    expect(withCode.length).toBeGreaterThan(0);
    for (const path of [...withCode.map((p) => p.path), deck.path, portalPath('en'), portalPath('es')]) {
      const tags = preTags(await html(path));
      expect(tags.length, path).toBeGreaterThan(0);
      expect(new Set(tags), path).toEqual(new Set(['<pre tabindex="0">']));
    }
  });

  it('renders fenced, unlabelled and indented Markdown code as focusable blocks', () => {
    const source = '```ts\nconst a = 1;\n```\n\n```\nplain\n```\n\n    indented\n';
    expect(preTags(renderMarkdown(source))).toEqual(Array(3).fill('<pre tabindex="0">'));
    expect(preTags(renderDeck(`# Deck\n\n---\n\n${source}`).html)).toEqual(
      Array(3).fill('<pre tabindex="0">'),
    );
  });

  it('never skips a heading level on listing pages, series, tags and the portal', async () => {
    const series = data.series.filter((s) => s.lang === 'en')[0]!;
    const paths = LANGS.flatMap((lang) => [
      langRoot(lang),
      `${langRoot(lang)}blog/`,
      talksPath(lang),
      tagPath(lang, data.posts.find((p) => p.lang === lang)!.allTags[0]!),
      portalPath(lang),
    ]);
    for (const path of [...paths, series.path]) {
      const levels = [...(await html(path)).matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
      expect(skips, `${path}: ${levels.join(' ')}`).toEqual([]);
    }
  });

  it('counts the chapters of each series on the home page in words, in both languages', async () => {
    const english = await html('/');
    const spanish = await html('/es/');
    expect(english).toMatch(/<p class="meta">\d+ chapters?<\/p>/);
    expect(spanish).toMatch(/<p class="meta">\d+ capítulos?<\/p>/);
    expect(english + spanish).not.toContain(' · chapters');
    expect(english + spanish).not.toContain(' · capítulos');
  });
});

describe('Markdown twins', () => {
  it('serves a post as Markdown with its metadata, by .md and by Accept', async () => {
    const post = data.posts.find((p) => p.lang === 'es' && p.updatedDate)!;
    const bySuffix = await get(`${post.path.slice(0, -1)}.md`);
    const byAccept = await get(post.path, { accept: 'text/html;q=0.9, text/markdown' });
    for (const response of [bySuffix, byAccept]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(Number(response.headers.get('x-markdown-tokens'))).toBeGreaterThan(
        data.bodies.markdown(post).length / 8,
      );
    }
    expect(byAccept.headers.get('vary')).toBe('Accept');
    const text = await bySuffix.text();
    expect(await byAccept.text()).toBe(text);
    expect(text).toContain(`title: ${JSON.stringify(post.title)}`);
    expect(text).toContain(`description: ${JSON.stringify(post.description)}`);
    expect(text).toContain(`date: "${post.pubDate}"`);
    expect(text).toContain('language: "es"');
    expect(text).toContain(`canonical: "${BASE}${post.path}"`);
    expect(text).toContain(`tags: [${post.allTags.map((t) => JSON.stringify(t)).join(', ')}]`);
    expect(text).toContain(`# ${post.title}`);
    expect(text).toContain(data.bodies.markdown(post).trim());
  });

  it('keeps HTML when the client prefers it', async () => {
    const response = await get('/', { accept: 'text/markdown;q=0.1, text/html' });
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('has a twin for every kind of page', async () => {
    for (const path of [
      '/index.md',
      '/es/index.md',
      '/blog.md',
      '/talks.md',
      '/es/developers.md',
      '/tags/http.md',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await response.text()).toMatch(/^---\n[\s\S]+\n---\n\n# /);
    }
  });
});

describe('site errors', () => {
  it('answers unknown paths with a 404 page, Markdown or problem+json', async () => {
    const html = await get('/no/such/page/');
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toContain('<meta name="robots" content="noindex">');
    const markdown = await get('/es/nada/', { accept: 'text/markdown' });
    expect(markdown.status).toBe(404);
    expect(await markdown.text()).toContain('Página no encontrada');
    const problem = await get('/nothing', { accept: 'application/json' });
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const body = await problem.json();
    expect(body).toMatchObject({ status: 404, instance: '/nothing', error: { code: 'resource_not_found' } });
    expect(body.type).toBe(`${BASE}/developers#errors`);
  });

  it('answers gone paths outside /api/ with a 410 page', async () => {
    const path = data.gone.find((p) => !p.startsWith('/api/'))!;
    const response = await get(path);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('<h1>Page removed</h1>');
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await get('/developers', { accept: 'application/problem+json' }, method);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect((await response.json()).error.code).toBe('method_not_allowed');
    }
  });
});

describe('a fixture blog', () => {
  it('serves its pages and an English-only tag without a Spanish alternate', async () => {
    const mini = await fixtureData('mini');
    const site = createHandler(await deployed(mini, 'https://mini.example'));
    const first = mini.posts.find(
      (p) => p.lang === 'en' && mini.posts.some((q) => q.lang === 'es' && q.slug === p.slug),
    )!;
    const html = await (await site.fetch(new Request(`https://mini.example${first.path}`))).text();
    expect(html).toContain(`hreflang="es" href="https://mini.example/es${first.path}"`);
    const future = await site.fetch(new Request('https://mini.example/blog/future/'));
    expect(future.status).toBe(404);
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
