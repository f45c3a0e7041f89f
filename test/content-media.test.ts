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
import { mediaUrls } from '../src/build/read/media-urls.ts';

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

function compile(heroImage: string, options: Partial<CompileOptions>) {
  const files = new Map([
    ['site.yaml', SITE],
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
