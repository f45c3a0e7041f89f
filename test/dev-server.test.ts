/**
 * `npm run dev` on a generated 200-post blog, as a real child process over a real socket: an
 * edited post shows in the API, its page, its Markdown twin and MCP search; an unrelated page keeps
 * its ETag; a save written in pieces shows whole; a broken post leaves the API answering and the pages showing the problem, and fixing it
 * recovers without a restart.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_HEADER } from '../src/build/dev/server.ts';
import { writeCorpus } from '../tools/corpus.ts';
import { FIXTURES } from './support/data.ts';
import { callTool } from './support/mcp.ts';
import { BIN, ROOT, type RunningServer, startProcess } from './support/server.ts';

/** The newest English post of the generated corpus, and the page of the oldest, which the edit does not touch. */
let EDITED: { file: string; slug: string };
let UNRELATED: string;
/** Edits in a row, each of which must show: a watcher that sees only the first change fails. */
const EDITS = 3;
/**
 * How long a change may take to show at all: a missed change, not a slow one, fails this (how fast
 * an edit shows is the benchmark's to measure).
 */
const SHOWN_WITHIN_MS = 20_000;

let corpus: string;
let server: RunningServer;

beforeAll(async () => {
  corpus = await mkdtemp(join(tmpdir(), 'folio-dev-'));
  await writeCorpus(corpus, { posts: 200 });
  // Dated file names: the oldest first.
  const english = (await readdir(join(corpus, 'blog/en'))).sort();
  const slugOf = (name: string) => name.slice('YYYY-MM-DD_'.length, -'.md'.length);
  EDITED = { file: `blog/en/${english.at(-1)}`, slug: slugOf(english.at(-1)!) };
  UNRELATED = `/blog/${slugOf(english[0]!)}/`;
  // The polling below would exhaust the default quota.
  server = await startProcess(
    resolve(BIN, 'tsx'),
    ['src/bin/dev.ts'],
    { FOLIO_CONTENT: corpus, FOLIO_RATE_LIMIT_QUOTA: '65535' },
    120_000,
  );
}, 180_000);

afterAll(async () => server?.stop());

const get = (path: string, accept = 'text/html') => fetch(server.url + path, { headers: { accept } });

/** The edited post's title in the API (it is the newest, so the first of a one-post page). */
async function apiTitle(): Promise<string | undefined> {
  const posts = (await (await get('/api/posts-en.json?limit=1', 'application/json')).json()) as {
    slug: string;
    title: string;
  }[];
  return posts.find((post) => post.slug === EDITED.slug)?.title;
}

async function searchTitles(query: string): Promise<string[]> {
  const { structuredContent } = await callTool(server.url, 'search_blog_posts', { query, lang: 'en' });
  return (structuredContent.results as { title: string }[]).map((result) => result.title);
}

/** Polls until `check` holds, giving up `ms` after `since` (a performance.now() time). */
async function within(ms: number, check: () => Promise<boolean>, since = performance.now()): Promise<void> {
  while (performance.now() - since < ms) {
    if (await check()) return;
    await new Promise((wait) => setTimeout(wait, 20));
  }
  throw new Error(`not within ${ms} ms; the server printed:\n${server.output()}`);
}

describe('npm run dev', () => {
  it('shows each edit of a post everywhere and leaves unrelated bodies alone', {
    timeout: 120_000,
  }, async () => {
    const unrelatedEtag = (await get(UNRELATED)).headers.get('etag');
    expect(unrelatedEtag).toBeTruthy();
    const path = join(corpus, EDITED.file);
    const original = await readFile(path, 'utf8');
    for (let edit = 1; edit <= EDITS; edit++) {
      const title = `Quokka Zeppelin Notes ${edit}`;
      const written = performance.now();
      await writeFile(path, original.replace(/^title: .*$/m, `title: "${title}"`));
      const shown = (check: () => Promise<boolean>) => within(SHOWN_WITHIN_MS, check, written);
      await shown(async () => (await apiTitle()) === title);
      await shown(async () => (await (await get(`/blog/${EDITED.slug}/`)).text()).includes(title));
      await shown(async () =>
        (await (await get(`/blog/${EDITED.slug}.md`, 'text/markdown')).text()).includes(title),
      );
      await shown(async () => (await searchTitles('quokka zeppelin')).join() === title);
    }
    expect(await (await get(`/blog/${EDITED.slug}/`)).text()).toContain('/_folio-dev/events');
    expect((await get(UNRELATED)).headers.get('etag')).toBe(unrelatedEtag);
  });

  it('shows a save written in pieces once it is whole', { timeout: 120_000 }, async () => {
    const path = join(corpus, EDITED.file);
    const saved = (await readFile(path, 'utf8')).replace(/^title: .*$/m, 'title: "Written In Pieces"');
    const half = saved.length >> 1;
    // As an editor saves: truncate, then write the text in two pieces, each a change event of its own.
    const file = await open(path, 'w');
    await file.write(saved.slice(0, half));
    await file.write(saved.slice(half));
    await file.close();
    await within(SHOWN_WITHIN_MS, async () => (await apiTitle()) === 'Written In Pieces');
    expect((await get(`/blog/${EDITED.slug}/`)).status).toBe(200);
    expect(server.output()).not.toContain('received a file that starts with ""');
  });

  it('keeps the API answering while a post is broken, shows the problem on pages, and recovers', {
    timeout: 120_000,
  }, async () => {
    const path = join(corpus, EDITED.file);
    const good = await readFile(path, 'utf8');
    const titleBefore = await apiTitle();
    await writeFile(path, good.replace(/^pubDate: .*$/m, 'pubDate: soon'));
    await within(SHOWN_WITHIN_MS, async () => (await get('/')).status === 500);
    const problem = await (await get(`/blog/${EDITED.slug}/`)).text();
    expect(problem).toContain(`${EDITED.file}: pubDate: expected a date`);
    expect(await apiTitle()).toBe(titleBefore);
    expect(server.output()).toContain(`  ${EDITED.file}: pubDate: expected a date`);
    await writeFile(path, good);
    await within(SHOWN_WITHIN_MS, async () => (await get('/')).status === 200);
    expect((await get(`/blog/${EDITED.slug}/`)).status).toBe(200);
  });

  it('sees the content folder, and a folder in it, deleted and copied back, and serves the next save', {
    timeout: 180_000,
  }, async () => {
    const backup = await mkdtemp(join(tmpdir(), 'folio-dev-copy-'));
    await cp(corpus, backup, { recursive: true });
    const page = `/blog/${EDITED.slug}/`;
    const saved = async (title: string) => {
      const path = join(corpus, EDITED.file);
      await writeFile(path, (await readFile(path, 'utf8')).replace(/^title: .*$/m, `title: "${title}"`));
      await within(SHOWN_WITHIN_MS, async () => (await apiTitle()) === title);
      expect(await (await get(page)).text()).toContain(title);
    };
    try {
      await rm(corpus, { recursive: true });
      await within(SHOWN_WITHIN_MS, async () => (await get('/')).status === 500);
      expect(await (await get(page)).text()).toContain('The content has problems');
      // The last good build still answers where no page is asked for, and says that it is stale.
      const stale = await get('/api/posts-en.json?limit=1', 'application/json');
      expect(stale.status).toBe(200);
      expect(stale.headers.get(STALE_HEADER)).toBe('1 content problem(s); answered from the last good build');
      expect((await get(page, 'text/markdown')).headers.get(STALE_HEADER)).toBeTruthy();
      await cp(backup, corpus, { recursive: true });
      await within(SHOWN_WITHIN_MS, async () => (await get('/')).status === 200);
      expect(
        (await get('/api/posts-en.json?limit=1', 'application/json')).headers.get(STALE_HEADER),
      ).toBeNull();
      await saved('Folder Copied Back');

      const english = join(corpus, 'blog/en');
      await rm(english, { recursive: true });
      await within(SHOWN_WITHIN_MS, async () => (await get(page)).status !== 200);
      await cp(join(backup, 'blog/en'), english, { recursive: true });
      await within(SHOWN_WITHIN_MS, async () => (await get(page)).status === 200);
      await saved('Posts Copied Back');
    } finally {
      await rm(backup, { recursive: true, force: true });
    }
  });

  it('refuses a port in use in one line with exit code 1', { timeout: 60_000 }, async () => {
    const port = new URL(server.url).port;
    const result = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(
        resolve(BIN, 'tsx'),
        ['src/bin/dev.ts', '--content', resolve(FIXTURES, 'mini')],
        { cwd: ROOT, env: { ...process.env, PORT: port } },
        (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(result).toEqual({ code: 1, stderr: `folio dev: cannot listen on port ${port} (EADDRINUSE)\n` });
  });
});
