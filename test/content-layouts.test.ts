/**
 * The two layouts, read as they are: a blog in Astro's content-collections layout and the same blog
 * in Folio's compile to identical data; a French-only blog compiles in French (test/languages.test.ts
 * serves it).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CompileOptions, compileContent } from '../src/build/content/compile.ts';
import { ContentError, formatIssue } from '../src/build/content/errors.ts';
import { summaryLines } from '../src/build/content/report.ts';
import { buildContent } from '../src/build/index.ts';
import { searchDocuments, searchIndexFiles } from '../src/build/search-index.ts';
import { readAstroSite } from '../src/build/site-folder/astro-site.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { searchHeadKey } from '../src/core/deployment.ts';
import { unframed } from '../src/core/search-codec.ts';
import type { SearchHead } from '../src/core/search-index.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';

const ASTRO = resolve(FIXTURES, 'field-notes/src/content');
const FOLIO = resolve(FIXTURES, 'field-notes-folio');
const FRENCH = resolve(FIXTURES, 'carnet/src/content');

async function compileFolder(
  dir: string,
  changes: Record<string, string | null> = {},
  options: Partial<CompileOptions> = {},
) {
  const files = new Map(await readContentFolder(dir));
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  return compileContent(files, { now: BUILD_TIME, astro: readAstroSite(dir), ...options });
}

async function problemsIn(
  dir: string,
  changes: Record<string, string | null>,
  options: Partial<CompileOptions> = {},
) {
  try {
    await compileFolder(dir, changes, options);
  } catch (error) {
    if (error instanceof ContentError) return error.issues.map(formatIssue);
    throw error;
  }
  throw new Error('the content compiled');
}

describe('the Astro content-collections layout', () => {
  it('compiles to the same data as the same blog in Folio’s layout', async () => {
    const astro = await buildContent(ASTRO, { now: BUILD_TIME });
    const folio = await buildContent(FOLIO, { now: BUILD_TIME });
    expect([astro.layout, folio.layout]).toEqual(['astro', 'folio']);
    expect(astro.data.posts.length).toBe(3);
    expect(astro.data).toEqual(folio.data);
  });

  it('infers the name and languages, and says what it inferred', async () => {
    const { data, report } = await compileFolder(ASTRO);
    expect(data.site).toEqual({
      name: 'notes.example',
      description: 'notes.example',
      baseUrl: 'https://notes.example',
      author: { name: 'notes.example', url: null, sameAs: [] },
      license: 'CC-BY-4.0',
      languages: ['en', 'es'],
      ui: {},
      usage: { search: true, train: true, input: true },
    });
    expect(summaryLines(report, true)).toEqual([
      'inferred name "notes.example" (the host name), languages en, es (the language folders), description and author "notes.example" (the name)',
      'skipped 1 draft and 1 future-dated entry:',
      '  draft: blog/en/2025-04-01_draft.md',
      '  dated 2099-01-01T06:00:00.000Z: blog/en/2099-01-01_future.md',
      'ignored fields: heroLayout (3 files), color (1), theme (1)',
      '.mdx rendered as Markdown without import/export lines (2 files), JSX component blocks (1 file: Figure), {…} expressions (1 file)',
      'ignored 2 files under names starting with _:',
      '  blog/en/_drafts/2025-03-01_unfinished.md',
      '  slides/_layouts/deck.md',
    ]);
  });

  it('applies per-language overrides of a shared series file, publishing it where a post is in it', async () => {
    const { data } = await compileFolder(ASTRO);
    expect(
      data.series.map(({ slug, lang, title, description, heroImage, path }) => ({
        slug,
        lang,
        title,
        description,
        heroImage,
        path,
      })),
    ).toEqual([
      {
        slug: 'http-basics',
        lang: 'en',
        title: 'HTTP basics',
        description: 'A short series on validators.',
        heroImage: '/images/series.webp',
        path: '/series/http-basics/',
      },
      {
        slug: 'http-basics',
        lang: 'es',
        title: 'Básicos de HTTP',
        description: 'Una serie corta sobre validadores.',
        heroImage: '/images/series-es.webp',
        path: '/es/series/http-basics/',
      },
    ]);
  });

  it('reads tag files: a tag without tier is primary, descriptions per language', async () => {
    const { data } = await compileFolder(ASTRO);
    expect(data.tags).toEqual([
      {
        name: 'caching',
        tier: 'secondary',
        description: { en: 'Browser and CDN caches.', es: 'Browser and CDN caches.' },
      },
      { name: 'etag', tier: 'subtopic', description: { en: 'Entity tags.', es: 'Etiquetas de entidad.' } },
      {
        name: 'http',
        tier: 'primary',
        description: { en: 'The protocol itself.', es: 'El protocolo en sí.' },
      },
    ]);
  });

  it('needs no site.yaml: the public address given to the build names the blog, and no licence is stated', async () => {
    const { data, report } = await compileFolder(
      ASTRO,
      { 'site.yaml': null },
      { baseUrl: 'https://blog.example' },
    );
    expect(data.site).toMatchObject({ name: 'blog.example', baseUrl: 'https://blog.example', license: null });
    expect(summaryLines(report, false).slice(0, 2)).toEqual([
      'inferred name "blog.example" (the host name), languages en, es (the language folders), description and author "blog.example" (the name)',
      'no content licence stated: the documents name none (license: CC-BY-4.0 in site.yaml states one)',
    ]);
  });

  it('names, in one problem, the settings it cannot infer when nothing states them', async () => {
    expect(await problemsIn(ASTRO, { 'site.yaml': null })).toEqual([
      'site.yaml: name: expected name: My blog in site.yaml in the content folder (Folio cannot infer it; without a name, the host name of the public address is used, from BASE_URL, --base-url or baseUrl), received no site.yaml',
    ]);
  });

  it('reports a tag parent that has no tag file', async () => {
    expect(await problemsIn(ASTRO, { 'tags/etag.md': '---\ntier: subtopic\nparent: caches\n---\n' })).toEqual(
      [
        'tags/etag.md: parent: expected the name of another tag, with its file tags/<name>.md, received "caches"',
      ],
    );
  });

  it('is detected, and --layout overrides the detection', async () => {
    expect((await compileFolder(ASTRO)).layout).toBe('astro');
    expect((await compileFolder(FOLIO)).layout).toBe('folio');
    expect(await problemsIn(ASTRO, {}, { layout: 'folio' })).toEqual([
      'tags.yaml: (file): expected the tag taxonomy (each tag: { tier, description_<language> }), received no such file',
      'blog/en/2025-01-10_first.mdx: series: expected a series with a file series/en/http-basics.md, received "http-basics"',
      'blog/en/2025-02-10_second.md: series: expected a series with a file series/en/http-basics.md, received "http-basics"',
      'blog/es/2025-01-10_first.mdx: series: expected a series with a file series/es/http-basics.md, received "http-basics"',
    ]);
  });

  it('refuses a folder that mixes both layouts, in one line', async () => {
    expect(await problemsIn(ASTRO, { 'tags.yaml': 'http: { tier: primary }\n' })).toEqual([
      "tags.yaml: (layout): expected the files of one layout, Folio's (tags.yaml, series/<language>/<slug>.md) or Astro's (tags/<tag>.md, series/<slug>.md); choose one with --layout folio or --layout astro, received this file of Folio's layout and series/http-basics.md of Astro's",
    ]);
  });
});

describe('the pages collection', () => {
  const about = '---\ntitle: About\ndescription: Who writes here.\n---\n\nA [post](/blog/).\n';
  it.each([
    ['Folio’s layout', FOLIO],
    ['Astro’s layout', ASTRO],
  ])(
    'is read in %s: each page at /<slug>/ (under /<lang>/ past the first language), index the home’s intro',
    async (_name, dir) => {
      const { data } = await compileFolder(dir, {
        'pages/en/about.md': about,
        'pages/es/about.md': about.replace('About', 'Acerca de'),
        'pages/en/index.md': '---\ntitle: Home\n---\n\nHello.\n',
      });
      expect(data.pages.map(({ lang, slug, path, title }) => ({ lang, slug, path, title }))).toEqual([
        { lang: 'en', slug: 'about', path: '/about/', title: 'About' },
        { lang: 'en', slug: 'index', path: '/', title: 'Home' },
        { lang: 'es', slug: 'about', path: '/es/about/', title: 'Acerca de' },
      ]);
      expect(data.pages[0]?.html).toBe('<p>A <a href="/blog/">post</a>.</p>\n');
    },
  );

  it('refuses a page named like a section of the site or a language, and one outside a language folder', async () => {
    expect(
      await problemsIn(FOLIO, {
        'pages/en/blog.md': about,
        'pages/en/es.md': about,
        'pages/about.md': about,
      }),
    ).toEqual([
      expect.stringMatching(/^pages\/about\.md: \(path\): expected a file in a language folder/),
      expect.stringMatching(
        /^pages\/en\/blog\.md: \(file name\): expected <slug>\.md with a slug .* no section of the site/,
      ),
      expect.stringMatching(/^pages\/en\/es\.md: \(file name\): expected <slug>\.md/),
    ]);
  });

  it('names each top-level folder it does not read in the summary', async () => {
    const { report } = await compileFolder(FOLIO, { 'notes/a.md': '# A\n' });
    expect(summaryLines(report, false)).toContain(
      'did not read the folders notes/ (1 file): Folio reads the collections blog, slides, series, tags, pages and authors',
    );
  });
});

describe('a blog in one language other than English or Spanish', () => {
  it('compiles: languages from the folders, the first at the root, overrides in French', async () => {
    const { data } = await compileFolder(FRENCH);
    expect(data.site.languages).toEqual(['fr']);
    expect(data.site.name).toBe('carnet.example');
    expect(
      data.posts.map(({ id, lang, path, pubDate, tags, topics }) => ({
        id,
        lang,
        path,
        pubDate,
        tags,
        topics,
      })),
    ).toEqual([
      {
        id: 'fr/2025-04-01_second',
        lang: 'fr',
        path: '/blog/second/',
        pubDate: '2025-04-01T00:00:00.000Z',
        tags: ['web'],
        topics: [],
      },
      {
        id: 'fr/2025-03-04_premier',
        lang: 'fr',
        path: '/blog/premier/',
        pubDate: '2025-03-04T10:00:00.000Z',
        tags: ['web', 'http'],
        topics: [],
      },
    ]);
    expect(data.series.map(({ slug, lang, title, path }) => ({ slug, lang, title, path }))).toEqual([
      { slug: 'bases', lang: 'fr', title: 'Les bases', path: '/series/bases/' },
    ]);
    expect(data.decks.map(({ slug, lang, path }) => ({ slug, lang, path }))).toEqual([
      { slug: 'expose', lang: 'fr', path: '/talks/expose/' },
    ]);
    expect(data.tags).toEqual([{ name: 'web', tier: 'primary', description: { fr: 'La plateforme web.' } }]);
    const indexes = searchIndexFiles(searchDocuments(data, 'https://x.example'));
    expect(Object.keys(indexes)).toEqual(['fr']);
    const head = indexes.fr?.find(([key]) => key === searchHeadKey('fr'))?.[1];
    expect(unframed<SearchHead>(head as Uint8Array).json.documentCount).toBe(2);
  });
});
