/**
 * Folio beside a built site (`folio build --site DIR`): a folder of hand-written HTML pages and a
 * content folder, built into the site's own folder (`--out` the same), then served on Node and in
 * workerd. Every page answers with its exact bytes, validator, 304 and compression; the owner's
 * files as written; its `_redirects` and `_headers` apply outside /api/ and /mcp; Folio's API and
 * MCP pass the black-box check; every page answers Markdown; a post's URL is its page in the site;
 * and the summary names each collision and the post with no page. Bad input is one line.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConformance, runConformance } from './support/conformance.ts';
import { BUILD_TIME, FIXTURES } from './support/fixtures.ts';
import { completeProject, projectDeployment } from './support/project.ts';
import { BIN, ROOT, type RunningServer, startCloudflare, startNode } from './support/server.ts';

const FIXTURE = resolve(FIXTURES, 'beside');
const CONTENT = resolve(FIXTURE, 'content');
const SITE = resolve(FIXTURE, 'site');
const BASE = 'https://beside.example';
/** Inside the repository, where the runtimes may read. */
const PROJECT = resolve(ROOT, 'test/artifacts/beside');

function build(...args: string[]) {
  const run = spawnSync(
    resolve(BIN, 'tsx'),
    ['src/bin/build.ts', '--now', BUILD_TIME.toISOString(), ...args],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BASE_URL: '' } },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every file below `dir`, by its path relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The site's HTML pages, each with the path it is served at. */
const PAGES = filesOf(SITE)
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({
    file,
    path: `/${file}`.replace(/index\.html$/, '').replace(/\.html$/, ''),
  }));

let built: ReturnType<typeof build>;

beforeAll(() => {
  rmSync(PROJECT, { recursive: true, force: true });
  // Built as an integration after the site's own build does it: the site's folder is the output.
  const out = projectDeployment(PROJECT);
  cpSync(SITE, out, { recursive: true });
  built = build('--content', CONTENT, '--site', out, '--out', out);
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  completeProject(PROJECT);
}, 180_000);

afterAll(() => process.env.KEEP || rmSync(PROJECT, { recursive: true, force: true }));

describe('the build beside a site', () => {
  it('names each collision, whose file won, each rule it does not follow and the post the site has no page for', () => {
    const lines = built.stdout.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        "folio: served public/llms.txt in place of Folio's /llms.txt",
        "folio: served public/robots.txt in place of Folio's /robots.txt",
        "folio: served public/sitemap.xml in place of Folio's /sitemap.xml",
        "folio: kept Folio's /api/posts.json over public/api/posts.json: /api/ and /mcp are answered by Folio",
        "folio: kept Folio's /openapi.json over public/openapi.json: it describes the live API or MCP server",
        'folio: did not follow the rule /api/old /api/posts.json 301 of public/_redirects (line 4): /api/ and /mcp are answered by Folio',
        'folio: did not follow the rule /blog/* /posts/:splat 301 of public/_redirects (line 5): a splat or placeholder names no path',
        'folio: did not follow the rule Content-Type: text/plain of public/_headers (line 8): Folio sets content-type to describe the body it sends',
        'folio: did not follow the rule /api/* of public/_headers (line 9): /api/ and /mcp answer with the headers of the API contract',
        "folio: no page for the post en/2025-03-01_unpublished in the site at /posts/unpublished/: served Folio's own at /blog/unpublished/ (permalink in site.yaml says where posts are)",
      ]),
    );
    expect(built.stderr).not.toMatch(/error|warning/i);
  });

  it('finds the posts by site.yaml permalink when it names one, and gives Folio the paths folioServes names', () => {
    const content = mkdtempSync(join(tmpdir(), 'beside-content-'));
    try {
      cpSync(CONTENT, content, { recursive: true });
      writeFileSync(
        join(content, 'site.yaml'),
        `${readFileSync(join(CONTENT, 'site.yaml'), 'utf8')}permalink: /writing/{slug}/\nfolioServes: [/llms.txt]\n`,
      );
      const checked = build('--content', content, '--site', SITE, '--check');
      expect(checked.status).toBe(0);
      expect(checked.stdout).toContain(
        "folio: kept Folio's /llms.txt over site/llms.txt: folioServes in site.yaml names it",
      );
      expect(checked.stdout).toContain(
        "folio: no page for the post en/2025-01-10_hello in the site at /writing/hello/: served Folio's own at /blog/hello/ (permalink in site.yaml says where posts are)",
      );
      expect(checked.stdout).toContain(
        "folio: no page for the post es/2025-01-10_hola in the site at /es/writing/hola/: served Folio's own at /es/blog/hola/ (permalink in site.yaml says where posts are)",
      );
    } finally {
      rmSync(content, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'a folder that is not there',
      () => resolve(ROOT, 'test/artifacts/no-such-site'),
      /--site .*no-such-site: no such folder/,
    ],
    ['a file', () => resolve(SITE, 'index.html'), /--site .*index\.html: not a folder/],
  ])('refuses %s in one line', (_, site, message) => {
    const refused = build('--content', CONTENT, '--site', site(), '--check');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  });

  it("builds again into the folder it built into once the site's generator wrote its pages there again, never reading its own bodies as the site's", () => {
    const dir = mkdtempSync(join(tmpdir(), 'beside-again-'));
    const dist = join(dir, 'dist');
    try {
      cpSync(SITE, dist, { recursive: true });
      expect(build('--content', CONTENT, '--site', dist, '--out', dist).status).toBe(0);
      // A generator that writes over its output (the deployment the link names) without emptying it first.
      cpSync(SITE, realpathSync(dist), { recursive: true });
      const again = build('--content', CONTENT, '--site', dist, '--out', dist);
      expect(again.status, again.stderr).toBe(0);
      expect(existsSync(join(dist, '_folio/_folio'))).toBe(false);
      expect(
        readFileSync(join(dist, '_folio/index.html')).equals(readFileSync(join(SITE, 'index.html'))),
      ).toBe(true);
      // Once the site's pages are gone, the folder is only Folio's deployment: refused in one line.
      const bare = build('--content', CONTENT, '--site', dist, '--check');
      expect(bare.status).toBe(1);
      expect(bare.stderr).toMatch(
        /a deployment Folio wrote, without the site's pages: build the site into it again first\n$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --site to the dev server in one line', () => {
    const dev = spawnSync(resolve(BIN, 'tsx'), ['src/bin/dev.ts', '--content', CONTENT, '--site', SITE], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(dev.status).toBe(2);
    expect(dev.stderr).toBe(
      'folio dev: --site is an option of the build: the dev server serves the content alone (--help lists the options)\n',
    );
  });

  it('refuses a line of _headers that is not of the format, naming it, and leaves the site as it was', () => {
    const site = mkdtempSync(join(tmpdir(), 'beside-site-'));
    try {
      cpSync(SITE, site, { recursive: true });
      writeFileSync(join(site, '_headers'), '/*\n  X-Frame-Options DENY\n');
      const before = filesOf(site);
      const refused = build('--content', CONTENT, '--site', site, '--out', site);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /_headers:2: expected a header line such as " {2}X-Frame-Options: DENY", received "X-Frame-Options DENY"$/,
        ),
      ]);
      expect(filesOf(site)).toEqual(before);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});

const RUNTIMES = [
  { name: 'Node', start: startNode },
  { name: 'Cloudflare Worker on workerd (Miniflare)', start: startCloudflare },
];
/** From this size a page is always sent compressed to a client that accepts it (workerd compresses smaller ones too). */
const WORTH_COMPRESSING = 1024;

describe.each(RUNTIMES)('$name', ({ start }) => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    server = await start({}, PROJECT);
    // From an address of its own: the conformance check spends 127.0.0.1's quota.
    pool = new Pool(server.url, { connections: 2, localAddress: '127.0.0.5' });
  }, 90_000);

  afterAll(async () => {
    await pool?.close();
    await server?.stop();
  });

  async function send(path: string, headers: Record<string, string> = {}) {
    const response = await pool.request({ path, method: 'GET', headers });
    const body = Buffer.from(await response.body.arrayBuffer());
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    return { status: response.statusCode, header, body, text: body.toString('utf8') };
  }

  it.each(PAGES)(
    'serves $file at $path with its exact bytes, its validator, 304 and gzip',
    async ({ file, path }) => {
      const bytes = readFileSync(resolve(SITE, file));
      const page = await send(path, { 'accept-encoding': 'identity' });
      expect(page.status).toBe(200);
      expect(page.header('content-type')).toBe('text/html; charset=utf-8');
      expect(page.body.equals(bytes)).toBe(true);
      expect(page.header('link')).toContain('; rel="alternate"; type="text/markdown"');
      expect(page.header('vary')).toContain('Accept');
      const etag = page.header('etag') as string;
      const again = await send(path, { 'if-none-match': etag, 'accept-encoding': 'identity' });
      expect(again.status).toBe(304);
      const zipped = await send(path, { 'accept-encoding': 'gzip' });
      const coding = zipped.header('content-encoding');
      if (bytes.length >= WORTH_COMPRESSING) expect(coding).toBe('gzip');
      expect((coding === 'gzip' ? gunzipSync(zipped.body) : zipped.body).equals(bytes)).toBe(true);
    },
  );

  it.each(['robots.txt', '.well-known/security.txt', 'llms.txt', 'sitemap.xml', 'styles/site.css'])(
    "serves the owner's %s as written",
    async (file) => {
      const served = await send(`/${file}`, { 'accept-encoding': 'identity' });
      expect(served.status).toBe(200);
      expect(served.body.equals(readFileSync(resolve(SITE, file)))).toBe(true);
    },
  );

  it.each([
    ['/old-hello', 301, `${BASE}/posts/hello/`],
    ['/former-about', 301, `${BASE}/about/`],
  ])('answers the _redirects rule of %s with %i', async (path, status, location) => {
    const moved = await send(path);
    expect(moved.status).toBe(status);
    expect(moved.header('location')).toBe(location);
  });

  it('applies _headers to the paths they match, never to /api/, and keeps the type Folio sends', async () => {
    const home = await send('/');
    expect(home.header('x-frame-options')).toBe('DENY');
    expect(home.header('cache-control')).toBe('public, max-age=3600');
    const about = await send('/about/');
    expect(about.header('cache-control')).toBe('public, max-age=60');
    const css = await send('/styles/site.css');
    expect(css.header('x-styles')).toBe('yes');
    expect(css.header('content-type')).toBe('text/css; charset=utf-8');
    const api = await send('/api/posts.json');
    expect(api.header('x-nope')).toBeUndefined();
    expect(api.header('x-frame-options')).toBeUndefined();
  });

  it("answers the owner's colliding /api/ file and OpenAPI copy with Folio's", async () => {
    const posts = await send('/api/posts.json');
    expect(posts.header('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(posts.text)).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'hello' })]),
    );
    const openapi = JSON.parse((await send('/openapi.json')).text);
    expect(openapi.openapi).toMatch(/^3\./);
  });

  it("points a post's url, the feeds and the sitemaps at its page in the site", async () => {
    const urlOf = async (path: string, slug: string) =>
      (JSON.parse((await send(path)).text) as { slug: string; url: string }[]).find(
        (post) => post.slug === slug,
      )?.url;
    expect(await urlOf('/api/posts.json', 'hello')).toBe(`${BASE}/posts/hello/`);
    expect(await urlOf('/api/posts-es.json', 'hola')).toBe(`${BASE}/es/posts/hola/`);
    expect(await urlOf('/api/posts.json', 'unpublished')).toBe(`${BASE}/blog/unpublished/`);
    expect((await send('/blog/unpublished/', { accept: 'text/markdown' })).text).toContain(
      'Nowhere in the site.',
    );
    expect((await send('/rss.xml')).text).toContain(`<link>${BASE}/posts/hello/</link>`);
    const sitemap = (await send('/sitemap-en-1.xml')).text;
    for (const path of ['/', '/about/', '/contact', '/resume/', '/posts/hello/', '/posts/second/'])
      expect(sitemap).toContain(`<loc>${BASE}${path}</loc>`);
    expect(sitemap).not.toContain('/blog/');
  });

  it.each(PAGES)('answers Markdown for $path to Accept: text/markdown', async ({ path }) => {
    const twin = await send(path, { accept: 'text/markdown' });
    expect(twin.status).toBe(200);
    expect(twin.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(twin.text.trim()).not.toBe('');
  });

  it("takes each twin from the post's or the page's source, keeps the site's own, and converts the rest", async () => {
    const markdown = async (path: string) => (await send(path, { accept: 'text/markdown' })).text;
    expect(await markdown('/posts/hello/')).toContain('Hello from the **source** of the first post.');
    expect(await markdown('/es/posts/hola/')).toContain('Hola desde la fuente.');
    expect(await markdown('/about/')).toContain("The about page's **source** in the content folder.");
    expect(await markdown('/resume/')).toBe(readFileSync(resolve(SITE, 'resume.md'), 'utf8'));
    const contact = await markdown('/contact');
    expect(contact).toContain('## Write to me\n\nBy letter only.');
    expect(contact).toContain(`canonical: "${BASE}/contact"`);
    expect(contact).not.toContain('kept out of the twin');
    const home = await markdown('/');
    expect(home).toContain("The owner's _own_ home page, with [a post](/posts/hello/).");
    expect(home).not.toContain('Written by hand.');
    expect(await markdown('/es/')).toContain('language: "es"');
    expect((await send('/contact.md')).text).toBe(contact);
  });

  it("answers every MCP resource it lists at the templates' URIs, the twins of series and tags among them", async () => {
    const rpc = async (id: number, method: string, params: object = {}) => {
      const response = await pool.request({
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      return (await response.body.json()) as { result?: Record<string, unknown>; error?: unknown };
    };
    const listed = (await rpc(1, 'resources/list')).result?.resources as { uri: string }[];
    expect(listed.map(({ uri }) => new URL(uri).pathname)).toEqual(
      expect.arrayContaining(['/blog/hello.md', '/series/basics.md', '/tags/http.md', '/es/blog/hola.md']),
    );
    const templates = (await rpc(0, 'resources/templates/list')).result?.resourceTemplates as {
      uriTemplate: string;
    }[];
    expect(templates.map(({ uriTemplate }) => uriTemplate)).toContain(`${BASE}/blog/{slug}.md`);
    expect(templates.map(({ uriTemplate }) => uriTemplate)).toContain(`${BASE}/{page}.md`);
    expect(listed.map(({ uri }) => uri)).toContain(`${BASE}/about.md`);
    for (const [i, { uri }] of listed.entries()) {
      const answer = await rpc(i + 2, 'resources/read', { uri });
      expect(answer.error, uri).toBeUndefined();
      expect((answer.result?.contents as { text: string }[] | undefined)?.[0]?.text).not.toBe('');
    }
    // The post's resource is its twin, the same as at its page's twin URL.
    const hello = await rpc(99, 'resources/read', { uri: `${BASE}/blog/hello.md` });
    expect((hello.result?.contents as { text: string }[] | undefined)?.[0]?.text).toBe(
      (await send('/posts/hello.md')).text,
    );
  });

  // Last: the check spends the quota of its client's address.
  it.runIf(runConformance)(
    'passes the black-box check on its API and MCP server',
    async () => {
      await expectConformance(server.url);
    },
    180_000,
  );
});
