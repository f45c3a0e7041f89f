import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildData } from '../scripts/build.ts';
import { readContentFolder } from '../scripts/content-folder.ts';
import { compileContent } from '../src/content/compile.ts';
import { ContentError, type ContentIssue } from '../src/content/errors.ts';
import { BUILD_TIME, deployed, FIXTURES, fixtureData } from './support/data.ts';
import { BIN, ROOT } from './support/server.ts';

const run = promisify(execFile);

/** Every body of the deployment, by key, as text: what `npm run build` would write. */
async function outputOf(data: Awaited<ReturnType<typeof fixtureData>>): Promise<[string, string][]> {
  const { bodies } = await deployed(data, 'https://mini.example');
  return [...bodies].map(([key, bytes]) => [key, new TextDecoder().decode(bytes)]);
}
const MINI = resolve(FIXTURES, 'mini');

async function issuesWith(changes: Record<string, string | null>): Promise<ContentIssue[]> {
  const files = new Map(await readContentFolder(MINI));
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  try {
    compileContent(files, BUILD_TIME);
  } catch (error) {
    if (error instanceof ContentError) return error.issues;
    throw error;
  }
  throw new Error('the content compiled');
}

const post = (front: string, body = 'Body.') => `---\n${front}\n---\n${body}\n`;
const FIRST = 'blog/en/2025-01-10_first.md';

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

  it('normalises dates to ISO 8601 UTC with milliseconds', async () => {
    const data = await fixtureData('mini');
    const second = data.posts.find((p) => p.slug === 'second');
    expect(second?.pubDate).toBe('2025-02-10T12:00:00.000Z');
    expect(second?.updatedDate).toBe('2025-03-01T00:00:00.000Z');
    expect(data.decks.find((d) => d.slug === 'native-deck')?.eventDate).toBe('2025-05-02T00:00:00.000Z');
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

  it('is deterministic: the same input gives byte-identical output, whatever the file order', async () => {
    const files = await readContentFolder(MINI);
    const reversed = new Map([...files].reverse());
    expect(await outputOf(compileContent(reversed, BUILD_TIME))).toEqual(
      await outputOf(compileContent(files, BUILD_TIME)),
    );
  });
});

describe('compileContent on bad content names the file, the field and the expectation', () => {
  it.each([
    [
      'a date that is not one',
      { [FIRST]: post('title: T\ndescription: D\npubDate: soon\ntags: [http]') },
      FIRST,
      'pubDate',
      /expected a date/,
    ],
    [
      'an impossible date',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-02-30\ntags: [http]') },
      FIRST,
      'pubDate',
      /expected a date/,
    ],
    [
      'a missing title',
      { [FIRST]: post('description: D\npubDate: 2025-01-10\ntags: [http]') },
      FIRST,
      'title',
      /required/,
    ],
    [
      'an empty description',
      { [FIRST]: post('title: T\ndescription: ""\npubDate: 2025-01-10\ntags: [http]') },
      FIRST,
      'description',
      /non-empty/,
    ],
    [
      'an unknown field',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\nserie: x') },
      FIRST,
      'serie',
      /.+/,
    ],
    [
      'tags that are not a list',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: http') },
      FIRST,
      'tags',
      /list of tags/,
    ],
    [
      'a tag that is not a slug',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [Web APIs]') },
      FIRST,
      'tags.0',
      /slug/,
    ],
    [
      'draft that is not a boolean',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\ndraft: maybe') },
      FIRST,
      'draft',
      /true or false/,
    ],
    [
      'a hero image that is not site-relative',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\nheroImage: img.png') },
      FIRST,
      'heroImage',
      /site-relative/,
    ],
    [
      'seriesOrder without series',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\nseriesOrder: 1') },
      FIRST,
      'seriesOrder',
      /needs series/,
    ],
    [
      'an unknown series',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]\nseries: nope') },
      FIRST,
      'series',
      /content\/series\/en\/nope\.md/,
    ],
    [
      'a pubDate that disagrees with the file name',
      { [FIRST]: post('title: T\ndescription: D\npubDate: 2025-01-11\ntags: [http]') },
      FIRST,
      'pubDate',
      /file name \(2025-01-10\)/,
    ],
    ['no front matter', { [FIRST]: 'Just text.' }, FIRST, '(front matter)', /between --- lines/],
    ['invalid YAML', { [FIRST]: post('title: [unclosed') }, FIRST, '(front matter)', /invalid YAML/],
    [
      'a file name without a date',
      { 'blog/en/hello.md': post('title: T\ndescription: D\npubDate: 2025-01-10\ntags: [http]') },
      'blog/en/hello.md',
      '(file name)',
      /YYYY-MM-DD_<slug>\.md/,
    ],
    [
      'a language folder that does not exist',
      { 'blog/fr/2025-01-10_x.md': post('title: T') },
      'blog/fr/2025-01-10_x.md',
      '(path)',
      /blog\/en or blog\/es/,
    ],
    [
      'an external deck without its address',
      {
        'slides/en/2025-06-01_external-deck.md': post(
          'title: T\ndescription: D\npubDate: 2025-06-01\ntype: external',
        ),
      },
      'slides/en/2025-06-01_external-deck.md',
      'externalUrl',
      /.+/,
    ],
    [
      'a deck of an unknown type',
      {
        'slides/en/2025-06-01_external-deck.md': post(
          'title: T\ndescription: D\npubDate: 2025-06-01\ntype: video',
        ),
      },
      'slides/en/2025-06-01_external-deck.md',
      'type',
      /native or external/,
    ],
    [
      'a series order that is not an integer',
      { 'series/en/http-basics.md': post('title: T\ndescription: D\norder: 1.5') },
      'series/en/http-basics.md',
      'order',
      /integer/,
    ],
    [
      'a tag of an unknown tier',
      { 'tags.yaml': 'http: { tier: top, description_en: a, description_es: b }\n' },
      'tags.yaml',
      'http.tier',
      /primary, secondary or subtopic/,
    ],
    [
      'a site without a base URL',
      {
        'site.yaml':
          'name: N\ndescription: D\nauthor: { name: A }\nlicense: CC-BY-4.0\nlanguages: [en, es]\n',
      },
      'site.yaml',
      'baseUrl',
      /.+/,
    ],
    [
      'a site missing a language',
      {
        'site.yaml':
          'name: N\ndescription: D\nbaseUrl: https://x.example\nauthor: { name: A }\nlicense: CC-BY-4.0\nlanguages: [en]\n',
      },
      'site.yaml',
      'languages',
      /both languages/,
    ],
    ['a missing site.yaml', { 'site.yaml': null }, 'site.yaml', '(file)', /exist/],
    [
      'gone paths that are not paths',
      { 'gone.yaml': 'paths: [old-post]\n' },
      'gone.yaml',
      'paths.0',
      /site-relative/,
    ],
  ])('%s', async (_, changes, file, field, message) => {
    const issues = await issuesWith(changes);
    const issue = issues.find((i) => i.file === file && i.field === field);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(issue?.message).toMatch(message);
  });

  it('reports two chapters that claim the same position', async () => {
    const issues = await issuesWith({
      'blog/en/2025-02-10_second.md': post(
        'title: T\ndescription: D\npubDate: 2025-02-10\ntags: [http]\nseries: http-basics\nseriesOrder: 2',
      ),
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ field: 'seriesOrder', message: expect.stringMatching(/already taken/) }),
    );
  });

  it('reports every problem at once', async () => {
    const issues = await issuesWith({
      [FIRST]: post('title: T\ndescription: D\npubDate: soon\ntags: [http]'),
      'series/en/http-basics.md': post('title: T\ndescription: D\norder: x'),
    });
    const files = issues.map((i) => i.file);
    expect(files).toContain(FIRST);
    expect(files).toContain('series/en/http-basics.md');
  });
});

describe('the build script', () => {
  async function buildScript(args: string[]) {
    try {
      const { stdout, stderr } = await run(resolve(BIN, 'tsx'), ['scripts/build.ts', ...args], { cwd: ROOT });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('fails on bad content with one line per problem, no stack trace, and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-broken-'));
    await cp(MINI, dir, { recursive: true });
    await writeFile(join(dir, FIRST), post('title: T\ndescription: D\npubDate: soon\ntags: [http]'));
    const out = join(dir, 'out');
    const result = await buildScript(['--content', dir, '--out', out, '--now', '2026-01-01']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, FIRST)}: pubDate: expected a date`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await expect(readdir(out)).rejects.toThrow();
  });

  it('fails with one line when the content folder does not exist', async () => {
    const result = await buildScript([
      '--content',
      join(tmpdir(), 'no-such-folio-content'),
      '--out',
      join(tmpdir(), 'folio-none'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/no-such-folio-content/);
  });

  it('writes the same bytes twice from the same content', async () => {
    const a = await buildData(MINI, BUILD_TIME);
    const b = await buildData(MINI, BUILD_TIME);
    expect(await outputOf(a)).toEqual(await outputOf(b));
  });
});
