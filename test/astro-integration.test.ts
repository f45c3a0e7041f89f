/**
 * Folio's Astro integration on a real Astro site (test/fixtures/astro-integration), Folio
 * installed from its tarball and Astro from the test runtimes, as a site owner has them. After
 * `astro build`, served by `folio serve` and by the function the integration wrote for each
 * platform in its runtime (workerd, Deno as Netlify runs it, Vercel's Edge Runtime; with Astro 6,
 * Node): every page Astro wrote is served with its exact bytes and answers Markdown, the owner's
 * files answer as written, the redirects 301, and the API and MCP pass the black-box check.
 * `astro dev` answers the API, MCP and twins from memory while its pages stay Astro's. What Folio
 * cannot build beside is refused in one line and fails the command.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ASTRO_FIXTURE,
  type AstroPackage,
  type AstroRuntime,
  astroBuild,
  astroDev,
  astroProject,
  editProjectFile,
  keepWhatAstroWrote,
  serveBuiltSite,
} from './support/astro-project.ts';
import { expectConformance, runConformance } from './support/conformance.ts';
import { callTool, mcpCall } from './support/mcp.ts';
import { type InstalledFolio, installPackedFolio } from './support/packed-folio.ts';
import { freePort, type RunningServer } from './support/server.ts';

let installed: InstalledFolio;

beforeAll(() => {
  installed = installPackedFolio();
}, 300_000);

const get = (url: string, accept: string) => fetch(url, { headers: { accept } });

/** The HTML files under `folder`, by the path each is served at (`blog/x/index.html` at `/blog/x/`). */
function pagesIn(folder: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    pages.set(`/${relative(folder, file)}`.replace(/index\.html$/, ''), file);
  }
  return pages;
}

/** The page Astro writes for a redirect of its config, which Folio answers with a 301 instead. */
const REDIRECTED = '/notes/first-light/';

describe.each<[AstroPackage, AstroRuntime]>([
  ['astro', 'folio serve'],
  ['astro', 'cloudflare'],
  ['astro', 'netlify'],
  ['astro', 'vercel'],
  ['astro-6', 'node'],
])('%s build with the integration, served on %s', (astro, runtime) => {
  let project: string;
  let wrote: Map<string, string>;
  let server: RunningServer;
  let built: string;

  beforeAll(async () => {
    project = astroProject(installed, astro);
    // The fixture's integration writes the Cloudflare Worker; the other platforms' are asked for here.
    if (runtime !== 'folio serve' && runtime !== 'cloudflare')
      editProjectFile(project, 'astro.config.mjs', "platform: 'cloudflare'", `platform: '${runtime}'`);
    const captured = keepWhatAstroWrote(project);
    const port = await freePort();
    const { code, output } = await astroBuild(project, { BASE_URL: `http://127.0.0.1:${port}` });
    built = output;
    expect(code, output).toBe(0);
    wrote = pagesIn(captured);
    server = await serveBuiltSite(project, runtime, port);
  }, 300_000);

  afterAll(async () => server?.stop());

  it("reports through Astro's logger what it built", () => {
    expect(built).toMatch(
      /\[folio\] built the API, MCP, twins and feeds of 3 posts for http:\/\/127\.0\.0\.1:\d+ into /,
    );
    const platform = runtime === 'folio serve' ? 'cloudflare' : runtime;
    expect(built).toContain(`[folio] wrote the ${platform} function`);
  });

  it('serves every page Astro wrote with its exact bytes', async () => {
    expect([...wrote.keys()].sort()).toEqual(
      [
        '/',
        '/about/',
        '/blog/first-light/',
        '/blog/soil-moisture/',
        '/es/',
        '/es/about/',
        '/es/blog/primera-luz/',
        '/instruments/',
        REDIRECTED,
      ].sort(),
    );
    for (const [path, file] of wrote) {
      if (path === REDIRECTED) continue;
      const page = await get(server.url + path, 'text/html');
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(Buffer.from(await page.arrayBuffer()).equals(readFileSync(file)), path).toBe(true);
    }
  });

  it('answers every page in Markdown to Accept: text/markdown', async () => {
    for (const path of wrote.keys()) {
      if (path === REDIRECTED) continue;
      const twin = await get(server.url + path, 'text/markdown');
      expect(twin.status, path).toBe(200);
      expect(twin.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect((await twin.text()).length, path).toBeGreaterThan(0);
    }
    expect(await (await get(`${server.url}/instruments/`, 'text/markdown')).text()).toContain(
      'two **soil probes**',
    );
    expect(await (await get(`${server.url}/es/about/`, 'text/markdown')).text()).toContain(
      'Lin Field cuida el laboratorio',
    );
  });

  it("answers the owner's files as written", async () => {
    for (const file of ['robots.txt', '.well-known/security.txt']) {
      const answer = await get(`${server.url}/${file}`, '*/*');
      expect(answer.status, file).toBe(200);
      expect(await answer.text(), file).toBe(readFileSync(join(ASTRO_FIXTURE, 'public', file), 'utf8'));
    }
  });

  it("answers the config's redirects and _redirects with 301", async () => {
    for (const [from, to] of [
      [REDIRECTED, '/blog/first-light/'],
      ['/old-about', '/about/'],
    ] as const) {
      const answer = await fetch(server.url + from, { redirect: 'manual' });
      expect(answer.status, from).toBe(301);
      expect(new URL(answer.headers.get('location') ?? '', server.url).pathname, from).toBe(to);
    }
  });

  // Last: the check spends the client's whole quota.
  it.runIf(runConformance)(
    'passes the black-box check on the API and MCP',
    async () => {
      await expectConformance(server.url);
    },
    180_000,
  );
});

describe('astro dev with the integration', () => {
  let project: string;
  let dev: RunningServer;

  beforeAll(async () => {
    project = astroProject(installed, 'astro');
    dev = await astroDev(project);
  }, 120_000);

  afterAll(async () => dev?.stop());

  it("answers the API from the site's content collections", async () => {
    const index = await get(`${dev.url}/api/index.json`, 'application/json');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await index.json()).toMatchObject({ name: 'Field Lab API' });
    const posts = (await (await get(`${dev.url}/api/posts-es.json`, 'application/json')).json()) as {
      slug: string;
    }[];
    expect(posts.map((post) => post.slug)).toEqual(['primera-luz']);
  });

  it('answers MCP', async () => {
    const initialized = await mcpCall<{ serverInfo: { name: string } }>(dev.url, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(initialized.serverInfo.name).toBe('folio');
    const found = await callTool(dev.url, 'search_blog_posts', { query: 'rain' });
    expect(JSON.stringify(found.structuredContent)).toContain('soil-moisture');
  });

  it("answers a post's twin, while its page is Astro's", async () => {
    const twin = await get(`${dev.url}/blog/first-light/`, 'text/markdown');
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await twin.text()).toContain('# First light');
    const page = await get(`${dev.url}/blog/first-light/`, 'text/html');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<main data-astro-page');
    expect(html).toContain('/@vite/client');
  });

  it('leaves a page Folio has no twin of to Astro, even asked for Markdown', async () => {
    const page = await get(`${dev.url}/instruments/`, 'text/markdown');
    const html = await page.text();
    expect(html).toContain('<main data-astro-page');
    expect(html).toContain('soil probes</strong>');
  });

  it('keeps the API fresh as a post is edited', async () => {
    const file = join(project, 'src/content/blog/en/2025-04-20_soil-moisture.md');
    // The integration says when its build of the edited content is in place.
    const rebuilds = () => dev.output().split('the API, MCP and twins rebuilt in').length - 1;
    const before = rebuilds();
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Soil moisture', 'title: Wet soil'));
    const title = async () => {
      const posts = (await (await get(`${dev.url}/api/posts-en.json`, 'application/json')).json()) as {
        slug: string;
        title: string;
      }[];
      return posts.find((post) => post.slug === 'soil-moisture')?.title;
    };
    await vi.waitFor(() => expect(rebuilds()).toBeGreaterThan(before), { timeout: 30_000, interval: 50 });
    expect(await title()).toBe('Wet soil');
  });
});

describe('the integration refuses in one line', () => {
  it.each([
    [
      'a content problem',
      'src/content/blog/en/2025-04-20_soil-moisture.md',
      'title: Soil moisture\n',
      '',
      'folio: the content in',
    ],
    [
      'a link that will not resolve',
      'src/content/blog/en/2025-04-20_soil-moisture.md',
      'After the rain',
      'After [the storm](/blog/storm/) and the rain',
      'en/2025-04-20_soil-moisture.md:10: link /blog/storm/ does not resolve to a page, file or redirect of this site',
    ],
  ])(
    '%s',
    async (_case, file, text, by, line) => {
      const project = astroProject(installed, 'astro');
      editProjectFile(project, file, text, by);
      const { code, output } = await astroBuild(project);
      expect(code).not.toBe(0);
      expect(output).toContain(line);
      expect(output).toContain('Folio stopped: folio: the content in');
    },
    120_000,
  );

  it.each([
    [
      'output other than static',
      "output: 'static'",
      "output: 'server'",
      'Folio builds beside static output, and the Astro config sets output to "server": set output to "static"',
    ],
    [
      'a platform it has no function for',
      "folio({ platform: 'cloudflare' })",
      "folio({ platform: 'deno' })",
      'folio({ platform }) expects node, netlify, vercel, cloudflare, received "deno"',
    ],
  ])(
    '%s',
    async (_case, text, by, line) => {
      const project = astroProject(installed, 'astro');
      editProjectFile(project, 'astro.config.mjs', text, by);
      const { code, output } = await astroBuild(project);
      expect(code).not.toBe(0);
      expect(output).toContain(`[folio] ${line}`);
      expect(output).not.toMatch(/at .*src\/astro\//);
    },
    120_000,
  );
});
