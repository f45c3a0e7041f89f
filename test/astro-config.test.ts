/** An Astro site's own files read as text (never run), and the link report of the build. */
import { describe, expect, it } from 'vitest';
import { linkProblemLines } from '../src/build/command/problem-report.ts';
import { readAstroConfig, readAstroConsts } from '../src/build/content/astro-config.ts';
import { bodyLinkTargets, siteLinks } from '../src/build/content/links.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { unresolvedLinks } from '../src/build/link-check.ts';

describe('astro.config.* read as text', () => {
  it.each([
    [
      "export default defineConfig({ site: 'https://a.example', integrations: [mdx()] });",
      { site: 'https://a.example', unread: [] },
    ],
    [
      '// site: "https://commented.example"\n/* site: \'https://x\' */\nexport default defineConfig({\n  site: "https://b.example/", // the site\n});',
      { site: 'https://b.example/', unread: [] },
    ],
    [
      'export default defineConfig({ integrations: [sitemap({ site: "https://nested.example" })], site: `https://c.example` })',
      { site: 'https://c.example', unread: [] },
    ],
    [
      "export default {\n  site: 'https://d.example',\n  redirects: {\n    '/old/': '/new/',\n    \"/moved\": { status: 302, destination: '/there/' },\n    legacy: '/l/',\n  },\n};",
      {
        site: 'https://d.example',
        redirects: {
          '/old/': { destination: '/new/' },
          '/moved': { destination: '/there/', status: 302 },
          legacy: { destination: '/l/' },
        },
        unread: [],
      },
    ],
    [
      "export default defineConfig({\n  redirects: {\n    '/old/[slug]': '/new/[slug]',\n    '/talks/[...path]': { status: 308, destination: '/slides/[...path]' },\n    '/exact/': '/there/',\n  },\n});",
      {
        redirects: { '/exact/': { destination: '/there/' } },
        dynamicRedirects: [
          '/old/[slug] -> /new/[slug] in astro.config.mjs',
          '/talks/[...path] -> /slides/[...path] in astro.config.mjs',
        ],
        unread: [],
      },
    ],
    [
      "export default defineConfig({ site: process.env.SITE, redirects: { '/a/': someVariable } })",
      { unread: ['site in astro.config.mjs', 'redirects in astro.config.mjs'] },
    ],
    [
      'export default defineConfig({ site: `https://$' + '{host}` })',
      { unread: ['site in astro.config.mjs'] },
    ],
    ['export default defineConfig({ integrations: [] })', { unread: [] }],
    ['not a config at all', { unread: [] }],
  ])('%s', (text, expected) => {
    expect(readAstroConfig('astro.config.mjs', text)).toEqual(expected);
  });

  it('reads a TypeScript config exported through a constant, whatever strings, comments and regular expressions it holds', () => {
    const config = [
      "import { defineConfig } from 'astro/config';",
      "import type { AstroUserConfig } from 'astro';",
      "const quote = /'/; // a regular expression with a quote, and a comment with one: '",
      'const config = defineConfig({',
      '  integrations: [markdown({ strip: /[`\'"]/g, note: \'}) site: "https://not.example"\' })],',
      "  site: 'https://ts.example' as string,",
      '  redirects: {',
      "    '/a/': { status: 301, destination: `/b/` },",
      "  } satisfies AstroUserConfig['redirects'],",
      '} satisfies AstroUserConfig);',
      'export default config;',
    ].join('\n');
    expect(readAstroConfig('astro.config.ts', config)).toEqual({
      site: 'https://ts.example',
      redirects: { '/a/': { destination: '/b/', status: 301 } },
      unread: [],
    });
  });

  it('takes the title and description from src/consts.ts, as Astro’s blog template writes them', () => {
    expect(
      readAstroConsts(
        '// Place any global data in this file.\nexport const SITE_TITLE = \'Signal & Noise\';\nexport const SITE_DESCRIPTION: string = "Notes on HTTP.";\n',
      ),
    ).toEqual({ title: 'Signal & Noise', description: 'Notes on HTTP.' });
    expect(readAstroConsts('export const SITE_TITLE = getTitle();')).toEqual({});
    expect(readAstroConsts("export const SITE_TITLE = '   ';")).toEqual({});
    expect(
      readAstroConsts(
        'export const SITE_TITLE = `Typed` as const;\nexport const SITE_DESCRIPTION = `A $' +
          "{'computed'} one`;",
      ),
    ).toEqual({ title: 'Typed' });
  });
});

describe('the internal links of a post', () => {
  const text = [
    '---',
    'title: T',
    '---',
    'A [page](/blog/there/), a [relative one](../sibling/), an [outside one](https://x.example/),',
    'a [fragment](#here), <a href="/tags/http">a tag</a>, ![an image](/images/a.png)',
    '<img src="/images/b.png" title="<img src=/not-a-tag.png>">',
    '',
    '[ref]: /blog/ref/',
    '',
    'A [ref link][ref] and [mail](mailto:a@b.example).',
  ].join('\n');
  const body = text.split('---\n').slice(2).join('---\n');
  const links = siteLinks('blog/en/2025-01-01_here.md', text, bodyLinkTargets(body), '/blog/here/');

  it('are every link and image into the site, with the line each is written on', () => {
    expect(links.map(({ line, kind, target, path }) => [line, kind, target, path])).toEqual([
      [4, 'link', '/blog/there/', '/blog/there/'],
      [4, 'link', '../sibling/', '/blog/sibling/'],
      [5, 'link', '/tags/http', '/tags/http'],
      [5, 'image', '/images/a.png', '/images/a.png'],
      [6, 'image', '/images/b.png', '/images/b.png'],
      [8, 'link', '/blog/ref/', '/blog/ref/'],
    ]);
  });

  it('resolve to a page (with or without its slash), a redirect or a gone path; the rest are listed', () => {
    const published = new Set(['/blog/there/', '/tags/http/', '/images/a.png']);
    const data: Pick<SiteData, 'redirects' | 'gone'> = {
      redirects: { '/blog/sibling/': { to: '/blog/there/', status: 301 } },
      gone: ['/blog/ref/'],
    };
    expect(unresolvedLinks(links, published, data).map((link) => link.target)).toEqual(['/images/b.png']);
  });

  it('are reported as plain lines, or GitHub annotations of their file and line', () => {
    const [missing] = unresolvedLinks(links, new Set(), { redirects: {}, gone: [] });
    if (!missing) throw new Error('a link resolved');
    expect(linkProblemLines([missing], '/blog/content', 'text', 'warning')).toEqual([
      'folio: 1 internal link(s) and image(s) will not resolve (--strict refuses them):',
      '  blog/en/2025-01-01_here.md:4: link /blog/there/ does not resolve to a page, file or redirect of this site',
    ]);
    expect(linkProblemLines([missing], '/blog/content', 'github', 'error')).toEqual([
      '::error file=blog/en/2025-01-01_here.md,line=4::blog/en/2025-01-01_here.md:4: link /blog/there/ does not resolve to a page, file or redirect of this site',
    ]);
  });
});
