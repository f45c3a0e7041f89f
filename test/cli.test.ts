/**
 * The `folio` CLI against the real Node server, on the Node running the tests and on Node 18.0.0
 * (the oldest the CLI supports, installed with the test runtimes). On each Node, cli/bin/folio.js
 * runs as a child process for its own checks, and every command line runs through the CLI's `main`,
 * the function folio.js calls, in one process for the whole suite (./support/cli-host.ts), with its
 * output and exit code as folio.js would give them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeListener } from '../src/adapters/node-listener.ts';
import { createHandler } from '../src/handler.ts';
import { type CliHost, type Run, startCliHost } from './support/cli-host.ts';
import { deployed, fixtureData } from './support/data.ts';
import { listenOnLoopback } from './support/loopback.ts';
import { callTool } from './support/mcp.ts';
import { OLDEST_NODE, oldestNode } from './support/node18.ts';
import { freePort, ROOT, type RunningServer, startNode } from './support/server.ts';

const FOLIO = resolve(ROOT, 'cli/bin/folio.js');
const CLI_VERSION = JSON.parse(readFileSync(resolve(ROOT, 'cli/package.json'), 'utf8')).version as string;
const ESC = String.fromCharCode(27);
/** One ANSI style sequence (for matching) and all of them (for stripping). */
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`);
const ANSI_ALL = new RegExp(ANSI.source, 'g');

interface Post {
  slug: string;
  title: string;
  pubDate: string;
  /** In the post index the primary tags only; in timelines, chapters and search results every tag. */
  tags: string[];
  /** The post index's secondary and subtopic tiers. */
  topics?: string[];
  subtopics?: string[];
  url: string;
}

let server: RunningServer;

/** The environment of every run: no colour settings or base URL leaking in from the caller. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !['NO_COLOR', 'FORCE_COLOR', 'FOLIO_BASE_URL'].includes(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** cli/bin/folio.js itself, as a child process. */
function runBin(node: string, args: string[]): Promise<Run> {
  return spawnRun(node, [FOLIO, ...args], {});
}

function spawnRun(node: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(node, args, { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function api(path: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(server.url + path);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function searchTool(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await callTool(server.url, 'search_blog_posts', args);
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent;
}

const day = (iso: string) => iso.slice(0, 10);
const lines = (text: string) => text.replace(ANSI_ALL, '').split('\n');
/** The tags folio shows for a post, whichever record it comes from: every tier, sorted. */
const shownTags = (post: Post) =>
  [...new Set([...post.tags, ...(post.topics ?? []), ...(post.subtopics ?? [])])].sort().join(', ');

/** The tag column of the row whose URL line is `url` (columns are two or more spaces apart). */
function tagsOnRow(stdout: string, url: string): string | undefined {
  const all = lines(stdout);
  const row = all.findIndex((line) => line.trim() === url) - 1;
  return row < 0 ? undefined : all[row]?.split(/ {2,}/).at(-1);
}

/** Every post appears with its date, title and tags on one line, its URL below, in the API's order. */
function expectPostRows(stdout: string, posts: Post[]) {
  const all = lines(stdout);
  let previous = -1;
  const tagColumns = new Set<number>();
  for (const post of posts) {
    const title = post.title.normalize('NFC');
    const row = all.findIndex((line) => line.startsWith(day(post.pubDate)) && line.includes(title));
    expect(row, `row for ${post.slug}`).toBeGreaterThan(previous);
    const line = all[row]!;
    const tags = shownTags(post);
    expect(line.endsWith(tags)).toBe(true);
    if (tags) tagColumns.add(line.length - tags.length);
    expect(all[row + 1]?.trim()).toBe(post.url);
    expect(all[row + 1]?.indexOf(post.url)).toBe(line.indexOf(title));
    previous = row;
  }
  // Aligned columns: every row's tags start at the same column (accented titles included).
  expect(tagColumns.size).toBeLessThanOrEqual(1);
}

/** A usage or API failure: one line plus a hint on stderr, nothing on stdout, no stack trace. */
function expectFailure(result: Run, code: number) {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  const errLines = result.stderr.trimEnd().split('\n');
  expect(errLines[0]).toMatch(/^folio: /);
  expect(errLines.at(-1)).toMatch(/^hint: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/**
 * A window short enough for the CLI to wait out, in seconds, and long enough that its request
 * comes inside it after the test's on a loaded machine (at 1 s, a CI run's Node 18 host missed it).
 */
const SHORT_WINDOW = 3;
/** Folio with a quota of one request an hour, spent: every answer is a 429 with a long Retry-After. */
let strict: RunningServer;
/** A 429 as Folio sends it: the headers (but the length) and the body, parsed too. */
let strictRefusal: { headers: Record<string, string>; body: string; problem: Problem };

interface Problem {
  detail: string;
  error: { code: string; hint: string };
}

const oneRequest = (window: number) => ({
  FOLIO_RATE_LIMIT_QUOTA: '1',
  FOLIO_RATE_LIMIT_WINDOW: String(window),
});

beforeAll(async () => {
  [server, strict] = await Promise.all([startNode(), startNode(oneRequest(3600))]);
  expect((await fetch(`${strict.url}/api/index.json`)).status).toBe(200);
  const refused = await fetch(`${strict.url}/api/talks.json`);
  expect(refused.status).toBe(429);
  const headers: Record<string, string> = {};
  refused.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
      headers[name] = value;
  });
  const body = await refused.text();
  strictRefusal = { headers, body, problem: JSON.parse(body) };
});

afterAll(async () => {
  await Promise.all([server?.stop(), strict?.stop()]);
});

it(`uses a real Node ${OLDEST_NODE} for the second run of the suite`, async () => {
  const result = await spawnRun(oldestNode(), ['--version'], {});
  expect(result.stdout).toBe(`v${OLDEST_NODE}\n`);
});

const RUNTIMES = [
  { name: `Node ${process.version}`, node: () => process.execPath },
  { name: `Node ${OLDEST_NODE}`, node: oldestNode },
];

describe.each(RUNTIMES)('folio on $name', ({ node }) => {
  let host: CliHost;
  /**
   * Folio with a quota of one request per SHORT_WINDOW seconds, one per runtime: a quota the other
   * runtime's run spent would still be spent if its window had not passed.
   */
  let limited: RunningServer;
  beforeAll(async () => {
    host = startCliHost(node());
    limited = await startNode(oneRequest(SHORT_WINDOW));
  });
  afterAll(async () => {
    await Promise.all([host?.stop(), limited?.stop()]);
  });
  const run = (args: string[], env: Record<string, string> = {}) => host.run(args, cleanEnv(env));
  const folio = (...args: string[]) => run([...args, '--base-url', server.url]);
  /** The CLI with its standard output a terminal `columns` wide. */
  const runAsTerminal = (args: string[], columns: number, env: Record<string, string> = {}) =>
    host.run(args, cleanEnv(env), columns);

  it('folio.js: --version prints the package version and --help lists every command', async () => {
    const version = await runBin(node(), ['--version']);
    expect(version).toMatchObject({ code: 0, stdout: `${CLI_VERSION}\n`, stderr: '' });
    const help = await runBin(node(), ['--help']);
    expect(help.code).toBe(0);
    for (const command of [
      'posts',
      'search',
      'read',
      'series',
      'tag',
      'talks',
      'api',
      '--json',
      '--lang',
      '--base-url',
    ]) {
      expect(help.stdout).toContain(command);
    }
    const tagHelp = await runBin(node(), ['tag', '-h']);
    expect(tagHelp.code).toBe(0);
    expect(tagHelp.stdout).toContain('Usage: folio tag <tag>');
  });

  it('posts: the newest posts with dates, titles, tags and URLs, and a count header', async () => {
    const { text, headers } = await api('/api/posts-en.json?limit=4');
    const posts: Post[] = JSON.parse(text);
    const result = await folio('posts', '--limit', '4');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toMatch(ANSI);
    expect(lines(result.stdout)[0]).toBe(
      `4 of ${headers.get('x-total-count')} posts in English, newest first`,
    );
    expectPostRows(result.stdout, posts);
  });

  it('posts --lang es: Spanish posts, accented titles aligned', async () => {
    const posts: Post[] = JSON.parse((await api('/api/posts-es.json')).text);
    const result = await folio('posts', '--lang', 'es');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)[0]).toBe(`${posts.length} posts in Spanish, newest first`);
    expectPostRows(result.stdout, posts);
    expect(posts.some((post) => /[áéíóúñ]/i.test(post.title))).toBe(true);
  });

  it('posts --json prints the API body exactly as received', async () => {
    const en = await api('/api/posts-en.json?limit=3');
    expect(await folio('posts', '--json', '--limit=3')).toMatchObject({ code: 0, stdout: `${en.text}\n` });
    const es = await api('/api/posts-es.json');
    expect(await folio('posts', '--json', '--lang', 'es')).toMatchObject({ code: 0, stdout: `${es.text}\n` });
  });

  it('search: /api/search.json, in the order search_blog_posts gives, accent-insensitive', async () => {
    const expected = await searchTool({ query: 'cache', lang: 'es', limit: 5 });
    expect(JSON.parse((await api('/api/search.json?q=cache&lang=es&limit=5')).text)).toEqual(expected);
    const results = expected.results as Array<Post & { score: number }>;
    expect(results.length).toBeGreaterThan(0);
    const result = await folio('search', 'cache', '--lang', 'es', '--limit', '5');
    expect(result.code).toBe(0);
    const all = lines(result.stdout);
    const shown =
      results.length === expected.total ? `${results.length}` : `${results.length} of ${expected.total}`;
    expect(all[0]).toBe(
      `${shown} result${expected.total === 1 ? '' : 's'} for "cache" in Spanish, best first`,
    );
    let previous = -1;
    for (const post of results) {
      const row = all.findIndex((line) => line.includes(post.title) && line.includes(day(post.pubDate)));
      expect(row).toBeGreaterThan(previous);
      expect(all[row]).toContain(post.score.toFixed(2));
      expect(all[row + 1]?.trim()).toBe(post.url);
      previous = row;
    }
    // Accent-insensitive: "cache" finds the Spanish "caché".
    expect(results.some((post) => post.title.toLowerCase().includes('caché'))).toBe(true);
  });

  it('search --json prints the API answer as received; several words are one query', async () => {
    const expected = await api('/api/search.json?q=rate+limit&lang=en');
    const result = await folio('search', 'rate', 'limit', '--json');
    expect(result).toMatchObject({ code: 0, stdout: `${expected.text}\n` });
    expect(JSON.parse(result.stdout)).toEqual(await searchTool({ query: 'rate limit', lang: 'en' }));
  });

  it('read: prints the post twin exactly; --json the facts with the whole text; bad slugs', async () => {
    const [post] = JSON.parse((await api('/api/posts-es.json?limit=1')).text) as Post[];
    const twin = await api(`${new URL(post!.url).pathname.replace(/\/$/, '')}.md`);
    expect(twin.status).toBe(200);
    const read = await folio('read', post!.slug, '--lang', 'es');
    expect(read).toMatchObject({ code: 0, stdout: twin.text, stderr: '' });
    const json = await folio('read', post!.slug, '--lang', 'es', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      slug: post!.slug,
      lang: 'es',
      url: post!.url,
      offset: 0,
      totalLength: twin.text.length,
      markdown: twin.text,
    });
    const unknown = await folio('read', 'no-such-post');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no-such-post');
    expect(unknown.stderr).toContain('search_blog_posts');
    const missing = await folio('read');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing post slug');
    const malformed = await folio('read', 'Not A Slug');
    expect(malformed.code).toBe(2);
  });

  it('series: the listing, and one series chapters in reading order (--lang es)', async () => {
    const listing = JSON.parse((await api('/api/series/es/index.json')).text);
    const list = await folio('series', '--lang', 'es');
    expect(list.code).toBe(0);
    expect(lines(list.stdout)[0]).toBe(`${listing.total} series in Spanish, latest activity first`);
    for (const s of listing.series) {
      expect(list.stdout).toMatch(
        new RegExp(`^${day(s.lastPostDate)}\\s+${s.slug}\\s+${s.postCount} chapters?\\s+`, 'm'),
      );
      expect(list.stdout).toContain(s.title);
    }
    const slug = listing.series.at(-1).slug as string;
    const detail = JSON.parse((await api(`/api/series/es/${slug}.json`)).text);
    const chapters = await folio('series', slug, '--lang', 'es');
    expect(chapters.code).toBe(0);
    expect(lines(chapters.stdout)[0]).toBe(
      `${detail.title} (${slug}, Spanish): ${detail.total} chapters in reading order`,
    );
    const positions = detail.posts.map((post: Post) =>
      lines(chapters.stdout).findIndex((line) => line.includes(post.title)),
    );
    expect(positions.every((p: number) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    detail.posts.forEach((post: Post & { position: number }) => {
      expect(chapters.stdout).toMatch(new RegExp(`^${post.position}\\.\\s+${day(post.pubDate)}\\s+`, 'm'));
      expect(chapters.stdout).toContain(post.url);
    });
  });

  it('series --json prints the API bodies exactly as received', async () => {
    const listing = await api('/api/series/en/index.json');
    expect(await folio('series', '--json')).toMatchObject({ code: 0, stdout: `${listing.text}\n` });
    const slug = JSON.parse(listing.text).series[0].slug;
    const detail = await api(`/api/series/en/${slug}.json`);
    expect(await folio('series', slug, '--json')).toMatchObject({ code: 0, stdout: `${detail.text}\n` });
  });

  it('tag: every post with the tag, --limit applied by the client', async () => {
    const timeline = JSON.parse((await api('/api/timeline/en/http.json')).text);
    expect(timeline.total).toBeGreaterThan(2);
    const all = await folio('tag', 'http');
    expect(all.code).toBe(0);
    expect(lines(all.stdout)[0]).toBe(`${timeline.total} posts tagged "http" in English, newest first`);
    expectPostRows(all.stdout, timeline.posts);
    const two = await folio('tag', 'http', '--limit', '2');
    expect(lines(two.stdout)[0]).toBe(`2 of ${timeline.total} posts tagged "http" in English, newest first`);
    expectPostRows(two.stdout, timeline.posts.slice(0, 2));
    expect(two.stdout).not.toContain(timeline.posts[2].url);
  });

  it('shows one post with the same tags, every tier, in posts, tag and search', async () => {
    const index: Post[] = JSON.parse((await api('/api/posts-en.json')).text);
    const post = index.find((p) => p.tags.length > 0 && (p.topics?.length || p.subtopics?.length));
    expect(post, 'a post with primary and lower-tier tags').toBeDefined();
    const { url, title } = post!;
    const tag = post!.tags[0]!;
    const expected = shownTags(post!);
    const shown = {
      posts: tagsOnRow((await folio('posts')).stdout, url),
      tag: tagsOnRow((await folio('tag', tag)).stdout, url),
      search: tagsOnRow((await folio('search', title)).stdout, url),
    };
    expect(shown).toEqual({ posts: expected, tag: expected, search: expected });
  });

  it('tag --json: exact body; with --limit the posts cut to N and total kept (--lang es)', async () => {
    const raw = await api('/api/timeline/es/http.json');
    expect(await folio('tag', 'http', '--lang', 'es', '--json')).toMatchObject({
      code: 0,
      stdout: `${raw.text}\n`,
    });
    const limited = await folio('tag', 'http', '--lang', 'es', '--json', '--limit', '2');
    const full = JSON.parse(raw.text);
    expect(JSON.parse(limited.stdout)).toEqual({ ...full, posts: full.posts.slice(0, 2) });
  });

  it('talks: every deck with date, title, provider and URL; --json exact', async () => {
    const raw = await api('/api/slides-timeline/es.json');
    const timeline = JSON.parse(raw.text);
    const result = await folio('talks', '--lang', 'es');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)[0]).toBe(`${timeline.total} talks in Spanish, newest first`);
    const all = lines(result.stdout);
    for (const deck of timeline.decks) {
      const row = all.findIndex((line) => line.startsWith(day(deck.pubDate)) && line.includes(deck.title));
      expect(row).toBeGreaterThan(0);
      if (deck.type === 'external') expect(all[row]).toContain(deck.provider);
      expect(all[row + 1]?.trim()).toBe(deck.url);
    }
    expect(await folio('talks', '--lang', 'es', '--json')).toMatchObject({
      code: 0,
      stdout: `${raw.text}\n`,
    });
  });

  it('api: version, rate limit and every endpoint; --json exact', async () => {
    const raw = await api('/api/index.json');
    const index = JSON.parse(raw.text);
    const result = await folio('api');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)[0]).toBe(`${index.name} ${index.version}`);
    expect(result.stdout).toContain(
      `${index.rate_limit.quota} requests per ${index.rate_limit.window_seconds} s`,
    );
    for (const endpoint of index.endpoints) {
      expect(result.stdout).toMatch(
        new RegExp(`^${endpoint.operationId}\\s+${endpoint.pathTemplate.replace(/[{}]/g, '\\$&')}\\s`, 'm'),
      );
    }
    expect(await folio('api', '--json')).toMatchObject({ code: 0, stdout: `${raw.text}\n` });
  });

  it('reads the base URL from FOLIO_BASE_URL', async () => {
    const raw = await api('/api/index.json');
    const result = await run(['api', '--json'], { FOLIO_BASE_URL: `${server.url}/` });
    expect(result).toMatchObject({ code: 0, stdout: `${raw.text}\n` });
  });

  it('on a terminal: colour, and long titles cut to the width; NO_COLOR turns colour off', async () => {
    const posts: Post[] = JSON.parse((await api('/api/posts-es.json')).text);
    const coloured = await runAsTerminal(['posts', '--lang', 'es', '--base-url', server.url], 60);
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toMatch(ANSI);
    for (const line of lines(coloured.stdout)) {
      if (!line.trim().startsWith('http')) expect([...line].length).toBeLessThanOrEqual(60);
    }
    const longest = posts.reduce((a, b) => (a.title.length > b.title.length ? a : b));
    expect(coloured.stdout).not.toContain(longest.title);
    expect(coloured.stdout).toContain('…');
    const plain = await runAsTerminal(['posts', '--base-url', server.url], 200, { NO_COLOR: '1' });
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toMatch(ANSI);
  });

  it.each([
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['post'], /did you mean 'posts'/],
    [[], /missing command/],
    [['posts', '--frob'], /unknown flag '--frob'/],
    [['posts', '-x'], /unknown flag '-x'/],
    [['posts', '--json=yes'], /flag '--json' takes no value/],
    [
      ['posts', '--lang', 'FR!'],
      /--lang must be a lower-case language code such as en, fr or pt-br, not 'FR!'/,
    ],
    [['posts', '--limit', '0'], /--limit must be a whole number from 1 to 500, not '0'/],
    [['posts', '--limit', 'x'], /--limit must be a whole number/],
    [['posts', '--limit'], /flag '--limit' needs a value/],
    [['search', '--limit', '51', 'cache'], /from 1 to 50/],
    [['search'], /missing search query/],
    [['tag'], /missing tag/],
    [['series', 'Not A Slug'], /unexpected argument|not a series slug/],
    [['series', '--limit', '2'], /has no --limit flag/],
    [['talks', 'extra'], /unexpected argument 'extra'/],
    [['posts', '--timeout', '0'], /--timeout must be/],
    [['posts', '--base-url', 'ftp://example.com'], /not an http or https URL/],
  ])('usage error %j exits 2 with one line and a hint', async (args, message) => {
    const result = await run(args);
    expectFailure(result, 2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(2);
  });

  it('an API 404 prints the problem detail and hint and exits 1', async () => {
    const problem = JSON.parse((await api('/api/timeline/en/no-such-tag.json')).text);
    const result = await folio('tag', 'no-such-tag');
    expectFailure(result, 1);
    expect(result.stderr).toContain(problem.detail);
    expect(result.stderr).toContain(`hint: ${problem.error.hint}`);
    const series = await folio('series', 'no-such-series', '--lang', 'es');
    expectFailure(series, 1);
    expect(series.stderr).toContain('/api/series/es/no-such-series.json');
  });

  it('a network error names the base URL and exits 1', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const result = await run(['posts', '--base-url', closed]);
    expectFailure(result, 1);
    expect(result.stderr.split('\n')[0]).toContain(`cannot reach ${closed}`);
  });

  it('a server that never answers times out after --timeout seconds', async () => {
    const silent = await listenOnLoopback(() => {
      // never answers
    });
    try {
      const result = await run(['posts', '--timeout', '1', '--base-url', silent.url]);
      expectFailure(result, 1);
      expect(result.stderr).toContain(`no answer from ${silent.url} within 1 s`);
    } finally {
      await silent.close();
    }
  });

  it('a 429 from Folio waits Retry-After, says so on stderr, and retries once', async () => {
    const expected = await api('/api/posts-en.json?limit=2');
    // The quota of one request is spent: the CLI's request is refused until its second leaves the window.
    expect((await fetch(`${limited.url}/api/index.json`)).status).toBe(200);
    const result = await run(['posts', '--limit', '2', '--json', '--base-url', limited.url]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `^folio: rate limited by ${limited.url} \\(HTTP 429\\); waiting [1-${SHORT_WINDOW}] s \\(Retry-After\\)`,
      ),
    );
    expect(result.stdout).toBe(`${expected.text}\n`);
  });

  it('a 429 from Folio with a Retry-After over 60 s is not waited for: its problem, exit 1', async () => {
    const refused = await fetch(`${strict.url}/api/talks.json`);
    expect(refused.status).toBe(429);
    const problem = await refused.json();
    const result = await run(['talks', '--base-url', strict.url]);
    expectFailure(result, 1);
    const wait = /Retry-After is (\d+) s, longer than the 60 s folio waits/.exec(result.stderr)?.[1];
    expect(wait, result.stderr).toBeDefined();
    // Folio's detail counts the seconds down: the CLI's answer came a moment after this test's.
    const detail = problem.detail.replace(/\b\d+ seconds\.$/, `${wait} seconds.`);
    expect(result.stderr).toContain(`folio: ${detail} (HTTP 429 ${problem.error.code})`);
    expect(result.stderr).toContain(`hint: ${problem.error.hint}`);
  });

  it("a second 429 is an API error (exit 1), with Folio's own 429 answer", async () => {
    let calls = 0;
    const limitedTwice = await listenOnLoopback((_req, res) => {
      calls += 1;
      // Folio's answer as it is, but for the wait: none before the retry, which is refused again.
      res.writeHead(429, { ...strictRefusal.headers, 'retry-after': '0' }).end(strictRefusal.body);
    });
    try {
      const twice = await run(['talks', '--base-url', limitedTwice.url]);
      expectFailure(twice, 1);
      expect(calls).toBe(2);
      expect(twice.stderr).toContain(`${strictRefusal.problem.detail} (HTTP 429 rate_limited)`);
      expect(twice.stderr).toContain(`hint: ${strictRefusal.problem.error.hint}`);
    } finally {
      await limitedTwice.close();
    }
  });

  describe('folio read on a post longer than one get_post call', () => {
    /** The long-read fixture, answered in this process by the handler: no build, no second server process. */
    let longRead: { url: string; close: () => Promise<void> };

    beforeAll(async () => {
      const handler = createHandler(await deployed(await fixtureData('long-read'), 'https://long.example'));
      longRead = await listenOnLoopback(nodeListener(() => handler));
    });

    afterAll(() => longRead?.close());

    it('follows nextOffset to the whole twin, byte for byte', async () => {
      const twin = await (await fetch(`${longRead.url}/blog/very-long-read.md`)).text();
      expect(twin.length).toBeGreaterThan(2 * 40_000);
      const read = await run(['read', 'very-long-read', '--base-url', longRead.url]);
      expect(read).toMatchObject({ code: 0, stderr: '' });
      expect(Buffer.from(read.stdout)).toEqual(Buffer.from(twin));
      const json = await run(['read', 'very-long-read', '--json', '--base-url', longRead.url]);
      const facts = JSON.parse(json.stdout);
      expect(facts).toMatchObject({
        slug: 'very-long-read',
        offset: 0,
        totalLength: twin.length,
        markdown: twin,
      });
      expect(facts).not.toHaveProperty('nextOffset');
    });
  });
});
