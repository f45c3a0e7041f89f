/**
 * llms.txt by progressive disclosure: the root file and every index it links to are llms.txt
 * documents (the format's rules, as the reference parser reads them: an H1, a blockquote, then
 * sections that are lists of `- [name](url): notes` links), each under 50,000 characters at any
 * blog size, and every post can be reached from the root. The Markdown sitemap follows the same
 * rules: one file while every page fits in it, numbered parts per language past that.
 * llms-full.txt, one per language, is cut into parts under 2 MB, each linked with its size, each
 * opening with the site and its author, and every post is in exactly one part of its language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContent } from '../src/build/content/compile.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { emitIntoMemory } from '../src/build/dev/memory-deployment.ts';
import { llmsItem } from '../src/build/site/llms-indexes.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { generateCorpus } from '../tools/corpus.ts';
import { BUILD_TIME, deployed, servedData } from './support/data.ts';

const BASE = 'https://llms.example';
const MAX_CHARS = 50_000;

interface LlmsLink {
  name: string;
  url: string;
  notes: string | null;
}

/** A document by the llms.txt format's rules; throws naming the first line that breaks them. */
function parseLlmsTxt(text: string): { title: string; summary: string; sections: Map<string, LlmsLink[]> } {
  const lines = text.split('\n');
  const title = /^# (.+)$/.exec(lines[0] ?? '')?.[1];
  if (title === undefined) throw new Error(`line 1 is not an H1: ${lines[0]}`);
  let at = 1;
  while (lines[at] === '') at++;
  const summary = /^> (.+)$/.exec(lines[at] ?? '')?.[1];
  if (summary === undefined) throw new Error(`line ${at + 1} is not the blockquote summary: ${lines[at]}`);
  const sections = new Map<string, LlmsLink[]>();
  let section: LlmsLink[] | null = null;
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const heading = /^## (.+)$/.exec(line)?.[1];
    if (heading !== undefined) {
      section = [];
      sections.set(heading, section);
      continue;
    }
    if (section === null) continue; // Free text between the summary and the first section.
    const link = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.*))?$/.exec(line);
    if (!link) throw new Error(`line ${i + 1}, in a section, is not a list item of a link: ${line}`);
    section.push({ name: link[1] as string, url: link[2] as string, notes: link[3] ?? null });
  }
  for (const [heading, links] of sections)
    if (links.length === 0) throw new Error(`the section ${heading} lists no link`);
  return { title, summary, sections };
}

const get = (handler: Handler, url: string) =>
  handler.fetch(new Request(url), { clientAddress: '192.0.2.1' });

/** Where a crawl starts, which links it follows, and the type every file it reads is served with. */
interface Disclosure {
  root: string;
  follows: (url: string) => boolean;
  type: string;
}

const LLMS_TXT: Disclosure = {
  root: `${BASE}/llms.txt`,
  follows: (url) => url.startsWith(`${BASE}/llms/`),
  type: 'text/plain; charset=utf-8',
};
const SITEMAP_MD: Disclosure = {
  root: `${BASE}/sitemap.md`,
  follows: (url) => /^https:\/\/llms\.example\/sitemap-[a-z-]+-\d+\.md$/.test(url),
  type: 'text/markdown; charset=utf-8',
};

/** The root and every index it leads to, each fetched, checked and parsed. */
async function crawl(handler: Handler, { root, follows, type }: Disclosure) {
  const queue = [root];
  const seen = new Set<string>();
  const reached = new Set<string>();
  const sizes = new Map<string, number>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await get(handler, url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toBe(type);
    const text = await response.text();
    sizes.set(url, text.length);
    const { sections } = parseLlmsTxt(text);
    for (const link of [...sections.values()].flat()) {
      reached.add(link.url);
      if (follows(link.url)) queue.push(link.url);
    }
  }
  return { sizes, reached };
}

const twinUrl = (post: { path: string }) => `${BASE}${post.path.replace(/\/$/, '')}.md`;

const PART_BYTES = 2_000_000;
/** `- [Every post in English in full, part 1 of 3](url): 1,998,211 bytes, about 500,000 tokens, 812 posts in Markdown` */
const FULL_NOTES = /^([\d,]+) bytes, about ([\d,]+) tokens, ([\d,]+) posts in Markdown$/;
const count = (figure: string) => Number(figure.replaceAll(',', ''));

/** The llms-full.txt parts a document links, with the sizes its notes state. */
function fullParts(text: string) {
  return [...parseLlmsTxt(text).sections.values()]
    .flat()
    .filter((link) => /\/llms-full(-\d+)?\.txt$/.test(link.url))
    .map((link) => {
      const notes = FULL_NOTES.exec(link.notes ?? '');
      if (!notes) throw new Error(`${link.url} is linked without its size: ${link.notes}`);
      return {
        name: link.name,
        url: link.url,
        bytes: count(notes[1] as string),
        tokens: count(notes[2] as string),
        posts: count(notes[3] as string),
      };
    });
}

const BLOGS = [
  ['the served blog', () => servedData(), 'whole'],
  [
    'a blog of 10,000 posts',
    async () => compileContent(generateCorpus({ posts: 10_000 }), { now: BUILD_TIME }).data as SiteData,
    'in parts',
  ],
] as const;

describe.each(BLOGS)('llms.txt of %s', (_, load, corpus) => {
  let data: SiteData;
  let handler: Handler;
  beforeAll(async () => {
    data = await load();
    handler = createHandler(await deployed(data, BASE));
  }, 300_000);

  it('and every index it links are llms.txt documents under 50,000 characters that reach every post', async () => {
    const { sizes, reached } = await crawl(handler, LLMS_TXT);
    expect(sizes.size).toBeGreaterThan(data.site.languages.length);
    for (const [url, size] of sizes) expect(size, url).toBeLessThan(MAX_CHARS);
    const unreached = data.posts.map(twinUrl).filter((url) => !reached.has(url));
    expect(unreached).toEqual([]);
  }, 300_000);

  it('links each language’s llms-full.txt parts with their sizes; each part opens with the site and its author, stays under 2 MB, and every post is in exactly one', async () => {
    const root = fullParts(await (await get(handler, `${BASE}/llms.txt`)).text());
    const [first] = data.site.languages;
    expect(root[0]?.url).toBe(`${BASE}/llms-full.txt`);
    const partsIn = new Map(
      data.site.languages.map((lang) => [
        lang,
        root.filter(({ url }) =>
          url.startsWith(lang === first ? `${BASE}/llms-full` : `${BASE}/${lang}/llms-full`),
        ),
      ]),
    );
    expect([...partsIn.values()].flat()).toEqual(root);
    expect(root.length > data.site.languages.length ? 'in parts' : 'whole').toBe(corpus);
    const inParts = new Map<string, number>();
    for (const lang of data.site.languages) {
      const parts = partsIn.get(lang) ?? [];
      // The language's own index links the same parts.
      expect(fullParts(await (await get(handler, `${BASE}/llms/${lang}.txt`)).text())).toEqual(parts);
      for (const [i, part] of parts.entries()) {
        const response = await get(handler, part.url);
        expect(response.status, part.url).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        const bytes = new Uint8Array(await response.arrayBuffer());
        const text = new TextDecoder().decode(bytes);
        expect(bytes.byteLength, part.url).toBe(part.bytes);
        expect(bytes.byteLength, part.url).toBeLessThanOrEqual(PART_BYTES);
        expect(part.tokens).toBe(Math.max(1, Math.round(part.bytes / 4000)) * 1000);
        expect(text.split('\n').slice(0, 5).join('\n')).toBe(
          `# ${data.site.name}: every post in ${new Intl.DisplayNames('en', { type: 'language' }).of(lang)} in full${i === 0 ? '' : `, part ${i + 1}`}\n\n> ${data.site.description}\n\nWritten by ${data.site.author.name}${data.site.author.sameAs.length ? ` (${data.site.author.sameAs.join(', ')})` : ''}. Site: ${BASE}/.${data.site.license ? ` Content licence: ${data.site.license}, reuse with attribution.` : ''}`,
        );
        const next = parts[i + 1];
        if (next) expect(text.endsWith(`Continued in part ${i + 2}: ${next.url}\n`), part.url).toBe(true);
        const canonicals = [...text.matchAll(/^canonical: "([^"]+)"$/gm)].map((m) => m[1] as string);
        expect(canonicals.length, part.url).toBe(part.posts);
        for (const canonical of canonicals) inParts.set(canonical, (inParts.get(canonical) ?? 0) + 1);
      }
    }
    const everyPost = data.posts.map((post) => `${BASE}${post.path}`);
    expect(everyPost.filter((url) => inParts.get(url) !== 1)).toEqual([]);
    expect(inParts.size).toBe(everyPost.length);
  }, 300_000);
});

describe.each(BLOGS)('sitemap.md of %s', (name, load) => {
  it('and every part it links are llms.txt documents under 50,000 characters that reach every post and series', async () => {
    const data = await load();
    const handler = createHandler(await deployed(data, BASE));
    const { sizes, reached } = await crawl(handler, SITEMAP_MD);
    // One file while every page fits in it; parts of each language once they do not.
    if (name === 'the served blog') expect([...sizes.keys()]).toEqual([SITEMAP_MD.root]);
    else expect(sizes.size).toBeGreaterThan(2 * data.site.languages.length);
    for (const [url, size] of sizes) expect(size, url).toBeLessThan(MAX_CHARS);
    const unreached = [...data.posts, ...data.series].map(twinUrl).filter((url) => !reached.has(url));
    expect(unreached).toEqual([]);
  }, 300_000);
});

describe('llms-full.txt beside an owner’s own', () => {
  it('serves the owner’s file at its path, links it without a size, and writes the other languages’ corpus', async () => {
    const data = await servedData();
    const own = new TextEncoder().encode('# My own corpus\n');
    const deployment = await emitIntoMemory(data, {
      baseUrl: BASE,
      policy: { quota: 300, windowSeconds: 60 },
      staticFiles: [
        {
          path: '/llms-full.txt',
          chunks: async function* () {
            yield own;
          },
        },
      ],
    });
    const handler = createHandler(deployment);
    expect(await (await get(handler, `${BASE}/llms-full.txt`)).text()).toBe('# My own corpus\n');
    const links = [...parseLlmsTxt(await (await get(handler, `${BASE}/llms.txt`)).text()).sections.values()]
      .flat()
      .filter((link) => link.url.includes('/llms-full'));
    expect(links.map(({ url, notes }) => [url, notes?.replace(/\d[\d,]*/g, 'N')])).toEqual([
      [`${BASE}/llms-full.txt`, "the site's own file"],
      [`${BASE}/es/llms-full.txt`, 'N bytes, about N tokens, N posts in Markdown'],
    ]);
    expect(await (await get(handler, `${BASE}/es/llms-full.txt`)).text()).toMatch(
      /^# .+: every post in Spanish in full\n/,
    );
  });
});

describe('the format check', () => {
  it.each([
    ['no H1', 'Title\n\n> Summary\n'],
    ['no summary', '# Title\n\n## Section\n\n- [a](https://x.example/a)\n'],
    ['prose in a section', '# Title\n\n> Summary\n\n## Section\n\nSome words.\n'],
    ['a code item', '# Title\n\n> Summary\n\n## Section\n\n* `/blog/{slug}.md` (Post): a template\n'],
    ['an empty section', '# Title\n\n> Summary\n\n## Section\n\n## Other\n\n- [a](https://x.example/a)\n'],
  ])('refuses %s', (_, text) => {
    expect(() => parseLlmsTxt(text)).toThrow();
  });

  it('escapes the brackets of a title, so that the link text ends where the link does', () => {
    const item = llmsItem({ title: 'Arrays [and] \\ slashes', path: '/blog/a/', description: 'x' }, BASE);
    expect(item).toBe(`- [Arrays \\[and\\] \\\\ slashes](${BASE}/blog/a.md): x`);
  });

  it('reads a document of link lists', () => {
    const { sections } = parseLlmsTxt(
      '# T\n\n> S\n\nFree text.\n\n## A\n\n- [a](https://x.example/a): notes\n- [b](https://x.example/b)\n',
    );
    expect(sections.get('A')).toEqual([
      { name: 'a', url: 'https://x.example/a', notes: 'notes' },
      { name: 'b', url: 'https://x.example/b', notes: null },
    ]);
  });
});
