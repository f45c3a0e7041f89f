/**
 * Folio's Astro integration on a real Astro site (test/fixtures/astro-integration), Folio
 * installed from its tarball and Astro from the test runtimes, as a site owner has them: `astro
 * dev` answers the API, MCP and twins from memory while its pages stay Astro's, and the config is
 * refused in one line where Folio cannot build beside it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, astroDev, astroProject, editProjectFile } from './support/astro-project.ts';
import { callTool, mcpCall } from './support/mcp.ts';
import { type InstalledFolio, installPackedFolio } from './support/packed-folio.ts';
import type { RunningServer } from './support/server.ts';

let installed: InstalledFolio;

beforeAll(() => {
  installed = installPackedFolio();
}, 300_000);

const get = (url: string, accept: string) => fetch(url, { headers: { accept } });

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
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Soil moisture', 'title: Wet soil'));
    const title = async () => {
      const posts = (await (await get(`${dev.url}/api/posts-en.json`, 'application/json')).json()) as {
        slug: string;
        title: string;
      }[];
      return posts.find((post) => post.slug === 'soil-moisture')?.title;
    };
    const deadline = Date.now() + 20_000;
    while ((await title()) !== 'Wet soil' && Date.now() < deadline)
      await new Promise((shown) => setTimeout(shown, 200));
    expect(await title()).toBe('Wet soil');
  });
});

describe('the integration refuses in one line', () => {
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
