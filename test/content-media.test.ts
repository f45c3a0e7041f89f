/**
 * Files kept beside an entry: which references of its Markdown name one (Markdown images, the
 * reference definitions images use, `src`, `srcset` and `poster` of raw HTML media, bare relative
 * paths included), the URL each is published at, and each reference to a missing file (or to a
 * site path no public folder has) reported once, by file and line. A build publishes each at a URL
 * that names its bytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CompileOptions, compileContent } from '../src/build/content/compile.ts';
import { ContentError, formatIssue } from '../src/build/content/errors.ts';
import { fieldLine } from '../src/build/content/front-matter.ts';
import { withMediaUrls } from '../src/build/content/media.ts';
import type { MemoryDeployment } from '../src/build/dev/memory-deployment.ts';
import { mediaUrls } from '../src/build/site-folder/media-urls.ts';
import { deployed, servedData } from './support/data.ts';

const POST = 'blog/en/2025-01-10_post.md';
const at = (path: string) => `/_media/blog/en/${path}`;

describe('the references of a body to files beside it', () => {
  it.each([
    ['a Markdown image', '![a](./a.png "A")', `![a](${at('a.png')} "A")`],
    ['a bare relative Markdown image', '![a](img/a.png)', `![a](${at('img/a.png')})`],
    ['a bare relative img', '<img src="img/a.png" alt="">', `<img src="${at('img/a.png')}" alt="">`],
    ['an unquoted src', '<img src=a.png>', `<img src="${at('a.png')}">`],
    [
      'srcset candidates, a URL among them',
      '<img src="a.png" srcset="./a.png 1x, ./a@2x.png 2x, https://cdn.example/a.png 3x">',
      `<img src="${at('a.png')}" srcset="${at('a.png')} 1x, ${at('a%402x.png')} 2x, https://cdn.example/a.png 3x">`,
    ],
    [
      'a picture',
      '<picture><source srcset="a.avif" type="image/avif"><img src="./a.png"></picture>',
      `<picture><source srcset="${at('a.avif')}" type="image/avif"><img src="${at('a.png')}"></picture>`,
    ],
    [
      'a video and its poster',
      '<video src=\'clip.mp4\' poster="./still.jpg"></video>',
      `<video src='${at('clip.mp4')}' poster="${at('still.jpg')}"></video>`,
    ],
    ['a file above the entry', '![a](<../shared/a b.png>)', '![a](</_media/blog/shared/a%20b.png>)'],
    [
      'an attribute whose value holds a `>` and a tag, before the src',
      '<img alt="a > b" title=\'<img src="./no.png">\' src="./a.png">',
      `<img alt="a > b" title='<img src="./no.png">' src="${at('a.png')}">`,
    ],
    [
      'a character reference in a src, read as a browser does',
      '<img src="./a&amp;b.png">',
      `<img src="${at('a%26b.png')}">`,
    ],
    ['a tag and attribute in upper case', '<IMG SRC=./a.png>', `<IMG SRC="${at('a.png')}">`],
  ])('%s', (_, written, published) => {
    expect(withMediaUrls(POST, written).markdown).toBe(published);
  });

  it('follows the reference definitions images use, and only those', () => {
    const markdown = [
      '![By label][cover] ![Shortcut] ![Collapsed][] and [a link][notes]',
      '',
      '[COVER]:  ./cover.png',
      '[shortcut]: <./s.png>',
      '[collapsed]: c.png "Title"',
      '[notes]: ./notes.pdf',
    ].join('\n');
    expect(withMediaUrls(POST, markdown).markdown.split('\n').slice(2)).toEqual([
      `[COVER]:  ${at('cover.png')}`,
      `[shortcut]: <${at('s.png')}>`,
      `[collapsed]: ${at('c.png')} "Title"`,
      '[notes]: ./notes.pdf',
    ]);
  });

  it('leaves code, markup inside an attribute, addresses and site paths as written', () => {
    const markdown = [
      'Code: `<img src="./code.png">` and `![x](./code.png)`.',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<img src="/images/a.png" srcset="https://cdn.example/a.png 2x, data:image/png;base64,AA== 3x">',
      '<a href="./page.png">a link is not an image</a>',
      '<script>document.write(\'<img src="./script.png">\')</script><textarea><img src="./text.png"></textarea>',
      '```md',
      '![fenced](./fenced.png)',
      '```',
    ].join('\n');
    const { markdown: published, references } = withMediaUrls(POST, markdown);
    expect(published).toBe(markdown);
    expect(references).toEqual([]);
  });

  it('names the line of each reference in the file', () => {
    const markdown = 'Text.\n\n<img srcset="./a.png 1x, ./b.png 2x">\n\n![r][r]\n\n[r]: ./c.png';
    const { references } = withMediaUrls(POST, markdown, 7);
    expect(references.map(({ line, ref, path }) => [line, ref, path])).toEqual([
      [9, './a.png', 'blog/en/a.png'],
      [9, './b.png', 'blog/en/b.png'],
      [13, './c.png', 'blog/en/c.png'],
    ]);
  });
});

const SITE = 'name: N\nbaseUrl: https://media.example\nlanguages: [en]\n';
const BODY = [
  '<picture><source srcset="./diagram.png 1x, ./diagram@2x.png 2x"><img src="img/a.png" alt=""></picture>',
  '',
  '![By reference][cover]',
  '',
  '[cover]: ./cover.png',
].join('\n');
const post = (heroImage: string) =>
  `---\ntitle: T\ndescription: D\npubDate: 2025-01-10\nheroImage: ${heroImage}\n---\n\n${BODY}\n`;

/** site.yaml with missing hero images allowed: each is reported like any missing file. */
const ALLOWING = `${SITE}allowMissingHeroImages: true\n`;

function compile(heroImage: string, options: Partial<CompileOptions>, site = ALLOWING) {
  const files = new Map([
    ['site.yaml', site],
    [POST, post(heroImage)],
  ]);
  return compileContent(files, { now: new Date('2026-01-01T00:00:00Z'), ...options });
}

describe('the files a build publishes beside entries', () => {
  const everyFile = new Set(['blog/en/diagram.png', 'blog/en/img/a.png', 'blog/en/cover.png']);

  it('publishes each file a published entry names, however the body names it', () => {
    const { media, report, data } = compile('./cover.png', { mediaFiles: everyFile, publicFiles: new Set() });
    expect(media).toEqual(['blog/en/cover.png', 'blog/en/diagram.png', 'blog/en/img/a.png']);
    expect(data.posts[0]?.heroImage).toBe(at('cover.png'));
    expect(report.missingFiles).toEqual([{ file: POST, line: 8, target: './diagram@2x.png' }]);
  });

  it('reports a site-path hero image when the site has no public folder, at the line of the field', () => {
    const { report } = compile('/images/hero.png', {
      mediaFiles: new Set([...everyFile, 'blog/en/diagram@2x.png']),
      publicFiles: new Set(),
    });
    expect(report.missingFiles).toEqual([{ file: POST, line: 5, target: '/images/hero.png' }]);
  });

  it('refuses each missing file with --strict, naming file and line', () => {
    let issues: string[] = [];
    try {
      compile('/images/hero.png', { strict: true, mediaFiles: everyFile, publicFiles: new Set() });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      issues = error.issues.map(formatIssue);
    }
    expect(issues).toEqual([
      `${POST}:5: heroImage: expected a file of the public folder, received "/images/hero.png"`,
      `${POST}:8: image: expected a file that exists, relative to this file, received "./diagram@2x.png"`,
    ]);
  });

  it('names the line of the field that holds the hero image, a language’s override of it included', () => {
    const series =
      '---\ntitle: T\nheroImage: /images/en.png\nheroImageEs: /images/es.png\n---\n/images/es.png\n';
    expect(fieldLine(series, 'series/s.md', 'heroImage', '/images/es.png')).toBe(4);
    expect(fieldLine(series, 'series/s.md', 'heroImage', '/images/en.png')).toBe(3);
  });

  it('checks nothing when the files are not known (a compile without a folder on disk)', () => {
    const { media, report } = compile('/images/hero.png', {});
    expect(media).toEqual([]);
    expect(report.missingFiles).toEqual([]);
  });
});

describe('heroImage values and what the build makes of them', () => {
  const mediaFiles = new Set([
    'blog/en/diagram.png',
    'blog/en/diagram@2x.png',
    'blog/en/img/a.png',
    'blog/en/cover.png',
  ]);
  const publicFiles = new Set([
    '/images/hero.png',
    '/images/a b.png',
    '/images/x" y.png',
    '/images/café.png',
  ]);
  const EXPECTED = `${POST}:5: heroImage: expected`;
  const NOT_PUBLIC =
    'a file of the public folder (allowMissingHeroImages: true in site.yaml makes it a warning)';
  const NOT_BESIDE =
    'a file that exists, relative to this file (allowMissingHeroImages: true in site.yaml makes it a warning)';
  const DOT_SEGMENTS =
    'a site path (/images/hero.webp), a path relative to this file (./cover.png) or an http(s) URL';

  /** The build's outcome for a hero image: its problems, else its path, its API URL and the files it reports missing. */
  async function outcome(heroImage: string, site = SITE) {
    let compiled: ReturnType<typeof compile>;
    try {
      compiled = compile(JSON.stringify(heroImage), { mediaFiles, publicFiles }, site);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return { problems: error.issues.map(formatIssue) };
    }
    const { data, report } = compiled;
    const deployment = await deployed(data, 'https://media.example');
    const [record] = apiAnswer(deployment, '/api/posts.json') as { heroImage: string }[];
    return { shown: data.posts[0]?.heroImage, api: record?.heroImage, missing: report.missingFiles };
  }

  it.each([
    [
      'a file of the public folder',
      '/images/hero.png',
      { shown: '/images/hero.png', api: 'https://media.example/images/hero.png', missing: [] },
    ],
    [
      'a space',
      '/images/a b.png',
      { shown: '/images/a%20b.png', api: 'https://media.example/images/a%20b.png', missing: [] },
    ],
    [
      'the space percent-encoded',
      '/images/a%20b.png',
      { shown: '/images/a%20b.png', api: 'https://media.example/images/a%20b.png', missing: [] },
    ],
    [
      'a quote',
      '/images/x" y.png',
      { shown: '/images/x%22%20y.png', api: 'https://media.example/images/x%22%20y.png', missing: [] },
    ],
    [
      'non-ASCII',
      '/images/café.png',
      { shown: '/images/caf%C3%A9.png', api: 'https://media.example/images/caf%C3%A9.png', missing: [] },
    ],
    [
      'markup that is no file',
      '/x" onerror="alert(1)',
      { problems: [`${EXPECTED} ${NOT_PUBLIC}, received "/x%22%20onerror=%22alert(1)"`] },
    ],
    [
      'dot segments',
      '/../../etc/passwd',
      { problems: [`${EXPECTED.replace(':5', '')} ${DOT_SEGMENTS}, received "/../../etc/passwd"`] },
    ],
    [
      'an encoded dot segment',
      '/images/%2e%2e/hero.png',
      { problems: [`${EXPECTED.replace(':5', '')} ${DOT_SEGMENTS}, received "/images/%2e%2e/hero.png"`] },
    ],
    [
      'a missing file',
      '/images/nope.png',
      { problems: [`${EXPECTED} ${NOT_PUBLIC}, received "/images/nope.png"`] },
    ],
    [
      'an https URL',
      'https://cdn.example/hero.png',
      { shown: 'https://cdn.example/hero.png', api: 'https://cdn.example/hero.png', missing: [] },
    ],
    [
      'an https URL to normalise',
      'https://CDN.example/x"y.png',
      { shown: 'https://cdn.example/x%22y.png', api: 'https://cdn.example/x%22y.png', missing: [] },
    ],
    [
      'a file beside the post',
      './cover.png',
      { shown: at('cover.png'), api: `https://media.example${at('cover.png')}`, missing: [] },
    ],
    [
      'a missing file beside the post',
      './nope.png',
      { problems: [`${EXPECTED} ${NOT_BESIDE}, received "./nope.png"`] },
    ],
  ])('%s: %j', async (_, heroImage, expected) => {
    expect(await outcome(heroImage)).toEqual(expected);
  });

  it('builds with a missing file that site.yaml allows, and reports it', async () => {
    expect(await outcome('/images/nope.png', ALLOWING)).toEqual({
      shown: '/images/nope.png',
      api: 'https://media.example/images/nope.png',
      missing: [{ file: POST, line: 5, target: '/images/nope.png' }],
    });
  });

  it('gives every URL of every API answer as an absolute URL that parses back to itself', async () => {
    // A public address given as people write it: upper case and a final slash.
    const given = compile(JSON.stringify('/images/a b.png'), {
      mediaFiles,
      publicFiles,
      baseUrl: 'https://Media.EXAMPLE/Blog/',
    }).data;
    expect(given.site.baseUrl).toBe('https://media.example/Blog');
    for (const deployment of [
      await deployed(given, given.site.baseUrl as string),
      await deployed(await servedData(), 'https://blog.example'),
      await deployed(
        compile(JSON.stringify('/images/x" y.png'), { mediaFiles, publicFiles }).data,
        'https://media.example',
      ),
    ]) {
      const answers = [...deployment.bodies.keys()].filter(
        (key) => key.startsWith('/api/') && !key.endsWith('.head'),
      );
      expect(answers.length).toBeGreaterThan(3);
      for (const key of answers) {
        for (const { field, value } of urlFields(apiAnswer(deployment, key))) {
          expect(value, `${key} ${field}`).toMatch(/^https?:\/\//);
          expect(new URL(value as string).href, `${key} ${field}`).toBe(value);
        }
      }
    }
  });
});

/** An API answer of a deployment in memory, parsed. */
function apiAnswer(deployment: MemoryDeployment, key: string): unknown {
  return JSON.parse(new TextDecoder().decode(deployment.bodies.get(key)));
}

/** Every field of a JSON value that holds a URL: named for one, or a string that starts with a scheme. */
function urlFields(value: unknown, field = ''): { field: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => urlFields(item, `${field}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => urlFields(item, `${field}.${name}`));
  const named = /(?:url|href|heroImage|firstPostHero|link)$/i.test(field.replace(/\[\d+\]$/, ''));
  const schemed = typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  return (named && value !== null) || schemed ? [{ field, value }] : [];
}

describe('the URL a build gives a file beside an entry', () => {
  it('holds a hash of the file’s bytes before its extension, and changes with them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-media-'));
    try {
      writeFileSync(join(dir, 'cover.png'), 'first bytes');
      writeFileSync(join(dir, 'LICENSE'), 'text');
      const files = new Set(['cover.png', 'LICENSE']);
      const first = mediaUrls(dir, files);
      // SHA-256 of "first bytes" begins d67e08ade6e8.
      expect(first.urlOf('cover.png')).toBe('/_media/cover.d67e08ade6e8.png');
      expect(first.urlOf('LICENSE')).toMatch(/^\/_media\/LICENSE\.[0-9a-f]{12}$/);
      expect(first.pathOf('/_media/cover.d67e08ade6e8.png')).toBe('cover.png');
      expect(first.urlOf('missing.png')).toBe('/_media/missing.png');
      writeFileSync(join(dir, 'cover.png'), 'other bytes');
      expect(mediaUrls(dir, files).urlOf('cover.png')).not.toBe('/_media/cover.d67e08ade6e8.png');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
