/** Markdown twins by their `.md` URL: the same negotiation headers as their page, and 410 with it. */
import { resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContent } from '../src/build/content/compile.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { BUILD_TIME, deployed, FIXTURES, servedData } from './support/data.ts';

const BASE = 'https://blog.example';
const MARKDOWN = 'text/markdown; charset=utf-8';
let data: SiteData;
let handler: Handler;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler.fetch(new Request(BASE + path, { method, headers }));

beforeAll(async () => {
  data = await servedData();
  handler = createHandler(await deployed(data, BASE));
});

/** The levels of a page's headings, h1 to h6, in order. */
const htmlOutline = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
/** The levels of a twin's headings, as a Markdown reader finds them, in order. */
const markdownOutline = (twin: string) =>
  new MarkdownIt()
    .parse(twin.replace(/^---\n[\s\S]*?\n---\n/, ''), {})
    .filter((token) => token.type === 'heading_open')
    .map((token) => Number(token.tag.slice(1)));

describe('Markdown twins', () => {
  it('a twin URL varies on Accept like its page, and links nowhere but its page set', async () => {
    for (const path of [
      '/blog/weak-and-strong-validators.md',
      '/developers.md',
      '/index.md',
      '/es/index.md',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('vary'), path).toBe('Accept');
      expect(Number(response.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
    }
  });

  it('the twin of a page removed for good is 410, like the page, in Markdown unless asked otherwise', async () => {
    for (const path of ['/blog/moved-to-a-newsletter/', '/es/blog/moved-to-a-newsletter/']) {
      expect((await get(path)).status, path).toBe(410);
      const twin = path.replace(/\/$/, '.md');
      for (const accept of [undefined, '*/*', 'text/markdown']) {
        const response = await get(twin, accept ? { accept } : {});
        expect(response.status, `${twin} ${accept}`).toBe(410);
        expect(response.headers.get('content-type'), `${twin} ${accept}`).toBe(MARKDOWN);
        expect(response.headers.get('vary')).toBe('Accept');
      }
      const html = await get(twin, { accept: 'text/html' });
      expect(html.status).toBe(410);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it("a deck's twin has its page's outline: the same heading levels in the same order", async () => {
    const decks = data.decks.filter((deck) => deck.type === 'native');
    expect(decks.length).toBeGreaterThan(0);
    for (const deck of decks) {
      const page = htmlOutline(await (await get(deck.path)).text());
      expect(page.slice(0, 3), deck.path).toEqual([1, 2, 3]);
      expect(markdownOutline(await (await get(`${deck.path.slice(0, -1)}.md`)).text()), deck.path).toEqual(
        page,
      );
    }
  });

  it("keeps the outline of a deck's setext, deep, quoted and listed headings, and of a paragraph before a slide break", async () => {
    const files = new Map(await readContentFolder(resolve(FIXTURES, 'mini')));
    files.set(
      'slides/en/2025-05-01_native-deck.md',
      [
        '---\ntitle: Outline\ndescription: D\npubDate: 2025-05-01\ntype: native\n---',
        'Outline\n=======\n\nA paragraph right before the break\n---',
        'Two\nlines\n-----\n\n##### Five ###\n\n###### Six',
        '> ## Quoted\n\n- # Listed\n\n1. Item\n\n   ### Inside',
      ].join('\n'),
    );
    const { data: mini } = compileContent(files, { now: BUILD_TIME });
    const deck = mini.decks.find((d) => d.slug === 'native-deck')!;
    const served = createHandler(await deployed(mini, BASE));
    const text = async (path: string) => (await served.fetch(new Request(BASE + path))).text();
    const page = htmlOutline(await text(deck.path));
    expect(page).toEqual([1, 2, 3, 6, 6, 3, 2, 4]);
    expect(markdownOutline(await text(`${deck.path.slice(0, -1)}.md`))).toEqual(page);
  });

  it('a .md URL with no page is a 404 in Markdown, like the twins beside it', async () => {
    for (const twin of ['/blog/no-such-post.md', '/es/blog/no-such-post.md']) {
      const response = await get(twin);
      expect(response.status, twin).toBe(404);
      expect(response.headers.get('content-type'), twin).toBe(MARKDOWN);
      expect(await response.text()).toMatch(/^---\ntitle: /);
    }
  });

  it('a site 304 keeps the validators and caching headers but no representation metadata', async () => {
    const first = await get('/blog/');
    const again = await get('/blog/', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(again.headers.get('vary')).toBe('Accept');
    expect(again.headers.get('content-type')).toBeNull();
    expect(again.headers.get('content-length')).toBeNull();
  });
});
