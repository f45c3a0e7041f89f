/**
 * A blog in one language that is neither English nor Spanish, served by the Node server and by
 * workerd (Cloudflare's runtime): French, whose interface text is built in, and German, whose
 * site.yaml gives some strings in a `ui:` block and leaves the rest to English, which the build
 * summary lists. Dates are in the page's language; the CLI reads the blog in its own language.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIME, FIXTURES } from './support/fixtures.ts';
import { completeProject, projectDeployment } from './support/project.ts';
import { BIN, ROOT, type RunningServer, startCloudflare, startNode } from './support/server.ts';

/** Inside the repository, where the runtimes may read. */
const projectOf = (blog: string) => resolve(ROOT, 'test/artifacts', `languages-${blog}`);
const builds: Record<string, string> = {};

function build(blog: string): string {
  const project = projectOf(blog);
  rmSync(project, { recursive: true, force: true });
  const run = spawnSync(
    resolve(BIN, 'tsx'),
    [
      'src/bin/build.ts',
      '--content',
      resolve(FIXTURES, blog),
      '--out',
      projectDeployment(project),
      '--now',
      BUILD_TIME.toISOString(),
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BASE_URL: '' } },
  );
  if (run.status !== 0) throw new Error(run.stdout + run.stderr);
  completeProject(project);
  return run.stdout;
}

beforeAll(() => {
  for (const blog of ['fr-blog', 'de-blog']) builds[blog] = build(blog);
}, 180_000);

afterAll(() => {
  if (!process.env.KEEP)
    for (const blog of ['fr-blog', 'de-blog']) rmSync(projectOf(blog), { recursive: true, force: true });
});

describe('the build summary', () => {
  it('lists once each string the German ui: block leaves to English, and nothing for French', () => {
    const lines = builds['de-blog']?.split('\n').filter((line) => line.includes('falls back')) ?? [];
    expect(lines).toHaveLength(1);
    const listed = (lines[0] as string).split(': ').at(-1)?.split(', ') ?? [];
    expect(listed).toContain('developers');
    expect(listed).toContain('notFound');
    expect(listed).toContain('portalAuthentication');
    expect(listed).toContain('mcpTools');
    for (const given of ['blog', 'published', 'portalQuickstart', 'endpointPostsIn', 'apiAndAgents'])
      expect(listed).not.toContain(given);
    expect(new Set(listed).size).toBe(listed.length);
    expect(lines[0]).toMatch(
      new RegExp(`^folio: interface text in de falls back to English for ${listed.length} strings`),
    );
    expect(builds['fr-blog']).not.toContain('falls back');
  });
});

const RUNTIMES = [
  { name: 'Node', start: startNode },
  { name: 'Cloudflare Worker on workerd (Miniflare)', start: startCloudflare },
];

describe.each(RUNTIMES)('$name', ({ start }) => {
  const servers: Record<string, RunningServer> = {};
  const pools: Record<string, Pool> = {};

  beforeAll(async () => {
    for (const blog of ['fr-blog', 'de-blog']) {
      servers[blog] = await start({}, projectOf(blog));
      pools[blog] = new Pool((servers[blog] as RunningServer).url, { connections: 1 });
    }
  }, 120_000);

  afterAll(async () => {
    for (const pool of Object.values(pools)) await pool.close();
    for (const server of Object.values(servers)) await server.stop();
  });

  async function text(blog: string, path: string) {
    const response = await (pools[blog] as Pool).request({
      path,
      method: 'GET',
      headers: { accept: 'text/html' },
    });
    return { status: response.statusCode, body: await response.body.text() };
  }

  it('French: pages, dates and the 404 page are French, <html lang> and hreflang say fr', async () => {
    const post = await text('fr-blog', '/blog/premier-article/');
    expect(post.status).toBe(200);
    expect(post.body).toContain('<html lang="fr">');
    expect(post.body).toContain('hreflang="fr"');
    expect(post.body).toContain('Publié le 14 mars 2025 · Mis à jour le 2 août 2025');
    // No decks, so no Talks link: the navigation names only pages that exist.
    expect(post.body).toContain('<a href="/tags/">Étiquettes</a><a href="/developers">Développeurs</a>');
    expect(post.body).not.toContain('href="/talks/"');
    expect(post.body).toContain('Aller au contenu');
    const home = await text('fr-blog', '/');
    expect(home.body).toContain('Derniers articles');
    expect(home.body).not.toContain('Latest posts');
    const missing = await text('fr-blog', '/nulle-part/');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page introuvable');
    const twin = await text('fr-blog', '/blog/premier-article.md');
    expect(twin.body).toContain('Étiquettes');
    const llms = await text('fr-blog', '/llms.txt');
    expect(llms.body).toContain('## Articles en français');
    expect(llms.body).toContain('## Outils MCP');
    expect(llms.body).not.toContain('## MCP tools');
  });

  it('French: the portal names the blog’s own language, not English and Spanish', async () => {
    const portal = await text('fr-blog', '/developers');
    expect(portal.status).toBe(200);
    expect(portal.body).not.toContain('en or es');
    expect(portal.body).not.toContain('en|es');
    expect(portal.body).toContain('--lang fr');
    expect(portal.body).toContain('Démarrage rapide');
    expect(portal.body).toContain('lang vaut fr');
    expect(portal.body).toContain('folio posts --lang fr');
    expect(portal.body).toContain('Tous les articles publiés en français, du plus récent au plus ancien.');
  });

  it('German: the given strings, German dates, English for the rest', async () => {
    const post = await text('de-blog', '/blog/erster-beitrag/');
    expect(post.body).toContain('<html lang="de">');
    expect(post.body).toContain('Veröffentlicht am 9. Mai 2025');
    // The given home string names the navigation; no decks, so no Talks link.
    expect(post.body).toContain('<nav aria-label="Startseite">');
    expect(post.body).not.toContain('href="/talks/"');
    expect(post.body).toContain('<a href="/developers">Developers</a>');
    expect(post.body).toContain('Skip to content');
    const home = await text('de-blog', '/');
    expect(home.body).toContain('Neueste Beiträge');
    const llms = await text('de-blog', '/llms.txt');
    expect(llms.body).toContain('## Beiträge auf Deutsch');
    expect(llms.body).toContain('## API und Agenten');
    expect(llms.body).toContain('## MCP tools');
  });

  it('German: the portal in the strings the ui: block gives, English for the rest', async () => {
    const portal = await text('de-blog', '/developers');
    expect(portal.status).toBe(200);
    expect(portal.body).toContain('<html lang="de">');
    expect(portal.body).toContain('Schnellstart');
    expect(portal.body).toContain('Alle veröffentlichten Beiträge auf Deutsch, die neuesten zuerst.');
    expect(portal.body).toContain('Authentication');
    // An English string names the language as the API's English does.
    expect(portal.body).toContain('Its tools (all read-only; lang is de)');
  });
});

describe('the CLI on a French blog', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startNode({}, projectOf('fr-blog'));
  }, 60_000);

  afterAll(() => server?.stop());

  const folio = (...args: string[]) =>
    spawnSync(process.execPath, [resolve(ROOT, 'cli/bin/folio.js'), ...args, '--base-url', server.url], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FOLIO_BASE_URL: '' },
    });

  it('reads the blog in its own language, with --lang fr or without --lang', () => {
    for (const run of [folio('posts', '--lang', 'fr'), folio('posts')]) {
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('1 post in French');
      expect(run.stdout).toContain('Premier article');
    }
  });

  it('searches the blog in its own language without --lang', () => {
    const run = folio('search', 'cache');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('in French');
    expect(run.stdout).toContain('Premier article');
  });

  it('names the blog’s languages when --lang is one it is not written in', () => {
    const run = folio('posts', '--lang', 'de');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `folio: the blog at ${server.url} is not written in 'de'; it is in fr\nhint: Use --lang fr.\n`,
    );
  });
});
