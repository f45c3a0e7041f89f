/**
 * The rules of the build beside a site, on the beside fixture's compiled posts: where each post's
 * page is found (site.yaml's permalink with its fields, the language prefix, a page written as
 * `<slug>.html`, the usual place holding the most posts), and how `_headers` is read (what stops the
 * build, what is only reported, how rules combine and match).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HeaderLineError, headersByPath, readHeaderRules } from '../src/build/content/header-rules.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { postPagesIn } from '../src/build/site-folder/post-pages.ts';
import { fixtureData } from './support/data.ts';

let data: SiteData;

beforeAll(async () => {
  data = await fixtureData('beside/content');
});

/** Each post's page path by id, and the paths looked for of those without one. */
function found(pages: string[], permalink?: string) {
  const { pathOf, missing } = postPagesIn(new Set(pages), data.posts, data.site.languages, permalink);
  return {
    pages: Object.fromEntries(pathOf),
    missing: Object.fromEntries(missing.map(({ post, path }) => [post.id, path])),
  };
}

describe("where a post's page is", () => {
  it("fills site.yaml's permalink with the post's date, and finds a page written as <slug>.html without its slash", () => {
    expect(found(['/2025/01/hello', '/es/2025/01/hola'], '/{year}/{month}/{day}/{slug}/')).toEqual({
      pages: {},
      missing: {
        'en/2025-03-01_unpublished': '/2025/03/01/unpublished/',
        'en/2025-02-10_second': '/2025/02/10/second/',
        'en/2025-01-10_hello': '/2025/01/10/hello/',
        'es/2025-01-10_hola': '/es/2025/01/10/hola/',
      },
    });
    expect(found(['/2025/01/hello', '/es/2025/01/hola'], '/{year}/{month}/{slug}/').pages).toEqual({
      'en/2025-01-10_hello': '/2025/01/hello',
      'es/2025-01-10_hola': '/es/2025/01/hola',
    });
  });

  it('puts a post of another language under /<lang> unless the pattern places {lang} itself', () => {
    const pages = ['/en/notes/hello/', '/es/notes/hola/', '/notes/second/'];
    expect(found(pages, '/{lang}/notes/{slug}/').pages).toEqual({
      'en/2025-01-10_hello': '/en/notes/hello/',
      'es/2025-01-10_hola': '/es/notes/hola/',
    });
    expect(found(pages, '/notes/{slug}/').pages).toEqual({
      'en/2025-02-10_second': '/notes/second/',
      'es/2025-01-10_hola': '/es/notes/hola/',
    });
  });

  it('takes, without a permalink, the usual place that holds the most posts', () => {
    const pages = ['/hello/', '/posts/hello/', '/posts/second/', '/es/posts/hola/'];
    expect(found(pages)).toEqual({
      pages: {
        'en/2025-01-10_hello': '/posts/hello/',
        'en/2025-02-10_second': '/posts/second/',
        'es/2025-01-10_hola': '/es/posts/hola/',
      },
      missing: { 'en/2025-03-01_unpublished': '/posts/unpublished/' },
    });
    expect(found(['/hello/', '/second/']).pages).toEqual({
      'en/2025-01-10_hello': '/hello/',
      'en/2025-02-10_second': '/second/',
    });
  });
});

describe('_headers', () => {
  it.each([
    [
      'a header before any path',
      '  X-Frame-Options: DENY\n',
      1,
      'expected a path pattern before the first header',
    ],
    ['a header line without a name', '/*\n  : DENY\n', 2, 'expected a header line such as'],
    ['a path with a space in it', '/a b\n  X-A: 1\n', 1, 'expected a path pattern alone on its line'],
  ])('stops at %s, naming the file and the line', (_, text, line, why) => {
    expect(() => readHeaderRules(text, 'dist/_headers')).toThrow(HeaderLineError);
    expect(() => readHeaderRules(text, 'dist/_headers')).toThrow(`dist/_headers:${line}: ${why}`);
  });

  it('reports a removal, a rule for another host and one for /mcp, and follows the rest', () => {
    const rules = readHeaderRules(
      '# comments and blank lines are skipped\n\n/*\n  ! X-Robots-Tag\n  X-A: 1\nhttps://other.example/*\n  X-B: 2\n/mcp\n  X-C: 3\n',
      '_headers',
    );
    expect(rules.unfollowed.map(({ line, reason }) => [line, reason])).toEqual([
      [4, 'removing a header (!) is not needed: Folio sets no header a site has to take back'],
      [6, 'a rule for another host (an absolute URL) is not this site'],
      [8, '/api/ and /mcp answer with the headers of the API contract'],
    ]);
    expect(headersByPath(rules, ['/', '/mcp'])).toEqual({ '/': { 'x-a': '1' }, '/mcp': { 'x-a': '1' } });
  });

  it('gives a path every matching rule, joins a header two rules give, and matches a page with or without its slash', () => {
    const rules = readHeaderRules(
      '/*\n  Link: </a.css>; rel=preload\n/docs/:page/\n  Link: </b.css>; rel=preload\n  X-Page: yes\n/resume\n  X-Resume: yes\n',
      '_headers',
    );
    expect(headersByPath(rules, ['/docs/intro/', '/docs/a/b/', '/resume/', '/'])).toEqual({
      '/docs/intro/': { link: '</a.css>; rel=preload, </b.css>; rel=preload', 'x-page': 'yes' },
      '/docs/a/b/': { link: '</a.css>; rel=preload' },
      '/resume/': { link: '</a.css>; rel=preload', 'x-resume': 'yes' },
      '/': { link: '</a.css>; rel=preload' },
    });
  });
});
