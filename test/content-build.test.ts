/** compileContent: what a content folder publishes, and the one-line problem for each kind of bad input. */

import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CompileOptions, compileContent } from '../src/build/content/compile.ts';
import { ContentError, formatIssue } from '../src/build/content/errors.ts';
import { summaryLines } from '../src/build/content/report.ts';
import { buildContent, buildData } from '../src/build/index.ts';
import { searchDocuments, searchIndexFiles } from '../src/build/search-index.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { endpointsFor } from '../src/core/endpoints.ts';
import { createHandler } from '../src/handler.ts';
import { buildCommand } from './support/build-command.ts';
import { BUILD_TIME, deployed, FIXTURES, fixtureData } from './support/data.ts';

const MINI = resolve(FIXTURES, 'mini');

/** Every body of the deployment, by key, as text: what `npm run build` would write. */
async function outputOf(data: Awaited<ReturnType<typeof fixtureData>>): Promise<[string, string][]> {
  const { bodies } = await deployed(data, 'https://mini.example');
  return [...bodies].map(([key, bytes]) => [key, new TextDecoder().decode(bytes)]);
}
const FIRST = 'blog/en/2025-01-10_first.md';
const DECK = 'slides/en/2025-06-01_external-deck.md';
const DATE_EXPECTED =
  'expected a date such as 2026-03-04 or a date-time such as 2026-03-04T10:00:00 (UTC unless an offset such as +01:00 follows)';

const post = (front: string, body = 'Body.') => `---\n${front}\n---\n${body}\n`;
const firstPost = (extra: string) =>
  post(`title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\n${extra}`);
const externalDeck = (extra: string) =>
  post(`title: T\ndescription: D\npubDate: 2025-06-01\ntype: external\n${extra}`);
const siteWith = (extra: string) =>
  `name: N\ndescription: D\nbaseUrl: https://x.example\nauthor: { name: A }\nlicense: CC-BY-4.0\nlanguages: [en, es]\n${extra}`;

async function miniFiles(changes: Record<string, string | null> = {}, dir = MINI) {
  const files = new Map(await readContentFolder(dir));
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  return files;
}

async function compileMini(
  changes: Record<string, string | null> = {},
  options: Partial<CompileOptions> = {},
) {
  return compileContent(await miniFiles(changes), { now: BUILD_TIME, ...options });
}

/** Every problem compiling the mini blog with `changes`, as the build prints it. */
async function problemsWith(changes: Record<string, string | null>, options: Partial<CompileOptions> = {}) {
  try {
    await compileMini(changes, options);
  } catch (error) {
    if (error instanceof ContentError) return error.issues.map(formatIssue);
    throw error;
  }
  throw new Error('the content compiled');
}

describe('compileContent on a valid folder', () => {
  it('publishes posts newest first, ties by id, and leaves drafts and future posts out', async () => {
    const data = await fixtureData('mini');
    expect(data.posts.map((p) => p.id)).toEqual([
      'en/2025-02-10_another',
      'en/2025-02-10_second',
      'en/2025-01-10_first',
      'es/2025-01-10_first',
    ]);
    expect(data.posts.some((p) => p.slug === 'draft' || p.slug === 'future')).toBe(false);
  });

  it('takes the public address given to the build over site.yaml’s, and leaves it unstated when nothing states it', async () => {
    const noAddress =
      'name: N\ndescription: D\nauthor: { name: A }\nlicense: CC-BY-4.0\nlanguages: [en, es]\n';
    expect((await compileMini({ 'site.yaml': noAddress })).data.site.baseUrl).toBeNull();
    expect((await compileMini({}, { baseUrl: 'https://given.example' })).data.site.baseUrl).toBe(
      'https://given.example',
    );
    const astro = { site: 'https://astro.example/', unread: [] };
    expect((await compileMini({ 'site.yaml': noAddress }, { astro })).data.site.baseUrl).toBe(
      'https://astro.example',
    );
    expect((await compileMini({}, { astro })).data.site.baseUrl).toBe('https://mini.example');
  });

  it('needs no site.yaml in Folio’s layout either: the languages from the folders, the name from the host', async () => {
    const { data } = await compileMini({ 'site.yaml': null }, { baseUrl: 'https://folio.example' });
    expect(data.site).toEqual({
      name: 'folio.example',
      description: 'folio.example',
      baseUrl: 'https://folio.example',
      author: { name: 'folio.example', url: null, sameAs: [] },
      license: null,
      languages: ['en', 'es'],
      ui: {},
      usage: { search: true, train: true, input: true },
    });
  });

  it('merges the redirects of site.yaml and the Astro config, site.yaml winning, each with its status', async () => {
    const site = siteWith('redirects:\n  /old/: /blog/first/\n  /moved/: https://elsewhere.example/\n');
    const astro = {
      redirects: {
        '/old/': { destination: '/blog/second/' },
        '/slides/x/': { destination: '/talks/x/' },
        '/for-now/': { destination: '/blog/first/', status: 307 },
      },
      unread: [],
    };
    expect((await compileMini({ 'site.yaml': site }, { astro })).data.redirects).toEqual({
      '/old/': { to: '/blog/first/', status: 301 },
      '/moved/': { to: 'https://elsewhere.example/', status: 301 },
      '/slides/x/': { to: '/talks/x/', status: 301 },
      '/for-now/': { to: '/blog/first/', status: 307 },
    });
    const refused = { redirects: { '/x/': { destination: '/y/', status: 304 } }, unread: [] };
    expect(await problemsWith({}, { astro: refused })).toEqual([
      'astro.config: redirects./x/.status: expected a redirect status, one of 301, 302, 303, 307, 308, received 304',
    ]);
    expect(await problemsWith({ 'site.yaml': siteWith('redirects:\n  old: javascript:alert(1)\n') })).toEqual(
      [
        'site.yaml: redirects.old: expected a site-relative path starting with a single / and without . or .. segments (such as /images/hero.webp), received "old"',
        'site.yaml: redirects.old: expected a site path such as /blog/new-post/ or an absolute http(s) URL, received "javascript:alert(1)"',
      ],
    );
  });

  it('publishes a post once its date has come', async () => {
    const data = await fixtureData('mini', new Date('2099-01-01T00:00:00Z'));
    expect(data.posts[0]?.slug).toBe('future');
    expect(data.posts.some((p) => p.slug === 'draft')).toBe(false);
  });

  it('splits tags by taxonomy tier, keeping unknown tags primary', async () => {
    const first = (await fixtureData('mini')).posts.find((p) => p.id === 'en/2025-01-10_first');
    expect(first).toMatchObject({
      allTags: ['http', 'caching', 'etag', 'unlisted'],
      tags: ['http', 'unlisted'],
      topics: ['caching'],
      subtopics: ['etag'],
      path: '/blog/first/',
      series: 'http-basics',
      seriesOrder: 2,
      heroImage: '/images/first.webp',
    });
  });

  it('reads site settings, series, decks, gone paths and deprecations', async () => {
    const data = await fixtureData('mini');
    expect(data.site).toMatchObject({
      name: 'Mini Fixture',
      baseUrl: 'https://mini.example',
      languages: ['en', 'es'],
    });
    expect(data.series.map((s) => `${s.lang}/${s.slug}`)).toEqual(['en/http-basics', 'es/http-basics']);
    expect(data.decks.map((d) => [d.slug, d.type, d.externalUrl])).toEqual([
      ['external-deck', 'external', 'https://slides.example/deck'],
      ['native-deck', 'native', null],
    ]);
    expect(data.gone).toEqual(['/api/series/en/old.json', '/blog/old-post/']);
    expect(data.deprecations).toEqual([
      {
        operationId: 'listPostsInSpanish',
        since: '2026-01-01T00:00:00.000Z',
        sunset: '2026-12-31T00:00:00.000Z',
        link: null,
      },
    ]);
  });

  it('counts the drafts and future-dated entries it skips, and lists them when asked', async () => {
    const { report } = await compileMini();
    expect(summaryLines(report, false)).toEqual([
      'skipped 1 draft and 1 future-dated entry (--verbose lists them)',
    ]);
    expect(summaryLines(report, true)).toEqual([
      'skipped 1 draft and 1 future-dated entry:',
      '  draft: blog/en/2025-04-01_draft.md',
      '  dated 2099-01-01T00:00:00.000Z: blog/en/2099-01-01_future.md',
    ]);
  });

  it('is deterministic: the same input gives byte-identical output, whatever the file order', async () => {
    const files = await readContentFolder(MINI);
    const reversed = new Map([...files].reverse());
    const outputFrom = (input: typeof files) => outputOf(compileContent(input, { now: BUILD_TIME }).data);
    expect(await outputFrom(reversed)).toEqual(await outputFrom(files));
  });

  it('writes the same bytes twice from the same content', async () => {
    const a = await buildData(MINI, BUILD_TIME);
    const b = await buildData(MINI, BUILD_TIME);
    expect(await outputOf(a)).toEqual(await outputOf(b));
  });
});

describe('gone.yaml', () => {
  const goneYaml = (paths: string[]) => `paths:\n${paths.map((path) => `  - ${path}\n`).join('')}`;
  /** The problems of building the mini blog with `paths` gone, as the build prints them. */
  async function goneProblems(paths: string[]): Promise<string[]> {
    const { data } = await compileMini({ 'gone.yaml': goneYaml(paths) });
    try {
      await deployed(data, 'https://mini.example');
    } catch (error) {
      if (error instanceof ContentError) return error.issues.map(formatIssue);
      throw error;
    }
    return [];
  }
  const live = (path: string) =>
    `gone.yaml: paths: expected only paths the site no longer serves (a gone path answers 410 in place of what the build publishes there), received "${path}", which the build publishes`;

  it.each([
    ['/', '/'],
    ['/blog/', '/blog/'],
    ['/blog', '/blog'],
    ['/es/blog/first/', '/es/blog/first/'],
    ['/blog/first.md', '/blog/first.md'],
    ['/api/posts.json', '/api/posts.json'],
    ['/api/v1/posts-en.json', '/api/posts-en.json'],
    ['/rss.xml', '/rss.xml'],
    ['/api/timeline/en/%68ttp.json', '/api/timeline/en/%68ttp.json'],
  ])('refuses %s, which the build publishes', async (path, named) => {
    expect(await goneProblems(['/blog/old-post/', path])).toEqual([live(named)]);
  });

  it('fails the build on a static file or page it lists, and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-gone-'));
    try {
      await cp(MINI, dir, { recursive: true });
      await writeFile(join(dir, 'gone.yaml'), goneYaml(['/images/first.webp', '/']));
      const out = join(dir, 'out');
      expect(await buildCommand(['--content', dir, '--out', out, '--now', '2026-01-01'])).toEqual({
        code: 1,
        stdout: '',
        stderr: [
          `folio: the content in ${dir} has 2 problem(s):`,
          `  ${live('/')}`,
          `  ${live('/images/first.webp')}`,
          '',
        ].join('\n'),
      });
      expect(existsSync(out)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps paths the site does not serve', async () => {
    expect(await goneProblems(['/blog/old-post/', '/api/series/en/old.json', '/blog/old-post.md'])).toEqual(
      [],
    );
  });

  it('reads an /api/v1/ path as its /api/ name, ignores it beside that name, and warns of both', async () => {
    const { data, report } = await compileMini({
      'gone.yaml': goneYaml([
        '/api/v1/series/en/old.json',
        '/api/series/en/old.json',
        '/api/v1/timeline/en/old.json',
      ]),
    });
    expect(data.gone).toEqual(['/api/series/en/old.json', '/api/timeline/en/old.json']);
    expect(summaryLines(report, false)).toEqual([
      'warning: gone.yaml: /api/v1/series/en/old.json is ignored: /api/series/en/old.json is listed, which answers 410 under /api/ and /api/v1/ alike',
      'warning: gone.yaml: /api/v1/timeline/en/old.json is read as /api/timeline/en/old.json, which answers 410 under /api/ and /api/v1/ alike',
      'skipped 1 draft and 1 future-dated entry (--verbose lists them)',
    ]);
    const handler = createHandler(await deployed(data, 'https://mini.example'));
    for (const path of ['/api/timeline/en/old.json', '/api/v1/timeline/en/old.json'])
      expect((await handler.fetch(new Request(`https://mini.example${path}`))).status, path).toBe(410);
  });
});

describe('front-matter dates', () => {
  it.each([
    ['2025-01-10', '2025-01-10T00:00:00.000Z'],
    ['"2025-01-10"', '2025-01-10T00:00:00.000Z'],
    ['2025-01-10T10:00:00', '2025-01-10T10:00:00.000Z'],
    ['"2025-01-10T10:00:00"', '2025-01-10T10:00:00.000Z'],
    ['2025-01-10T10:00', '2025-01-10T10:00:00.000Z'],
    ['2025-01-10T10:00:00Z', '2025-01-10T10:00:00.000Z'],
    ["'2025-01-10T10:00:00.25+02:00'", '2025-01-10T08:00:00.250Z'],
    ['2025-01-10T23:30:00-05:00', '2025-01-11T04:30:00.000Z'],
    ['2025-01-10 10:00:00', '2025-01-10T10:00:00.000Z'],
    ['2025-01-10t10:00:00.5 -5', '2025-01-10T15:00:00.500Z'],
  ])('pubDate: %s is %s', async (written, iso) => {
    const { data } = await compileMini({ [FIRST]: post(`title: T\ndescription: D\npubDate: ${written}`) });
    expect(data.posts.find((p) => p.id === 'en/2025-01-10_first')?.pubDate).toBe(iso);
  });

  it('takes a date-time without an offset as UTC: pubDate: "2026-03-04T10:00:00"', async () => {
    const file = 'blog/en/2026-03-04_example.md';
    const { data } = await compileMini(
      { [file]: post('title: T\ndescription: D\npubDate: "2026-03-04T10:00:00"') },
      { now: new Date('2026-06-01T00:00:00Z') },
    );
    expect(data.posts.find((p) => p.slug === 'example')?.pubDate).toBe('2026-03-04T10:00:00.000Z');
  });

  it.each([
    ['soon', '"soon"'],
    ['2025-02-30', '"2025-02-30"'],
    ['2025-01-10T24:00:00', '"2025-01-10T24:00:00"'],
    ['2025-01-10T10:00:00+25:00', '"2025-01-10T10:00:00+25:00"'],
    ['20250110', '20250110'],
  ])('refuses pubDate: %s', async (written, received) => {
    expect(await problemsWith({ [FIRST]: post(`title: T\ndescription: D\npubDate: ${written}`) })).toEqual([
      `${FIRST}: pubDate: ${DATE_EXPECTED}, received ${received}`,
    ]);
  });

  it('checks the date written against the file name, before any offset applies', async () => {
    expect(
      await problemsWith({ [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-11T00:30:00+02:00') }),
    ).toEqual([`${FIRST}: pubDate: expected the date in the file name (2025-01-10), received 2025-01-11`]);
  });
});

describe('front-matter fields Folio does not use', () => {
  const changes = {
    [FIRST]: firstPost('heroLayout: wide\ncolor: teal'),
    'blog/en/2025-02-10_second.md': post(
      'title: T\ndescription: D\npubDate: 2025-02-10\nseries: http-basics\nseriesOrder: 1\nheroLayout: narrow',
    ),
  };

  it('are accepted, left out of the data and listed once in the summary', async () => {
    const { data, report } = await compileMini(changes);
    expect(JSON.stringify(data)).not.toContain('heroLayout');
    expect(summaryLines(report, false)).toContain('ignored fields: heroLayout (2 files), color (1)');
  });

  it('are refused with --strict, naming the fields Folio knows', async () => {
    const known =
      'title, description, pubDate, updatedDate, tags, heroImage, series, seriesOrder, keywords, relatedPost, relatedSlide, author, draft';
    const refused = `expected one of the fields ${known}, received a field Folio does not use (--strict refuses those)`;
    expect(await problemsWith(changes, { strict: true })).toEqual([
      `${FIRST}: heroLayout: ${refused}`,
      `${FIRST}: color: ${refused}`,
      `blog/en/2025-02-10_second.md: heroLayout: ${refused}`,
    ]);
  });
});

describe('.mdx files', () => {
  const mdx = [
    "import Callout from '../components/Callout.astro';",
    "export const layout = 'wide';",
    '',
    'Before.',
    '',
    '<Callout type="tip">',
    '  Inside the component.',
    '</Callout>',
    '',
    '{/* a comment */}',
    '',
    '```mdx',
    '<Callout>code stays</Callout>',
    '```',
    '',
    'After, with <Kbd>inline</Kbd> JSX kept as text{props.note}.',
    '',
    '<Figure src="/images/x.png" />',
  ].join('\n');

  it('render as Markdown: a component gives way to its prose, import/export, self-closing components and expressions go, each kind noted once', async () => {
    const file = 'blog/en/2025-03-01_components.mdx';
    const { data, report } = await compileMini({
      [file]: post('title: T\ndescription: D\npubDate: 2025-03-01', mdx),
    });
    const published = data.posts.find((p) => p.slug === 'components');
    const body = published && data.bodies.markdown(published);
    expect(body).toBe(
      'Before.\n\nInside the component.\n\n```mdx\n<Callout>code stays</Callout>\n```\n\nAfter, with <Kbd>inline</Kbd> JSX kept as text.',
    );
    const html = published && data.bodies.rendered(published).html;
    expect(html).toContain('<p>Inside the component.</p>');
    expect(html).toContain('<p>After, with <kbd>inline</kbd> JSX kept as text.</p>');
    expect(html).not.toMatch(/props|Figure|comment/);
    expect(summaryLines(report, false)).toContain(
      '.mdx rendered as Markdown without import/export lines (1 file), JSX component blocks (1 file: Figure), {…} expressions (1 file)',
    );
  });

  it('read as MDX reads them: template literals, nested components, a `>` inside an attribute', async () => {
    const file = 'blog/en/2025-03-02_nested.mdx';
    const nested = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: MDX text, template literals and all
      "export const meta = { title: `Nested ${'components'}`, note: '} and { in a string' };",
      'export const help = `A template literal over lines,',
      '',
      'a blank one among them.`;',
      '',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: MDX text, template literals and all
      '<Callout title="a > b" data={{ text: `</Callout> ${1 > 0}` }}>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: MDX text, template literals and all
      '  Outer prose with {`a ${"template"} literal`} left out.',
      '',
      '  <Tabs>',
      '    <Tab label="x > y">',
      '      Inner **prose**.',
      '',
      '          indented code, kept as code',
      '    </Tab>',
      '  </Tabs>',
      '',
      '  - a list item',
      '</Callout>',
      '',
      'After.',
    ].join('\n');
    const { data, report } = await compileMini({
      [file]: post('title: T\ndescription: D\npubDate: 2025-03-02', nested),
    });
    const published = data.posts.find((p) => p.slug === 'nested');
    expect(published && data.bodies.markdown(published)).toBe(
      'Outer prose with  left out.\n\nInner **prose**.\n\n    indented code, kept as code\n\n- a list item\n\nAfter.',
    );
    const html = published && data.bodies.rendered(published).html;
    expect(html).toContain('<pre tabindex="0"><code>indented code, kept as code');
    expect(html).not.toMatch(/Callout|Tabs|meta|template|x &gt; y/);
    expect(summaryLines(report, false)).toContain(
      '.mdx rendered as Markdown without import/export lines (1 file), {…} expressions (1 file)',
    );
  });

  it('that are not MDX fail the build, naming the file, the line and what the MDX parser found', async () => {
    const file = 'blog/en/2025-03-03_comment.mdx';
    const problems = await problemsWith({
      [file]: post('title: T\ndescription: D\npubDate: 2025-03-03', 'Fine.\n\n<!-- an HTML comment -->'),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        String.raw`^${file}:8: \(body\): expected MDX as Astro reads it, received Unexpected character .*\{/\* text \*/\}` +
          '`\\)$',
      ),
    );
  });
});

describe('compileContent on bad content: one line naming the file, the field, the expectation and the value', () => {
  it.each([
    [
      'a missing title',
      { [FIRST]: post('description: D\npubDate: 2025-01-10') },
      [`${FIRST}: title: expected a text of 1 to 200 characters, received nothing (the field is missing)`],
    ],
    [
      'an empty description',
      { [FIRST]: post('title: T\ndescription: ""\npubDate: 2025-01-10') },
      [`${FIRST}: description: expected a text of 1 to 1000 characters, received ""`],
    ],
    [
      'tags that are not a list',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: http') },
      [`${FIRST}: tags: expected a list of at most 50 tags such as [http, caching], received "http"`],
    ],
    [
      'a tag that is not a slug',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http, Web APIs]') },
      [
        `${FIRST}: tags[1]: expected a slug of lower-case letters, digits and hyphens (such as http-caching), received "Web APIs"`,
      ],
    ],
    [
      'draft that is not a boolean',
      { [FIRST]: firstPost('draft: maybe') },
      [`${FIRST}: draft: expected true or false, received "maybe"`],
    ],
    [
      'seriesOrder without series',
      { [FIRST]: firstPost('seriesOrder: 1') },
      [
        `${FIRST}: seriesOrder: expected seriesOrder only together with series (it is a position in that series), received 1`,
      ],
    ],
    [
      'an unknown series',
      { [FIRST]: firstPost('series: nope') },
      [`${FIRST}: series: expected a series with a file series/en/nope.md, received "nope"`],
    ],
    [
      'no front matter',
      { [FIRST]: 'Just text.' },
      [
        `${FIRST}: (front matter): expected YAML front matter between --- lines at the top of the file, received a file that starts with "Just text."`,
      ],
    ],
    [
      'front matter that is a list',
      { [FIRST]: post('- a\n- b') },
      [`${FIRST}: (front matter): expected fields as key: value lines, received a list of 2 items`],
    ],
    [
      'invalid YAML',
      { [FIRST]: post('title: [unclosed') },
      [
        `${FIRST}: (front matter): expected valid YAML, received YAML the reader rejects (Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 17)`,
      ],
    ],
    [
      'a file name without a date',
      { 'blog/en/hello.md': post('title: T') },
      [
        'blog/en/hello.md: (file name): expected YYYY-MM-DD_<slug>.md or .mdx, with a real date and a slug of lower-case letters, digits and hyphens, received "hello.md"',
      ],
    ],
    [
      'a file outside a language folder',
      { 'blog/2025-01-10_x.md': post('title: T') },
      [
        'blog/2025-01-10_x.md: (path): expected a file in a language folder: blog/<language>/YYYY-MM-DD_<slug>.md, received "blog/2025-01-10_x.md"',
      ],
    ],
    [
      'a folder of a language the site does not list',
      { 'blog/fr/2025-01-10_x.md': post('title: T'), 'blog/fr/2025-01-11_y.md': post('title: T') },
      [
        `blog/fr: (folder): expected a folder named after one of the site's languages (en, es; add more to languages in site.yaml), received "fr"`,
      ],
    ],
    [
      'a folder that is not a language code',
      { 'blog/English/2025-01-10_x.md': post('title: T') },
      [
        'blog/English: (folder): expected a lower-case language code such as en, fr or pt-br as the folder name, received "English"',
      ],
    ],
    [
      'an external deck without its address',
      { [DECK]: externalDeck('') },
      [
        `${DECK}: externalUrl: expected an absolute http: or https: URL such as https://example.com/page, received nothing (the field is missing)`,
      ],
    ],
    [
      'a deck of an unknown type',
      { [DECK]: post('title: T\ndescription: D\npubDate: 2025-06-01\ntype: video') },
      [`${DECK}: type: expected native or external, received "video"`],
    ],
    [
      'a series order that is not an integer',
      { 'series/en/http-basics.md': post('title: T\ndescription: D\norder: 1.5') },
      ['series/en/http-basics.md: order: expected a whole number, received 1.5'],
    ],
    [
      'a tag of an unknown tier',
      { 'tags.yaml': 'http: { tier: top, description_en: a, description_es: b }\n' },
      ['tags.yaml: http.tier: expected primary, secondary or subtopic, received "top"'],
    ],
    [
      'a tag name that is not a slug',
      { 'tags.yaml': 'Web: { tier: primary, description_en: a, description_es: b }\n' },
      [
        'tags.yaml: Web: expected a slug of lower-case letters, digits and hyphens (such as http-caching), received "Web"',
      ],
    ],
    [
      'a misspelt tag description',
      { 'tags.yaml': 'http: { tier: primary, description_en: a, descripton_es: b }\n' },
      [
        'tags.yaml: http.description_es: expected a text of 1 to 1000 characters, received nothing (the field is missing)',
        'tags.yaml: http.descripton_es: expected one of the fields tier, description_en, description_es, received a field Folio does not know',
      ],
    ],
    [
      'a misspelt site setting',
      { 'site.yaml': siteWith('nmae: x\n') },
      [
        'site.yaml: nmae: expected one of the fields name, description, baseUrl, author, license, languages, deprecations, redirects, ui, robots, usage, permalink, folioServes, webmcpOnSitePages, allowMissingHeroImages, received a field Folio does not know',
      ],
    ],
    [
      'a language code in capitals',
      { 'site.yaml': siteWith('').replace('[en, es]', '[en, ES]') },
      ['site.yaml: languages[1]: expected a lower-case language code such as en, fr or pt-br, received "ES"'],
    ],
    [
      'a language listed twice',
      { 'site.yaml': siteWith('').replace('[en, es]', '[en, es, en]') },
      [
        'site.yaml: languages: expected a list of language codes such as [en, es], each once (a lower-case language code such as en, fr or pt-br), received a list of 3 items',
      ],
    ],
    [
      'a site.yaml that is a list',
      { 'site.yaml': '- name: N\n' },
      ['site.yaml: (file): expected fields as key: value lines, received a list of 1 item'],
    ],
    [
      'a missing site.yaml',
      { 'site.yaml': null },
      [
        'site.yaml: name: expected name: My blog in site.yaml in the content folder (Folio cannot infer it; without a name, the host name of the public address is used, from BASE_URL, --base-url or baseUrl), received no site.yaml',
      ],
    ],
    [
      'gone paths that are not paths',
      { 'gone.yaml': 'paths: [old-post]\n' },
      [
        'gone.yaml: paths[0]: expected a site-relative path starting with a single / and without . or .. segments (such as /images/hero.webp), received "old-post"',
      ],
    ],
    [
      'a deprecation that ends before it starts',
      {
        'site.yaml': siteWith(
          'deprecations:\n  - { operationId: listPosts, since: 2026-06-01, sunset: 2026-01-01 }\n',
        ),
      },
      [
        'site.yaml: deprecations[0].sunset: expected a sunset date after the since date, received "2026-01-01"',
      ],
    ],
  ])('%s', async (_, changes, expected) => {
    expect(await problemsWith(changes)).toEqual(expected);
  });

  it('refuses a mistyped deprecation operationId, naming the valid ones', async () => {
    const ids = endpointsFor(['en', 'es']).map((endpoint) => endpoint.operationId);
    expect(ids).toContain('listPosts');
    expect(
      await problemsWith({
        'site.yaml': siteWith(
          'deprecations:\n  - { operationId: listPost, since: 2026-01-01, sunset: 2026-06-01 }\n',
        ),
      }),
    ).toEqual([
      `site.yaml: deprecations[0].operationId: expected one of the API's operationIds: ${ids.join(', ')}, received "listPost"`,
    ]);
  });

  it('names both files of a duplicate slug', async () => {
    const again = 'blog/en/2025-03-01_first.md';
    expect(await problemsWith({ [again]: post('title: T\ndescription: D\npubDate: 2025-03-01') })).toEqual([
      `${again}: (file name): expected a slug no other published post in en uses (${FIRST} uses it too), received "first"`,
    ]);
  });

  it('reports two chapters that claim the same position', async () => {
    expect(
      await problemsWith({
        'blog/en/2025-02-10_second.md': post(
          'title: T\ndescription: D\npubDate: 2025-02-10\nseries: http-basics\nseriesOrder: 2',
        ),
      }),
    ).toEqual([
      `blog/en/2025-02-10_second.md: seriesOrder: expected a position not already taken in the series http-basics (${FIRST} has it), received 2`,
    ]);
  });

  it('reports every problem at once', async () => {
    const problems = await problemsWith({
      [FIRST]: post('title: T\ndescription: D\npubDate: soon'),
      'series/en/http-basics.md': post('title: T\ndescription: D\norder: x'),
    });
    expect(problems).toEqual([
      'series/en/http-basics.md: order: expected a whole number, received "x"',
      `${FIRST}: pubDate: ${DATE_EXPECTED}, received "soon"`,
    ]);
  });
});

describe('front-matter URLs and paths (issue 10)', () => {
  const URL_EXPECTED = 'expected an absolute http: or https: URL such as https://example.com/page';
  const IMAGE_EXPECTED =
    'expected a site path (/images/hero.webp), a path relative to this file (./cover.png) or an http(s) URL';

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example/deck',
    '//slides.example/deck',
    'slides.example/deck',
  ])('refuse externalUrl: %s', async (url) => {
    expect(await problemsWith({ [DECK]: externalDeck(`externalUrl: "${url}"`) })).toEqual([
      `${DECK}: externalUrl: ${URL_EXPECTED}, received ${JSON.stringify(url)}`,
    ]);
  });

  it.each([
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'images\\x.png',
    '/images/\tx.png',
  ])('refuse heroImage: %j', async (path) => {
    expect(await problemsWith({ [FIRST]: firstPost(`heroImage: ${JSON.stringify(path)}`) })).toEqual([
      `${FIRST}: heroImage: ${IMAGE_EXPECTED}, received ${JSON.stringify(path)}`,
    ]);
  });

  it('refuse an author URL and a deprecation link that are not http(s)', async () => {
    const site = siteWith(
      'deprecations:\n  - { operationId: listPosts, since: 2026-01-01, sunset: 2026-06-01, link: "javascript:x" }\n',
    ).replace('author: { name: A }', 'author: { name: A, url: "mailto:a@x.example" }');
    expect(await problemsWith({ 'site.yaml': site })).toEqual([
      `site.yaml: author.url: ${URL_EXPECTED}, received "mailto:a@x.example"`,
      `site.yaml: deprecations[0].link: ${URL_EXPECTED}, received "javascript:x"`,
    ]);
  });

  it('resolve a deck’s relatedPost by slug, path or file name; warn of one not published, refuse it with --strict', async () => {
    const deck = (related: string) => ({
      [DECK]: externalDeck(
        `externalUrl: https://slides.example/d\neventUrl: https://event.example/\nrelatedPost: ${related}`,
      ),
    });
    for (const named of ['first', '/blog/first/', '2025-01-10_first.md']) {
      const { data } = await compileMini(deck(named));
      expect(
        data.decks.find((d) => d.slug === 'external-deck'),
        named,
      ).toMatchObject({
        relatedPosts: ['/blog/first/'],
        eventUrl: 'https://event.example/',
      });
    }
    const { data, report } = await compileMini(deck('/blog/draft/'));
    expect(data.decks.find((d) => d.slug === 'external-deck')?.relatedPosts).toEqual([]);
    expect(summaryLines(report, false)).toContain(
      `warning: ${DECK}:8: relatedPost "/blog/draft/" is not a published post in en (--strict refuses it)`,
    );
    expect(await problemsWith(deck('/blog/draft/'), { strict: true })).toEqual([
      `${DECK}:8: relatedPost: expected a published post in en, received "/blog/draft/"`,
    ]);
  });

  it('resolve a post’s relatedPost and relatedSlide, one name or a list, to the pages of that language; warn of each one that names nothing, refuse it with --strict', async () => {
    const related =
      'relatedPost: [second, /blog/another/, first, second]\nrelatedSlide: 2025-05-01_native-deck.md';
    const { data } = await compileMini({ [FIRST]: firstPost(related) });
    expect(data.posts.find((p) => p.id === 'en/2025-01-10_first')).toMatchObject({
      // Each once, in the order written, the post itself left out.
      relatedPosts: ['/blog/second/', '/blog/another/'],
      relatedSlides: ['/talks/native-deck/'],
    });
    expect(data.posts.find((p) => p.id === 'en/2025-02-10_second')).toMatchObject({
      relatedPosts: [],
      relatedSlides: [],
    });
    const broken = { [FIRST]: firstPost('relatedPost: [second, nothing]\nrelatedSlide: no-such-deck') };
    const { data: kept, report } = await compileMini(broken);
    expect(kept.posts.find((p) => p.id === 'en/2025-01-10_first')).toMatchObject({
      relatedPosts: ['/blog/second/'],
      relatedSlides: [],
    });
    expect(summaryLines(report, false)).toEqual(
      expect.arrayContaining([
        `warning: ${FIRST}:6: relatedPost "nothing" is not a published post in en (--strict refuses it)`,
        `warning: ${FIRST}:7: relatedSlide "no-such-deck" is not a published deck in en (--strict refuses it)`,
      ]),
    );
    expect(await problemsWith(broken, { strict: true })).toEqual([
      `${FIRST}:6: relatedPost: expected a published post in en, received "nothing"`,
      `${FIRST}:7: relatedSlide: expected a published deck in en, received "no-such-deck"`,
    ]);
    expect(await problemsWith({ [FIRST]: firstPost('relatedSlide: { a: 1 }') })).toEqual([
      `${FIRST}: relatedSlide: expected a slug, path or file name, or a list of them, received a mapping of fields`,
    ]);
  });

  it('give a post the author of the authors collection its author field names, by slug or name; warn of one it does not hold, refuse it with --strict', async () => {
    const authors = {
      'authors/ada.yaml': 'name: Ada\nrole: { en: Engineer }\n',
      'authors/ben.yaml': 'name: Ben Noise\navatar: /images/ben.png\nbio: Writes.\n',
    };
    const authorOf = async (named: string) => {
      const { data, report } = await compileMini({ ...authors, [FIRST]: firstPost(`author: ${named}`) });
      return { author: data.posts.find((p) => p.id === 'en/2025-01-10_first')?.author, report, data };
    };
    const ben = { name: 'Ben Noise', url: null, sameAs: [], image: '/images/ben.png', bio: 'Writes.' };
    expect((await authorOf('ben')).author).toEqual(ben);
    expect((await authorOf('ben noise')).author).toEqual(ben);
    const { author, report, data } = await authorOf('carol');
    expect(author).toBeNull();
    // site.yaml names the blog's author.
    expect(data.site.author.name).toBe('Test Author');
    expect(summaryLines(report, false)).toContain(
      `warning: ${FIRST}:6: author "carol" is not an author of the authors collection (ada, ben) (--strict refuses it)`,
    );
    expect(await problemsWith({ ...authors, [FIRST]: firstPost('author: carol') }, { strict: true })).toEqual(
      [`${FIRST}:6: author: expected an author of the authors collection (ada, ben), received "carol"`],
    );
    // Without a collection, the name as written.
    const { data: plain } = await compileMini({ [FIRST]: firstPost('author: Carol Writer') });
    expect(plain.posts.find((p) => p.id === 'en/2025-01-10_first')?.author).toEqual({
      name: 'Carol Writer',
      url: null,
      sameAs: [],
    });
    expect(plain.posts.find((p) => p.id === 'en/2025-02-10_second')?.author).toBeNull();
  });

  it('accept http and https URLs and site paths, percent-encoded as URLs hold them', async () => {
    const { data } = await compileMini({
      [DECK]: externalDeck(
        'externalUrl: http://slides.example/deck?id=1#2\nheroImage: /images/deck one.webp',
      ),
    });
    expect(data.decks.find((d) => d.slug === 'external-deck')).toMatchObject({
      externalUrl: 'http://slides.example/deck?id=1#2',
      heroImage: '/images/deck%20one.webp',
    });
  });

  it.each([
    ['https://cdn.example/x.png', 'https://cdn.example/x.png'],
    ['images/x.png', '/_media/blog/en/images/x.png'],
    ['./cover.png', '/_media/blog/en/cover.png'],
    ['../shared/a b.png', '/_media/blog/shared/a%20b.png'],
    ['../../../assets/a.png', '/_media/_parent/assets/a.png'],
  ])('accept heroImage %j, shown as %j', async (image, shown) => {
    const { data } = await compileMini({ [FIRST]: firstPost(`heroImage: ${JSON.stringify(image)}`) });
    expect(data.posts.find((p) => p.slug === 'first' && p.lang === 'en')?.heroImage).toBe(shown);
  });
});

describe('bounds on what one entry may cost (issue 10)', () => {
  const tags = (n: number) => `[${Array.from({ length: n }, (_, i) => `tag-${i}`).join(', ')}]`;

  it('at most 50 tags per post', async () => {
    await expect(
      compileMini({ [FIRST]: firstPost('').replace('tags: [http]', `tags: ${tags(50)}`) }),
    ).resolves.toBeDefined();
    expect(
      await problemsWith({ [FIRST]: firstPost('').replace('tags: [http]', `tags: ${tags(10_000)}`) }),
    ).toEqual([
      `${FIRST}: tags: expected a list of at most 50 tags such as [http, caching], received a list of 10000 items`,
    ]);
  });

  it('titles of at most 200 characters and descriptions of at most 1000', async () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(
      await problemsWith({
        [FIRST]: post(`title: ${long(201)}\ndescription: ${long(1001)}\npubDate: 2025-01-10`),
      }),
    ).toEqual([
      `${FIRST}: title: expected a text of 1 to 200 characters, received "${long(60)}…" (201 characters)`,
      `${FIRST}: description: expected a text of 1 to 1000 characters, received "${long(60)}…" (1001 characters)`,
    ]);
  });

  it('files of at most 1 MiB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-large-'));
    await cp(MINI, dir, { recursive: true });
    const text = firstPost('').replace('Body.', 'x'.repeat(1024 * 1024));
    await writeFile(join(dir, FIRST), text);
    const files = await readContentFolder(dir);
    expect(() => compileContent(files, { now: BUILD_TIME })).toThrow(
      `${FIRST}: (file): expected a file of at most 1 MiB, received 1.0 MiB (${Buffer.byteLength(text)} bytes)`,
    );
  });
});

describe('file encodings', () => {
  it('refuses a file that is not UTF-8, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-latin1-'));
    await cp(MINI, dir, { recursive: true });
    await writeFile(
      join(dir, FIRST),
      Buffer.from(firstPost('').replace('title: T', 'title: Café'), 'latin1'),
    );
    const files = await readContentFolder(dir);
    expect(() => compileContent(files, { now: BUILD_TIME })).toThrow(
      new ContentError([
        {
          file: FIRST,
          field: '(file)',
          expected: 'UTF-8 text',
          received: 'bytes that are not UTF-8 (save the file as UTF-8)',
        },
      ]),
    );
  });

  it('reads UTF-8 with a byte-order mark', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-bom-'));
    await cp(MINI, dir, { recursive: true });
    await writeFile(join(dir, FIRST), `\uFEFF${firstPost('').replace('title: T', 'title: Café')}`);
    const { data } = compileContent(await readContentFolder(dir), { now: BUILD_TIME });
    expect(data.posts.find((p) => p.id === 'en/2025-01-10_first')?.title).toBe('Café');
  });
});

describe('symbolic links', () => {
  /** The mini blog copied to a fresh folder, with a secret file beside it (outside the folder). */
  async function miniWithSecret() {
    const parent = await mkdtemp(join(tmpdir(), 'folio-links-'));
    const dir = join(parent, 'content');
    await cp(MINI, dir, { recursive: true });
    const secret = join(parent, 'secret.md');
    await writeFile(secret, 'root:x:0:0:the secret first line\n');
    await mkdir(join(parent, 'elsewhere'));
    await writeFile(join(parent, 'elsewhere', '2025-02-01_other.md'), 'secret folder line\n');
    return { dir, secret: await realpath(secret), elsewhere: await realpath(join(parent, 'elsewhere')) };
  }

  const problemsOf = async (dir: string) => {
    try {
      compileContent(await readContentFolder(dir), { now: BUILD_TIME });
    } catch (error) {
      if (error instanceof ContentError) return error.issues.map(formatIssue);
      throw error;
    }
    throw new Error('the content compiled');
  };

  it('refuses a file linked from outside the folder, naming the link, never reading it', async () => {
    const { dir, secret } = await miniWithSecret();
    await rm(join(dir, FIRST));
    await symlink(secret, join(dir, FIRST));
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      `${FIRST}: (file): expected a file inside the content folder (a symbolic link may only lead to one), received a symbolic link to ${secret}, outside it (copy the file in instead)`,
    ]);
    expect(problems.join('\n')).not.toContain('secret first line');
  });

  it('refuses a folder linked from outside, whatever the layout reads', async () => {
    const { dir, elsewhere } = await miniWithSecret();
    await symlink(elsewhere, join(dir, 'blog/en/more'), 'dir');
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      `blog/en/more: (file): expected a file inside the content folder (a symbolic link may only lead to one), received a symbolic link to ${elsewhere}, outside it (copy the file in instead)`,
    ]);
  });

  it('follows a link that stays inside the folder', async () => {
    const { dir } = await miniWithSecret();
    await mkdir(join(dir, '_shared'));
    await rename(join(dir, FIRST), join(dir, '_shared/first.md'));
    await symlink(join(dir, '_shared/first.md'), join(dir, FIRST));
    const { data } = compileContent(await readContentFolder(dir), { now: BUILD_TIME });
    expect(data.posts.some((p) => p.id === 'en/2025-01-10_first')).toBe(true);
  });
});

describe('symbolic links among the files a build publishes', () => {
  const ASTRO_ASSETS = resolve(FIXTURES, 'astro-assets');
  const outside = (file: string, target: string) =>
    `${file}: (file): expected a file inside the content folder (a symbolic link may only lead to one), received a symbolic link to ${target}, outside it (copy the file in instead)`;

  /** A copy of a fixture in a fresh folder, with a secret file beside it. */
  async function copyWithSecret(fixture: string) {
    const parent = await mkdtemp(join(tmpdir(), 'folio-published-links-'));
    const site = join(parent, 'site');
    await cp(fixture, site, { recursive: true });
    const secret = join(parent, 'secret.txt');
    await writeFile(secret, 'root:x:0:0:the secret first line\n');
    return { site, secret: await realpath(secret) };
  }

  const problemsOfBuild = async (contentDir: string) => {
    try {
      await buildContent(contentDir, { now: BUILD_TIME });
    } catch (error) {
      if (error instanceof ContentError) return error.issues.map(formatIssue);
      throw error;
    }
    throw new Error('the content built');
  };

  it('refuses an image beside a post, a file of src/ and one of public/ linking out of their folders (Astro layout)', async () => {
    const { site, secret } = await copyWithSecret(ASTRO_ASSETS);
    await rm(join(site, 'src/content/blog/en/diagram.png'));
    await symlink(secret, join(site, 'src/content/blog/en/diagram.png'));
    await symlink(secret, join(site, 'src/assets/leak.png'));
    await symlink(secret, join(site, 'public/passwd'));
    await symlink(dirname(secret), join(site, 'public/everything'), 'dir');
    const problems = await problemsOfBuild(join(site, 'src/content'));
    expect(problems).toEqual([
      outside('../../public/everything', dirname(secret)),
      outside('../../public/passwd', secret),
      outside('../assets/leak.png', secret),
      outside('blog/en/diagram.png', secret),
    ]);
    expect(problems.join('\n')).not.toContain('secret first line');
  });

  it('refuses a file of the public folder inside the content folder that links out of it', async () => {
    const { site, secret } = await copyWithSecret(MINI);
    await mkdir(join(site, 'public'), { recursive: true });
    await symlink(secret, join(site, 'public/robots-extra.txt'));
    expect(await problemsOfBuild(site)).toEqual([outside('public/robots-extra.txt', secret)]);
  });

  it('publishes a file linked from inside the folders the build reads', async () => {
    const { site } = await copyWithSecret(MINI);
    await mkdir(join(site, 'public'), { recursive: true });
    await writeFile(join(site, 'shared.txt'), 'shared\n');
    await symlink(join(site, 'shared.txt'), join(site, 'public/shared.txt'));
    const { staticFiles } = await buildContent(site, { now: BUILD_TIME });
    expect(staticFiles.map((file) => file.path)).toContain('/shared.txt');
  });
});

describe('languages in the content', () => {
  it('takes any BCP 47-style code the site lists, the first at the root', async () => {
    const ptBr = 'blog/pt-br/2025-01-10_first.md';
    const { data } = await compileMini({
      'site.yaml': siteWith('').replace('[en, es]', '[en, es, pt-br]'),
      'tags.yaml': 'http: { tier: primary, description_en: a, description_es: b, description_pt-br: c }\n',
      [ptBr]: post('title: Primeiro\ndescription: D\npubDate: 2025-01-10\ntags: [http]'),
    });
    expect(data.site.languages).toEqual(['en', 'es', 'pt-br']);
    expect(data.posts.filter((p) => p.slug === 'first').map((p) => p.path)).toEqual([
      '/blog/first/',
      '/es/blog/first/',
      '/pt-br/blog/first/',
    ]);
    expect(data.tags.find((t) => t.name === 'http')?.description).toEqual({ en: 'a', es: 'b', 'pt-br': 'c' });
    expect(Object.keys(searchIndexFiles(searchDocuments(data, 'https://x.example')))).toEqual([
      'en',
      'es',
      'pt-br',
    ]);
  });
});
