/** Markdown twins by their `.md` URL: the same negotiation headers as their page, and 410 with it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, servedData } from './support/data.ts';

const BASE = 'https://blog.example';
const MARKDOWN = 'text/markdown; charset=utf-8';
let handler: Handler;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler.fetch(new Request(BASE + path, { method, headers }));

beforeAll(async () => {
  handler = createHandler(await deployed(await servedData(), BASE));
});

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
