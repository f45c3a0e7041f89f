/**
 * A blog shaped like a real Astro site (test/fixtures/astro-site: astro.config.mjs with `site` and
 * `redirects`, src/consts.ts, `public/images/`, a hero image kept beside its post, raw-HTML figures,
 * a details block, embeds, an MDX Callout, links to missing pages), built with zero edits by the
 * build command and served by the Node server and by Vercel's Edge Runtime; its files and redirects
 * by Bun too.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownTwinPath } from '../src/core/paths.ts';
import { BUILD_TIME, FIXTURES } from './support/fixtures.ts';
import { callTool, listResources, mcpCall } from './support/mcp.ts';
import { completeProject, projectDeployment } from './support/project.ts';
import { BIN, ROOT, type RunningServer, startBun, startNode, startVercel } from './support/server.ts';

const ASTRO_SITE = resolve(FIXTURES, 'astro-site');
const CONTENT = resolve(ASTRO_SITE, 'src/content');
const PROJECT = resolve(ROOT, 'test/artifacts/astro-site');
const SITE = 'https://signal.example';
const POST = 'blog/en/2025-03-01_figures-and-embeds.md';
const MDX = 'blog/en/2025-03-05_callouts.mdx';
/** Where the MDX post's hero image, `./cover.png` beside it, is published: named by a hash of its bytes. */
const COVER = `/_media/blog/en/cover.${createHash('sha256')
  .update(readFileSync(resolve(CONTENT, 'blog/en/cover.png')))
  .digest('hex')
  .slice(0, 12)}.png`;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** The build command as a blog owner runs it: no BASE_URL, no site.yaml. */
function build(...args: string[]): Promise<Result> {
  const env = { ...process.env };
  delete env.BASE_URL;
  const content = args.includes('--content') ? [] : ['--content', CONTENT];
  const argv = ['src/bin/build.ts', ...content, '--now', BUILD_TIME.toISOString(), ...args];
  return new Promise((done) => {
    execFile(resolve(BIN, 'tsx'), argv, { cwd: ROOT, env, timeout: 180_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let built: Result;

beforeAll(async () => {
  rmSync(PROJECT, { recursive: true, force: true });
  built = await build('--out', projectDeployment(PROJECT));
  if (built.code !== 0) throw new Error(`the build failed: ${built.stderr}`);
  completeProject(PROJECT);
}, 240_000);

afterAll(() => process.env.KEEP || rmSync(PROJECT, { recursive: true, force: true }));

describe('the build of an Astro site with zero edits', () => {
  it('takes the address and redirects from astro.config.mjs, the name from src/lib/constances.ts, the author from the authors collection and the licence from package.json, and says so', () => {
    const lines = built.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^folio: built 3 posts, 1 series, 3 decks, 5 pages in en, es \(Astro layout\) from .+ for https:\/\/signal\.example into /,
    );
    expect(lines).toContain(
      'folio: inferred baseUrl https://signal.example (site in the Astro config), name "Signal & Noise" (SITE_TITLE in src/lib/constances.ts), languages en, es (the language folders), description (SITE_DESCRIPTION in src/lib/constances.ts), author "Ada Signal" (authors/ada.yaml), license CC-BY-4.0 (license in package.json)',
    );
    expect(built.stdout).not.toContain('no content licence stated');
    expect(lines).toContain(
      'folio: did not follow the redirect /posts/[slug] -> /blog/[slug]/ in astro.config.mjs: a dynamic route names no path (list its old paths in site.yaml redirects)',
    );
    for (const line of [
      'folio: did not follow the rule /blog/* /posts/:splat 301 of public/_redirects (line 6): a splat or placeholder names no path',
      'folio: did not follow the rule /app/* /index.html 200 of public/_redirects (line 7): a splat or placeholder names no path',
      "folio: served public/robots.txt in place of Folio's /robots.txt",
      "folio: served public/rss.xml in place of Folio's /rss.xml",
      "folio: kept Folio's /.well-known/api-catalog over public/.well-known/api-catalog: it describes the live API or MCP server",
    ])
      expect(lines).toContain(line);
    expect(lines).toContain(
      'folio: .mdx rendered as Markdown without import/export lines (1 file), JSX component blocks (1 file: Chart), {…} expressions (1 file)',
    );
  });

  it('lists each internal link and image that will not resolve, by file and line, as a warning', () => {
    const warnings = built.stdout.slice(built.stdout.indexOf('folio: 3 internal link(s)'));
    expect(warnings.split('\n')).toEqual([
      'folio: 3 internal link(s) and image(s) will not resolve (--strict refuses them):',
      `  ${POST}:40: link /blog/series/http-basics/ does not resolve to a page, file or redirect of this site`,
      `  ${POST}:43: image /images/missing.png does not resolve to a page, file or redirect of this site`,
      `  ${MDX}:28: link /slides/missing-talk/ does not resolve to a page, file or redirect of this site`,
      '',
    ]);
    // The hero images and /images/diagram.png are files of the site.
    expect(built.stdout).not.toMatch(/hero\.png|diagram\.png|cover\.png/);
  });

  it('names the file, line, field and value of a related entry that names nothing, as a warning', () => {
    expect(built.stdout.split('\n').filter((line) => line.includes('warning:'))).toEqual([
      'folio: warning: slides/en/2025-02-01_cache-talk.md:6: relatedPost "no-such-post" is not a published post in en (--strict refuses it)',
    ]);
  });

  it('refuses them with --strict, writing nothing: the related entry first, the links once it is mended', async () => {
    const out = resolve(PROJECT, 'strict-out');
    const strict = await build('--out', out, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      'has 1 problem(s):\n  slides/en/2025-02-01_cache-talk.md:6: relatedPost: expected a published post in en, received "no-such-post"',
    );
    const mended = resolve(PROJECT, 'mended');
    cpSync(ASTRO_SITE, mended, { recursive: true });
    const deck = resolve(mended, 'src/content/slides/en/2025-02-01_cache-talk.md');
    writeFileSync(deck, readFileSync(deck, 'utf8').replace('relatedPost: no-such-post\n', ''));
    const links = await build('--content', resolve(mended, 'src/content'), '--out', out, '--strict');
    expect(links.code).toBe(1);
    expect(links.stderr).toContain(
      `has 3 problem(s):\n  ${POST}:40: link /blog/series/http-basics/ does not resolve`,
    );
    expect(links.stderr).toContain(`  ${MDX}:28: link /slides/missing-talk/ does not resolve`);
    expect(existsSync(out)).toBe(false);
  });

  it('takes the name and description from the pages collection’s home page where no constant gives them, and says so', async () => {
    const site = resolve(PROJECT, 'no-constants');
    cpSync(ASTRO_SITE, site, { recursive: true });
    rmSync(resolve(site, 'src/lib/constances.ts'));
    const checked = await build('--content', resolve(site, 'src/content'), '--check');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain(
      'name "Signal & Noise" (title of pages/en/index.md), languages en, es (the language folders), description (description of pages/en/index.md), author "Ada Signal" (authors/ada.yaml)',
    );
  });

  it('fails a production build only when nothing states an address; a check goes on without one', async () => {
    const site = resolve(PROJECT, 'no-config');
    cpSync(CONTENT, resolve(site, 'src/content'), { recursive: true });
    // The content alone, without the site's public folder its hero images are in.
    writeFileSync(resolve(site, 'src/content/site.yaml'), 'name: Signal\nallowMissingHeroImages: true\n');
    const content = ['--content', resolve(site, 'src/content')];
    const production = await build(...content, '--out', resolve(site, 'out'));
    expect(production.code).toBe(1);
    expect(production.stderr).toBe(
      'folio: no public address: set BASE_URL or --base-url, baseUrl in site.yaml, or site in the Astro config (astro.config.mjs)\n',
    );
    expect((await build(...content, '--check')).code).toBe(0);
    const given = await build(
      ...content,
      '--out',
      resolve(site, 'out'),
      '--base-url',
      'https://given.example/',
    );
    expect(given.stdout).toContain(' for https://given.example into ');
  });
});

const viewer = new MarkdownIt({ html: true });

/**
 * Every address a Markdown text names: link and image destinations, reference definitions, and
 * `href`, `src`, `poster` and each `srcset` candidate of its HTML.
 */
function addresses(markdown: string): string[] {
  const written = [
    ...markdown.matchAll(/\]\(\s*<([^>\n]*)>|\]\(\s*([^\s)]+)|^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)/gm),
    ...markdown.matchAll(/\b(?:href|src|poster)="([^"]*)"/g),
  ].map((match) => match.slice(1).find((group) => group !== undefined) as string);
  const candidates = [...markdown.matchAll(/\bsrcset="([^"]*)"/g)].flatMap((match) =>
    (match[1] as string).split(',').map((candidate) => candidate.trim().split(/\s+/)[0] as string),
  );
  return [...written, ...candidates];
}

/** The addresses of a Markdown text that are not absolute URLs. */
const notAbsolute = (markdown: string) =>
  addresses(markdown).filter((address) => !/^[a-z][a-z0-9+.-]*:/i.test(address));

type Get = (path: string, headers?: Record<string, string>) => Promise<Response>;

/** The site's images: two of its public folder, one kept beside its post, and how long each is cached. */
const FILES = [
  ['/images/hero.png', 'public/images/hero.png', 'public, max-age=3600'],
  ['/images/diagram.png', 'public/images/diagram.png', 'public, max-age=3600'],
  [COVER, 'src/content/blog/en/cover.png', 'public, max-age=31536000, immutable'],
] as const;

async function expectServedFile(get: Get, path: string, file: string, caching: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toBe(caching);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.equals(readFileSync(resolve(ASTRO_SITE, file)))).toBe(true);
  const etag = response.headers.get('etag') as string;
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await get(path, { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
}

/** The pages of the pages collection: path, title and a piece of its body. */
const PAGES = [
  ['/about/', 'About', 'I am Ada Signal'],
  ['/contact/', 'Contact', 'Write to me by post, at the office.'],
  ['/es/about/', 'Acerca de', 'Soy Ada Signal.'],
] as const;

/** The owner's files of public/ served as written, even where Folio has a body of its own, by path and media type. */
const OWNER_FILES = [
  ['/.well-known/security.txt', 'text/plain; charset=utf-8'],
  ['/.well-known/atproto-did', 'application/octet-stream'],
  ['/robots.txt', 'text/plain; charset=utf-8'],
  ['/rss.xml', 'application/xml; charset=utf-8'],
] as const;

async function expectOwnerFile(get: Get, path: string, type: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toBe(type);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.equals(readFileSync(resolve(ASTRO_SITE, `public${path}`))), path).toBe(true);
}

/** Each redirect of the config, by an old path as a reader may ask for it: where to, and with which status. */
async function expectRedirects(get: Get) {
  for (const [from, to, status] of [
    ['/slides/cache-talk/', `${SITE}/talks/cache-talk/`, 301],
    ['/slides/cache-talk', `${SITE}/talks/cache-talk/`, 301],
    ['/blog/raw-html/?ref=feed', `${SITE}/blog/figures-and-embeds/?ref=feed`, 301],
    ['/blog/raw-html.md', `${SITE}/blog/figures-and-embeds.md`, 301],
    ['/latest/', `${SITE}/blog/callouts/`, 302],
    // public/_redirects, in Netlify's format.
    ['/old-feed', `${SITE}/rss.xml`, 301],
    ['/cv', `${SITE}/about/`, 302],
    ['/go/repo', 'https://github.com/signal/noise', 301],
    ['/talks/cache/', 'https://signal.example/talks/cache-talk/', 308],
  ] as const) {
    const response = await get(from);
    expect(response.status, from).toBe(status);
    expect(response.headers.get('location'), from).toBe(to);
  }
}

describe.each([
  { name: 'Node', start: startNode },
  { name: 'Vercel Edge Runtime', start: startVercel },
])('the Astro site served by $name', ({ start }) => {
  let server: RunningServer;
  const get: Get = (path, headers = {}) => fetch(server.url + path, { headers, redirect: 'manual' });

  beforeAll(async () => {
    server = await start({}, PROJECT);
  }, 90_000);
  afterAll(() => server?.stop());

  it('shows the raw HTML a post holds through the allow-list, and nothing hostile', async () => {
    const response = await get('/blog/figures-and-embeds/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<img src="/images/diagram.png" alt="A cache in front of an origin" width="640" />',
    );
    expect(html).toContain('<figcaption>A cache in front of an <em>origin</em>.</figcaption>');
    expect(html).toMatch(
      /<details>\s*<summary>Why revalidate\?<\/summary>\s*<p>Because a <strong>validator<\/strong>/,
    );
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain(
      'Press <kbd>Ctrl</kbd>+<kbd>R</kbd> to reload; x<sup>2</sup> and H<sub>2</sub>O stay.',
    );
    expect(html).not.toMatch(
      /evil\.example|onerror|onclick|javascript:|data:text|<script>alert|position:fixed/i,
    );
    expect(html).toContain('&lt;<span class="hljs-name">script</span>&gt;');
    expect(html).toMatch(/kept <span class="hljs-keyword">in<\/span> a code block/);
  });

  it('publishes a Callout’s prose and leaves MDX expressions and self-closing components out', async () => {
    const page = await (await get('/blog/callouts/')).text();
    const html = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
    expect(html).toContain("<p>A Callout's <strong>prose</strong> is published.</p>");
    expect(html).toContain('<li>even its lists</li>');
    expect(html).not.toMatch(/frontmatter|Chart|MDX comment|\{/);
  });

  it('gives twins with absolute links and images, raw HTML sanitized, code as written', async () => {
    const response = await get('/blog/figures-and-embeds.md');
    expect(response.status).toBe(200);
    const twin = await response.text();
    expect(twin).toContain(
      '<img src="https://signal.example/images/diagram.png" alt="A cache in front of an origin" width="640" />',
    );
    expect(twin).toContain('[the callout post](https://signal.example/blog/callouts/)');
    expect(twin).toContain('![A missing diagram](https://signal.example/images/missing.png)');
    expect(twin).toContain(
      '<details>\n<summary>Why revalidate?</summary>\n\nBecause a **validator** costs less than a body.\n\n</details>',
    );
    expect(twin).toContain('```html\n<script>kept in a code block</script>\n```');
    // The mutation-XSS title stays an attribute's escaped text (&lt;img … onerror=…&gt;), never a tag.
    const shown = viewer.render(twin);
    expect(shown).not.toMatch(/evil\.example|<img[^>]*onerror|onclick|javascript:|data:text|<script>alert/i);
    expect(shown).toContain('title="&lt;/noscript&gt;&lt;img src=x onerror=alert(\'mxss\')&gt;"');
    expect(notAbsolute(twin)).toEqual([]);
  });

  it('carries absolute URLs only in llms-full.txt', async () => {
    const text = await (await get('/llms-full.txt')).text();
    expect(text).toContain('[the figures](https://signal.example/blog/figures-and-embeds/)');
    expect(notAbsolute(text)).toEqual([]);
  });

  it('serves one llms-full.txt per language, the site and its author first, each linked from llms.txt with its size', async () => {
    const llms = await (await get('/llms.txt')).text();
    for (const [path, language, posts, slug, role, bio] of [
      ['/llms-full.txt', 'English', 2, 'figures-and-embeds', 'Web engineer', 'Writes about HTTP caching.'],
      ['/es/llms-full.txt', 'Spanish', 1, 'cabeceras', 'Ingeniera web', 'Escribe sobre cachés HTTP.'],
    ] as const) {
      const bytes = new Uint8Array(await (await get(path)).arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      expect(
        text.startsWith(
          `# Signal & Noise: every post in ${language} in full\n\n> Notes on HTTP, caching and the web platform.\n\nWritten by Ada Signal, ${role} (https://github.com/adasignal, https://social.example/@ada). ${bio} Site: ${SITE}/. Content licence: CC-BY-4.0, reuse with attribution.\n`,
        ),
      ).toBe(true);
      expect(text).toContain(`canonical: "${SITE}${path.startsWith('/es/') ? '/es' : ''}/blog/${slug}/"`);
      const size = `${bytes.byteLength.toLocaleString('en')} bytes, about 1,000 tokens, ${posts} posts in Markdown`;
      expect(llms).toContain(`- [Every post in ${language} in full](${SITE}${path}): ${size}`);
    }
    expect(await (await get('/es/llms-full.txt')).text()).not.toContain('/blog/callouts/');
  });

  it('gives MCP get_post the post’s twin, its hero image and every link absolute', async () => {
    const result = await callTool(server.url, 'get_post', { slug: 'figures-and-embeds', lang: 'en' });
    expect(result.isError).toBeUndefined();
    const { markdown } = result.structuredContent as { markdown: string };
    expect(markdown).toContain(`![](<${SITE}/images/hero.png>)`);
    expect(markdown).toContain(`[the callout post](${SITE}/blog/callouts/)`);
    expect(addresses(markdown).length).toBeGreaterThan(5);
    expect(notAbsolute(markdown)).toEqual([]);
  });

  it.each(FILES)(
    'serves %s, the bytes of %s, with its ETag and caching, and 304 for its ETag',
    (path, file, caching) => expectServedFile(get, path, file, caching),
  );

  it('shows each hero image on its page with its size, absolute in the API and in the twin', async () => {
    const page = await (await get('/blog/figures-and-embeds/')).text();
    expect(page).toContain('<img src="/images/hero.png" alt="" width="16" height="9"');
    const callouts = await (await get('/blog/callouts/')).text();
    expect(callouts).toContain(`<img src="${COVER}" alt="" width="12" height="6"`);
    const posts = (await (await get('/api/posts-en.json')).json()) as { slug: string; heroImage: string }[];
    expect(Object.fromEntries(posts.map((post) => [post.slug, post.heroImage]))).toEqual({
      'figures-and-embeds': `${SITE}/images/hero.png`,
      callouts: `${SITE}${COVER}`,
    });
    expect(await (await get('/blog/callouts.md')).text()).toContain(`![](<${SITE}${COVER}>)`);
  });

  /** The JSON-LD graph of a page, and the BlogPosting in it. */
  const graphOf = async (path: string) =>
    JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(
        await (await get(path)).text(),
      )?.[1] as string,
    )['@graph'] as Record<string, unknown>[];
  const blogPosting = async (path: string) =>
    (await graphOf(path)).find((node) => node['@type'] === 'BlogPosting') as Record<string, unknown>;

  it('names the blog, its author and its licence as the Astro site does, on every surface', async () => {
    const index = await (await get('/api/index.json')).json();
    expect(index.name).toBe('Signal & Noise API');
    expect(index.license).toMatchObject({ name: 'CC BY 4.0' });
    const page = await (await get('/')).text();
    expect(page).toContain('Signal &amp; Noise');
    expect(page).toContain('© Ada Signal');
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toMatch(/^# Signal & Noise\n\n> Notes on HTTP, caching and the web platform\.\n/);
    expect(llms).toContain(
      '\n\nWritten by Ada Signal, Web engineer (https://github.com/adasignal, https://social.example/@ada). Writes about HTTP caching.\n\n',
    );
    expect(await (await get('/auth.md')).text()).toContain(
      '# Access policy: Signal & Noise\n\nEverything here is public, anonymous and read-only. The content is written by Ada Signal.',
    );
    const card = await (await get('/.well-known/mcp/server-card.json')).json();
    expect(card).toMatchObject({ title: 'Signal & Noise MCP server' });
    expect(card.description).toContain('by Ada Signal');
    const initialized = await mcpCall<{ instructions: string; serverInfo: { title?: string } }>(
      server.url,
      'initialize',
      { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    );
    expect(initialized.instructions).toContain('Signal & Noise');
    expect(initialized.instructions).not.toContain('127.0.0.1');
    expect(await (await get('/blog/figures-and-embeds.md')).text()).toContain('\nauthor: "Ada Signal"\n');
    const ada = {
      '@type': 'Person',
      name: 'Ada Signal',
      sameAs: ['https://github.com/adasignal', 'https://social.example/@ada'],
      image: `${SITE}/images/hero.png`,
    };
    const posting = await blogPosting('/blog/figures-and-embeds/');
    const inEnglish = { ...ada, jobTitle: 'Web engineer', description: 'Writes about HTTP caching.' };
    expect(posting.author).toEqual(inEnglish);
    expect(posting.publisher).toEqual(inEnglish);
    expect((await blogPosting('/es/blog/cabeceras/')).author).toEqual({
      ...ada,
      jobTitle: 'Ingeniera web',
      description: 'Escribe sobre cachés HTTP.',
    });
    const home = (await graphOf('/')).find((node) => node['@type'] === 'WebSite');
    expect(home?.publisher).toEqual(inEnglish);
    expect(await (await get('/es/llms-full.txt')).text()).toContain(
      '\n\nWritten by Ada Signal, Ingeniera web (https://github.com/adasignal, https://social.example/@ada). Escribe sobre cachés HTTP. Site:',
    );
  });

  it('names the author of the authors collection a post’s own author field picks, on its page, JSON-LD, twin and feed', async () => {
    expect(await (await get('/blog/callouts.md')).text()).toContain('\nauthor: "Ben Noise"\n');
    const posting = await blogPosting('/blog/callouts/');
    expect(posting.author).toEqual({
      '@type': 'Person',
      name: 'Ben Noise',
      sameAs: ['https://github.com/bennoise'],
      image: 'https://avatars.example/ben.png',
      jobTitle: 'Guest writer',
      description: 'Writes about MDX.',
    });
    expect(posting.publisher).toMatchObject({ name: 'Ada Signal' });
    // The site's own public/rss.xml is served at /rss.xml; a tag's feed is Folio's.
    expect(await (await get('/tags/mdx/rss.xml')).text()).toContain('<dc:creator>Ben Noise</dc:creator>');
    expect(await (await get('/tags/html/rss.xml')).text()).toContain('<dc:creator>Ada Signal</dc:creator>');
  });

  it('answers the redirects of astro.config.mjs with the status they state and Location, with or without the slash, twins too', async () => {
    await expectRedirects(get);
    const head = await fetch(`${server.url}/slides/cache-talk/`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(301);
    expect((await get('/talks/cache-talk/')).status).toBe(200);
    expect((await get('/blog/series/http-basics/')).status).toBe(404);
  });

  it('leaves the redirect of a dynamic route alone', async () => {
    expect((await get('/posts/callouts/')).status).toBe(404);
  });

  it.each(PAGES)(
    'publishes the page %s (%s) of the pages collection, with its twin',
    async (path, title, text) => {
      const page = await get(path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(text);
      const twin = await get(markdownTwinPath(path));
      expect(twin.status).toBe(200);
      const markdown = await twin.text();
      expect(markdown).toContain(`title: ${JSON.stringify(title)}\n`);
      expect(markdown).toContain(`canonical: "${SITE}${path}"`);
      expect(markdown).toContain(`\n# ${title}\n`);
      expect(markdown).toContain(text);
    },
  );

  it('opens each home page with the intro of its pages collection, in its twin too', async () => {
    expect(await (await get('/')).text()).toContain('<p>Welcome. I write about <strong>caches</strong>');
    expect(await (await get('/index.md')).text()).toContain('Welcome. I write about **caches**');
    expect(await (await get('/es/')).text()).toContain(
      '<p>Bienvenida. Escribo sobre <strong>cachés</strong>',
    );
    expect((await get('/index/')).status).toBe(404);
  });

  it('lists every page in the sitemaps, llms.txt and the MCP resources', async () => {
    const sitemaps = await Promise.all(
      ['/sitemap-en-1.xml', '/sitemap-es-1.xml'].map(async (path) => (await get(path)).text()),
    );
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toContain(`## Pages in English\n\n- [About](${SITE}/about.md): Who writes Signal & Noise.`);
    expect(llms).toContain(`## Páginas en español\n\n- [Acerca de](${SITE}/es/about.md)`);
    const resources = (await listResources(server.url)).map((resource) => resource.uri);
    for (const [path] of PAGES) {
      expect(sitemaps.join('')).toContain(`<loc>${SITE}${path}</loc>`);
      expect(resources).toContain(SITE + markdownTwinPath(path));
    }
  });

  it('gives an external deck a page and a twin: its event, date, provider, link out and related post', async () => {
    const html = await (await get('/talks/validators-at-scale/')).text();
    expect(html).toContain('<a href="https://httpdays.example/2025/">HTTP Days 2025</a>');
    expect(html).toContain('<a href="https://speakerdeck.com/ada/validators-at-scale">Speaker Deck</a>');
    expect(html).toContain('Related post: <a href="/blog/figures-and-embeds/">Figures and embeds</a>');
    expect(html).toContain('<li>21 March 2025</li>');
    const twin = await (await get('/talks/validators-at-scale.md')).text();
    expect(twin).toContain('updated: "2025-04-02T00:00:00.000Z"');
    expect(twin).toContain('slides: "https://speakerdeck.com/ada/validators-at-scale"');
    expect(twin).toContain('[HTTP Days 2025](https://httpdays.example/2025/)');
    expect(twin).toContain(`Related post: [Figures and embeds](${SITE}/blog/figures-and-embeds/)`);
    const es = await (await get('/es/talks/validadores/')).text();
    expect(es).toContain('Artículo relacionado: <a href="/es/blog/cabeceras/">Cabeceras de caché</a>');
    expect((await get('/es/talks/validadores.md')).status).toBe(200);
    expect(await (await get('/talks/')).text()).toContain('href="/talks/validators-at-scale/"');
  });

  it('carries every deck’s page, external address, event page, update and related post in its record', async () => {
    const { decks } = await (await get('/api/slides-timeline/en.json')).json();
    expect(decks).toEqual([
      expect.objectContaining({
        slug: 'validators-at-scale',
        type: 'external',
        url: 'https://speakerdeck.com/ada/validators-at-scale',
        externalUrl: 'https://speakerdeck.com/ada/validators-at-scale',
        eventUrl: 'https://httpdays.example/2025/',
        pageUrl: `${SITE}/talks/validators-at-scale/`,
        updatedDate: '2025-04-02T00:00:00.000Z',
        relatedPost: `${SITE}/blog/figures-and-embeds/`,
        relatedPosts: [`${SITE}/blog/figures-and-embeds/`],
        relatedSlides: [],
      }),
      expect.objectContaining({
        slug: 'cache-talk',
        type: 'native',
        externalUrl: null,
        eventUrl: null,
        pageUrl: `${SITE}/talks/cache-talk/`,
        updatedDate: null,
        relatedPost: null,
        relatedPosts: [],
        relatedSlides: [`${SITE}/talks/validators-at-scale/`],
      }),
    ]);
  });

  it('carries the posts and decks each post names in its records, empty where it names none', async () => {
    const related = (posts: Record<string, unknown>[]) =>
      Object.fromEntries(posts.map((post) => [post.slug, [post.relatedPosts, post.relatedSlides]]));
    const expected = {
      'figures-and-embeds': [[`${SITE}/blog/callouts/`], [`${SITE}/talks/validators-at-scale/`]],
      callouts: [[`${SITE}/blog/figures-and-embeds/`], []],
    };
    expect(related(await (await get('/api/posts-en.json')).json())).toEqual(expected);
    expect(related((await (await get('/api/timeline/en/html.json')).json()).posts)).toEqual({
      'figures-and-embeds': expected['figures-and-embeds'],
    });
    expect(related((await (await get('/api/series/en/http-basics.json')).json()).posts)).toEqual(expected);
    expect(related(await (await get('/api/posts-es.json')).json())).toEqual({
      cabeceras: [[], [`${SITE}/es/talks/validadores/`]],
    });
  });

  it('links the posts and decks a post or deck names on its page and in its twin', async () => {
    const page = await (await get('/blog/figures-and-embeds/')).text();
    expect(page).toContain('Related post: <a href="/blog/callouts/">Callouts</a>');
    expect(page).toContain('Related talk: <a href="/talks/validators-at-scale/">Validators at scale</a>');
    const twin = await (await get('/blog/figures-and-embeds.md')).text();
    expect(twin).toContain(`Related post: [Callouts](${SITE}/blog/callouts/)`);
    expect(twin).toContain(`Related talk: [Validators at scale](${SITE}/talks/validators-at-scale/)`);
    expect(await (await get('/es/blog/cabeceras/')).text()).toContain(
      'Charla relacionada: <a href="/es/talks/validadores/">',
    );
    const deck = await (await get('/talks/cache-talk/')).text();
    expect(deck).toContain('Related talk: <a href="/talks/validators-at-scale/">Validators at scale</a>');
    expect(deck).not.toContain('Related post:');
    expect(await (await get('/talks/cache-talk.md')).text()).toContain(
      `Related talk: [Validators at scale](${SITE}/talks/validators-at-scale/)`,
    );
    expect(await (await get('/blog/callouts/')).text()).not.toContain('Related talk:');
  });

  it('lists every deck, native or external, in the sitemaps and the MCP resources', async () => {
    const sitemaps = (
      await Promise.all(
        ['/sitemap-en-1.xml', '/sitemap-es-1.xml'].map(async (path) => (await get(path)).text()),
      )
    ).join('');
    const resources = (await listResources(server.url)).map((resource) => resource.uri);
    for (const path of ['/talks/cache-talk/', '/talks/validators-at-scale/', '/es/talks/validadores/']) {
      expect(sitemaps).toContain(`<loc>${SITE}${path}</loc>`);
      expect(resources).toContain(SITE + markdownTwinPath(path));
    }
  });

  it('carries each post’s place in its series in its records, null outside one', async () => {
    const posts = (await (await get('/api/posts.json')).json()) as Record<string, unknown>[];
    const place = (slug: string) => {
      const { series, seriesOrder, seriesCurrent, seriesTotal, seriesTitle } = posts.find(
        (post) => post.slug === slug,
      ) as Record<string, unknown>;
      return { series, seriesOrder, seriesCurrent, seriesTotal, seriesTitle };
    };
    expect(place('callouts')).toEqual({
      series: 'http-basics',
      seriesOrder: 2,
      seriesCurrent: 2,
      seriesTotal: 2,
      seriesTitle: 'HTTP basics',
    });
    expect(place('cabeceras')).toEqual({
      series: null,
      seriesOrder: null,
      seriesCurrent: null,
      seriesTotal: null,
      seriesTitle: null,
    });
    const timeline = await (await get('/api/timeline/en/html.json')).json();
    expect(timeline.posts[0]).toMatchObject({ slug: 'figures-and-embeds', seriesCurrent: 1, seriesTotal: 2 });
  });

  it('describes the new fields in the OpenAPI document’s schemas', async () => {
    const openapi = JSON.stringify(await (await get('/openapi.json')).json());
    for (const field of [
      'seriesCurrent',
      'seriesTotal',
      'seriesTitle',
      'eventUrl',
      'externalUrl',
      'pageUrl',
      'relatedPost',
    ])
      expect(openapi, field).toContain(`"${field}":{`);
  });

  it('declares the related posts and decks of posts, chapters and decks in the OpenAPI schemas, as lists of URLs every record carries', async () => {
    const { schemas } = (await (await get('/openapi.json')).json()).components;
    for (const name of ['Post', 'TimelinePost', 'SeriesChapter', 'Deck'])
      for (const field of ['relatedPosts', 'relatedSlides']) {
        expect(schemas[name].required, `${name}.${field}`).toContain(field);
        expect(schemas[name].properties[field], `${name}.${field}`).toMatchObject({
          type: 'array',
          items: { type: 'string', format: 'uri' },
        });
      }
  });

  it('puts a post’s keywords in its meta keywords and JSON-LD, with its word count, and finds the post by them', async () => {
    const html = await (await get('/blog/figures-and-embeds/')).text();
    expect(html).toContain('<meta name="keywords" content="html, figure, iframe">');
    const [graph] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] as string)['@graph'] as Record<string, unknown>[],
    );
    const posting = graph?.find((node) => node['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ keywords: 'html, figure, iframe' });
    expect(posting?.wordCount).toBeGreaterThan(40);
    const search = await (await get('/api/search.json?q=admonition')).json();
    expect(search.results.map((result: { slug: string }) => result.slug)).toEqual(['callouts']);
  });

  it('describes a talk’s event in the deck page’s JSON-LD', async () => {
    const html = await (await get('/talks/validators-at-scale/')).text();
    const graph = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] as string,
    )['@graph'] as Record<string, unknown>[];
    expect(graph.find((node) => node['@type'] === 'Event')).toMatchObject({
      name: 'HTTP Days 2025',
      startDate: '2025-03-21T00:00:00.000Z',
      url: 'https://httpdays.example/2025/',
      workPerformed: { name: 'Validators at scale', url: `${SITE}/talks/validators-at-scale/` },
    });
  });

  it.each(OWNER_FILES)('serves the owner’s %s byte for byte as %s', (path, type) =>
    expectOwnerFile(get, path, type),
  );

  it('keeps its own API catalog over the owner’s, and publishes no _redirects', async () => {
    const catalog = await (await get('/.well-known/api-catalog')).json();
    expect(JSON.stringify(catalog)).toContain(`${SITE}/openapi.json`);
    expect(JSON.stringify(catalog)).not.toContain('an-old-api');
    expect((await get('/_redirects')).status).toBe(404);
  });

  it('answers /sitemap-index.xml, the name the owner’s robots.txt gives, with the sitemap index', async () => {
    const astro = await get('/sitemap-index.xml');
    expect(astro.status).toBe(200);
    expect(astro.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await astro.text();
    expect(text).toContain('<sitemapindex');
    expect(text).toBe(await (await get('/sitemap.xml')).text());
  });
});

describe('the Astro site’s files and redirects served by Bun', () => {
  let server: RunningServer;
  const get: Get = (path, headers = {}) => fetch(server.url + path, { headers, redirect: 'manual' });

  beforeAll(async () => {
    server = await startBun({}, PROJECT);
  }, 90_000);
  afterAll(() => server?.stop());

  it.each(FILES)(
    'serves %s, the bytes of %s, with its ETag and caching, and 304 for its ETag',
    (path, file, caching) => expectServedFile(get, path, file, caching),
  );

  it('answers the redirects of astro.config.mjs with the status they state and Location', () =>
    expectRedirects(get));
});
