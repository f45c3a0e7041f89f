/**
 * npm run bench [-- --rounds 5 --duration 3 --connections 50 --warmup 1 --posts 100000 --quick --only scale]
 *
 * Starts each contender in its own process on 127.0.0.1 (Folio on Node once with one process and
 * once with FOLIO_WORKERS=2), drives each route with autocannon from another process (bounded
 * duration and connections), every contender in turn, in several rounds over all the routes so
 * that a passing load on a shared machine hits every contender alike; each figure is the median
 * of its rounds. Then it measures the corpus scale (build time, CPU and peak memory, the same for a
 * second build over the first one's deployment, the largest page it wrote, cold start against bare
 * node:http loading the same files, RSS after start and
 * after each first request, for a page, the largest post list and llms-full.txt (streamed when
 * large: time to its first byte and to its last), the first MCP searches, `limit=10` throughput on
 * a synthetic corpus of 100,000 posts vs the sample blog, and the corpus's deployment folder and
 * edge bundles against the platforms' limits) and the rate limiter's memory under 1,000,000
 * distinct client addresses, and an owner's HTML page served by Folio beside the site that wrote it
 * (`--site`) against bare node:http replaying its bytes. Prints every figure with its ratio to the baseline measured in the
 * same run and whether each target is met.
 *
 * `--quick` is the smoke run of test/bench-smoke.test.ts: every stage once, in a few seconds, with
 * figures that mean nothing. It reuses the sample blog's deployment already built in dist/public
 * (building it only when missing), drives three routes (a REST list, MCP search and get_post) for
 * 0.3 s each with no warm-up and autocannon in this process, starts the contenders at once, builds a
 * 20-post corpus and runs the limiter (20,000 addresses) while the routes are driven, and measures
 * one cold start per server.
 *
 * `--only scale` runs the scale stage alone (`--posts` sets the corpus's size), reusing the sample
 * blog's deployment in dist/public like the quick run; it writes no report unless `--report` says where.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import {
  type DeploymentStats,
  deploymentStats,
  describeLimit,
  PLATFORM_LIMITS,
} from '../src/build/bundle/deployment-limits.ts';
import { nodeBundle } from '../src/build/bundle/node-bundle.ts';
import { RUNTIMES_BIN } from '../test/support/runtimes.ts';
import { canPin, LOAD_CPU, onCpu, SERVER_CPU } from './cpus.ts';
import type { DispatchResult } from './dispatch.ts';
import { type Exchange, type Fixture, HOP_HEADERS } from './fixture.ts';
import { freePort } from './free-port.ts';
import type { LimiterMemoryResult } from './limiter-memory.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { BENCH_RATE_LIMIT_ENV } from './rate-limit.ts';
import { startRedis } from './redis-server.ts';
import { ReportWriter, writeReport } from './report.ts';
import {
  buildUsage,
  cpuSeconds,
  edgeBundleSizes,
  FIRST_SEARCHES,
  firstSearches,
  largestPage,
  residentMiB,
  type TimedGet,
  timedGet,
} from './scale.ts';
import { type Spread, workerdStarts } from './workerd-start.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The sample blog's deployment as `npm run build` (and the test suite's global setup) leaves it. */
const BUILT_SAMPLE = join(ROOT, 'dist/public/_folio/manifest.json');
const BASE_URL = 'http://localhost:8787';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    posts: { type: 'string' },
    addresses: { type: 'string' },
    report: { type: 'string' },
    only: { type: 'string' },
  },
});
const quick = values.quick;
if (values.only !== undefined && values.only !== 'scale') {
  console.error(`folio bench: --only takes scale, not ${JSON.stringify(values.only)}`);
  process.exit(2);
}
/** Only the scale stage: the corpus build, its deployment and the servers over it. */
const scaleOnly = values.only === 'scale';
const rounds = Number(values.rounds ?? (quick ? 1 : 5));
const duration = Number(values.duration ?? (quick ? 0.3 : 3));
const warmup = Number(values.warmup ?? (quick ? 0 : 1));
const connections = Number(values.connections ?? (quick ? 10 : 50));
const corpusPosts = Number(values.posts ?? (quick ? 20 : 100_000));
const addresses = Number(values.addresses ?? (quick ? 20_000 : 1_000_000));
const coldRuns = quick ? 1 : 7;
/** Where benchmarks.json and benchmarks.md go: docs/ after a full run; a quick or partial run writes none unless asked. */
const reportDir = values.report ?? (quick || scaleOnly ? undefined : join(ROOT, 'docs'));
const date = new Date().toISOString().slice(0, 10);
const commandLine = [
  'npm run bench',
  ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
].join(' ');
const out = new ReportWriter();

const tmp = mkdtempSync(join(tmpdir(), 'folio-bench-'));
const CORPUS_OUT = join(tmp, 'corpus-out');
const running = new Set<ChildProcess>();
const cleanup = () => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

// ---------------------------------------------------------------- processes

interface Server {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 on the `limit=10` route. */
  startMs: number;
  stop: () => Promise<void>;
}

function get(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

const READY_PATH = '/api/posts-en.json?limit=10';

/** The first request of each kind of body a fresh server reads from the deployment (the largest of each). */
const FIRST_REQUESTS = [
  { label: 'page /blog/', path: '/blog/', headers: { accept: 'text/html' } },
  { label: 'API /api/posts.json', path: '/api/posts.json', headers: { accept: 'application/json' } },
  { label: 'discovery /llms-full.txt', path: '/llms-full.txt', headers: {} },
] as const;
/** The first request a target holds: the list of every post. */
const FIRST_LIST = 1;

/** The core measured servers run on (none in the quick run, whose load shares this process). */
const serverCpu = quick ? undefined : SERVER_CPU;
const loadCpu = quick ? undefined : LOAD_CPU;

async function startServer(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cpu = serverCpu,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(...onCpu(cpu, command, args), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...BENCH_RATE_LIMIT_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL,
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${log}`);
    const status = await get(url + READY_PATH).catch(() => 0);
    if (status === 200) return { url, pid: child.pid!, startMs: performance.now() - started, stop };
    await new Promise((r) => setTimeout(r, status ? 2 : 5));
  }
  await stop();
  throw new Error(`${command} ${args.join(' ')} did not answer 200 within 30 s:\n${log}`);
}

const peakRss = (pid: number) => residentMiB(pid, 'VmHWM');

function runChild(command: string, args: string[], cpu?: number): Promise<{ stdout: string; ms: number }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(...onCpu(cpu, command, args), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('exit', (code) => {
      running.delete(child);
      if (code === 0) done({ stdout, ms: performance.now() - started });
      else fail(new Error(`${command} ${args.join(' ')} exited ${code}:\n${stderr}`));
    });
  });
}

const tsx = (script: string, ...args: string[]) =>
  runChild(process.execPath, ['--import', 'tsx', script, ...args]);

async function load(route: Route, url: string, seconds = duration): Promise<LoadResult> {
  const spec: LoadSpec = {
    url: url + route.url,
    method: route.method,
    headers: route.headers,
    connections,
    duration: seconds,
    warmup,
  };
  if (route.body !== undefined) spec.body = route.body;
  if (quick) return (await import('./load.ts')).measure(spec);
  const { stdout } = await runChild(
    process.execPath,
    ['--import', 'tsx', 'bench/load.ts', JSON.stringify(spec)],
    loadCpu,
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

// ---------------------------------------------------------------- bundles

/** Bundles a Node entry as src/build/bundle/run-bundle.ts bundles dist/node.mjs; the deployment it serves is FOLIO_OUT. */
const bundle = async (entry: string, outfile: string) => {
  await build(nodeBundle(join(ROOT, entry), outfile));
};

/** A build of `content` into `outDir`, with what it used (bench/measured-build.ts). */
async function measuredBuild(content: string, outDir: string) {
  const run = await tsx('bench/measured-build.ts', '--content', content, '--out', outDir);
  return { ...run, usage: buildUsage(run.stdout), largestPage: largestPage(outDir) };
}
type MeasuredBuild = Awaited<ReturnType<typeof measuredBuild>>;

/**
 * The synthetic corpus, built into the temporary folder, then built again over that deployment as
 * a blog owner's next build runs: the second build also removes the deployment it replaces.
 */
async function buildCorpus(): Promise<CorpusBuilds> {
  const corpus = join(tmp, 'corpus');
  await tsx('tools/corpus.ts', '--posts', String(corpusPosts), '--out', corpus);
  const first = await measuredBuild(corpus, CORPUS_OUT);
  return { first, again: await measuredBuild(corpus, CORPUS_OUT) };
}
interface CorpusBuilds {
  first: MeasuredBuild;
  again: MeasuredBuild;
}

const limiterMemory = () =>
  runChild(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    'bench/limiter-memory.ts',
    '--addresses',
    String(addresses),
  ]);

/** Load runs of one server: their median, and its CPU per request (median of the runs). */
interface Measured {
  load: LoadResult;
  cpuMicroseconds: number;
}

/**
 * `load`, and the server's CPU time per request read from /proc around it (NaN when `readCpu` is
 * false: a server whose work is done by the processes it forks). On this 2-core machine req/s also
 * measures how the server and the load generator share their cores; CPU per request does not.
 */
async function loadMeasured(route: Route, server: Server, readCpu = true): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const result = await load(route, server.url);
  const cpuMicroseconds = readCpu ? ((cpuSeconds(server.pid) - before) * 1e6) / result.sent : Number.NaN;
  return { load: result, cpuMicroseconds };
}

const medianMeasured = (of: Measured[]): Measured => ({
  load: medianOf(of.map((run) => run.load)),
  cpuMicroseconds: medianValue(of.map((run) => run.cpuMicroseconds)),
});

/**
 * One route on one Folio Node process, with the quota in memory and then in a local redis-server
 * (on the load generator's core: it stands for another machine), in rounds like the other routes.
 * Besides req/s, each run reads the server's CPU time from /proc: on this machine the server
 * waits for the load generator a third of the time even in memory, so req/s alone also measures
 * how the two other processes share their core.
 */
async function measureStores(file: string, route: Route): Promise<{ memory: Measured; redis: Measured }> {
  const redis = await startRedis(undefined, loadCpu);
  try {
    const stores = [{}, { FOLIO_RATE_LIMIT_STORE: redis.url() }];
    const runs: Measured[][] = [[], []];
    for (let round = 0; round < rounds; round++)
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const server = await startServer(process.execPath, [file], stores[i]);
        try {
          runs[i]!.push(await loadMeasured(route, server));
        } finally {
          await server.stop();
        }
      }
    return { memory: medianMeasured(runs[0]!), redis: medianMeasured(runs[1]!) };
  } finally {
    await redis.stop();
  }
}

const medianValue = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A contender's figure over a baseline's, taken round by round (the two run back to back in each
 * round) and then the median of the rounds: a slow drift of a shared machine's speed, which moves
 * both runs of a round alike, cancels out instead of landing on one side of the ratio.
 */
function pairedRatio(of: Measured[], baseline: Measured[], pick: (run: Measured) => number) {
  const ratios = of.map((run, round) => pick(run) / pick(baseline[round]!));
  return { median: medianValue([...ratios]), lowest: Math.min(...ratios), highest: Math.max(...ratios) };
}

/** Each figure's median over the rounds of one route and contender; the statuses of them all. */
function medianOf(results: LoadResult[]): LoadResult {
  const median = (pick: (result: LoadResult) => number) => medianValue(results.map(pick));
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requestsPerSecond: median((result) => result.requestsPerSecond),
    p50: median((result) => result.p50),
    p99: median((result) => result.p99),
    statuses,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    sent: median((result) => result.sent),
  };
}

/** A job started ahead of the step that awaits it: a failure is reported there, not as unhandled. */
function early<T>(job: Promise<T>): Promise<T> {
  job.catch(() => {});
  return job;
}

// ---------------------------------------------------------------- routes

interface Route {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  expect: number;
  /**
   * `prerendered` answers are held to the bare servers replaying them; `mcp` to the Hono contender;
   * `reading` (get_post) to no target: its rows set it beside the bare servers and Folio's search.
   */
  kind: 'prerendered' | 'mcp' | 'reading';
  /** Contenders that do not have the route (the Hono app has only the search tool). */
  notServedBy?: readonly string[];
}

/** The contenders that serve `route`. */
const servingContenders = <C extends { id: string }>(route: Route, contenders: C[]) =>
  contenders.filter((contender) => !route.notServedBy?.includes(contender.id));

/** The captured exchange of a route: same method, URL, headers and body. */
const capturedFor = (route: Route, exchanges: Exchange[]) =>
  exchanges.find(
    (e) =>
      e.method === route.method &&
      e.url === route.url &&
      e.requestHeaders === route.headers &&
      e.requestBody === route.body,
  );

const GET_POST_ROUTE = 'MCP tools/call get_post';
const JSON_HEADERS = { accept: 'application/json' };
const HTML_HEADERS = { accept: 'text/html' };
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
/** `limit=10` on a post list: every contender's first route, and the one the scale and store stages drive. */
const LIMIT_ROUTE: Route = {
  name: 'posts-en limit=10',
  method: 'GET',
  url: '/api/posts-en.json?limit=10',
  headers: JSON_HEADERS,
  expect: 200,
  kind: 'prerendered',
};

async function exchange(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
) {
  // fetch asks for gzip and decodes it; the load generator asks for nothing, so capture what it gets.
  const init: RequestInit = { method, headers: { 'accept-encoding': 'identity', ...headers } };
  if (body !== undefined) init.body = body;
  const response = await fetch(base + url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!HOP_HEADERS.has(name)) responseHeaders[name] = value;
  const captured: Exchange = {
    method,
    url,
    requestHeaders: headers,
    status: response.status,
    headers: responseHeaders,
    body: bytes.toString('base64'),
  };
  if (body !== undefined) captured.requestBody = body;
  return captured;
}

/** A post's slug and language, and the length of its Markdown twin as get_post counts it. */
interface SizedPost {
  slug: string;
  lang: string;
  totalLength: number;
}

const toolCall = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** The post of the served deployment whose twin is the longest, in any language, asked of get_post. */
async function largestPost(base: string): Promise<SizedPost> {
  const { languages } = JSON.parse(
    readFileSync(join(process.env.FOLIO_OUT!, '_folio/manifest.json'), 'utf8'),
  ) as { languages: string[] };
  let largest: SizedPost | undefined;
  for (const lang of languages) {
    const posts = (await (await fetch(`${base}/api/posts-${lang}.json`)).json()) as { slug: string }[];
    for (const { slug } of posts) {
      const body = toolCall(1, 'get_post', { slug, lang });
      const answer = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body });
      const { result } = (await answer.json()) as { result?: { structuredContent?: SizedPost } };
      const totalLength = result?.structuredContent?.totalLength;
      if (totalLength === undefined) throw new Error(`get_post ${lang}/${slug} gave no totalLength`);
      if (!largest || totalLength > largest.totalLength) largest = { slug, lang, totalLength };
    }
  }
  if (!largest) throw new Error('the sample blog has no posts');
  return largest;
}

/** Asks a running Folio for every benchmarked answer (and the full lists Hono slices). */
async function capture(base: string): Promise<{ fixture: Fixture; routes: Route[]; largest: SizedPost }> {
  const list = await exchange(
    base,
    'POST',
    '/mcp',
    MCP_HEADERS,
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  );
  const tools = JSON.parse(Buffer.from(list.body, 'base64').toString()).result?.tools as
    | { name: string }[]
    | undefined;
  const search = tools?.find((tool) => tool.name.includes('search'))?.name ?? 'search_blog_posts';
  const mcpBody = toolCall(2, search, { query: 'cache headers' });
  const largest = await largestPost(base);
  const getPostBody = toolCall(3, 'get_post', { slug: largest.slug, lang: largest.lang });
  const exchanges = [
    await exchange(base, 'GET', '/api/posts-en.json?limit=10', JSON_HEADERS),
    await exchange(base, 'GET', '/api/posts-en.json', JSON_HEADERS),
    await exchange(base, 'GET', '/api/series/en/index.json', JSON_HEADERS),
    await exchange(base, 'GET', '/api/timeline/en/http.json', JSON_HEADERS),
    await exchange(base, 'GET', '/api/no-such-resource.json', JSON_HEADERS),
    await exchange(base, 'GET', '/blog/', HTML_HEADERS),
    await exchange(base, 'POST', '/mcp', MCP_HEADERS, mcpBody),
    await exchange(base, 'POST', '/mcp', MCP_HEADERS, getPostBody),
  ];
  const etag = exchanges[0]!.headers.etag ?? '"none"';
  const conditional = { ...JSON_HEADERS, 'if-none-match': etag };
  exchanges.push(await exchange(base, 'GET', '/api/posts-en.json?limit=10', conditional));
  const routes: Route[] = [
    LIMIT_ROUTE,
    {
      name: 'series/en index',
      method: 'GET',
      url: '/api/series/en/index.json',
      headers: JSON_HEADERS,
      expect: 200,
      kind: 'prerendered',
    },
    {
      name: 'timeline/en/http',
      method: 'GET',
      url: '/api/timeline/en/http.json',
      headers: JSON_HEADERS,
      expect: 200,
      kind: 'prerendered',
    },
    {
      name: '404',
      method: 'GET',
      url: '/api/no-such-resource.json',
      headers: JSON_HEADERS,
      expect: 404,
      kind: 'prerendered',
    },
    {
      name: 'If-None-Match -> 304',
      method: 'GET',
      url: '/api/posts-en.json?limit=10',
      headers: conditional,
      expect: 304,
      kind: 'prerendered',
    },
    {
      name: 'site page /blog/',
      method: 'GET',
      url: '/blog/',
      headers: HTML_HEADERS,
      expect: 200,
      kind: 'prerendered',
    },
    {
      name: 'MCP tools/call search',
      method: 'POST',
      url: '/mcp',
      headers: MCP_HEADERS,
      body: mcpBody,
      expect: 200,
      kind: 'mcp',
    },
    {
      name: GET_POST_ROUTE,
      method: 'POST',
      url: '/mcp',
      headers: MCP_HEADERS,
      body: getPostBody,
      expect: 200,
      kind: 'reading',
      notServedBy: ['hono'],
    },
  ];
  for (const route of routes) {
    const seen = capturedFor(route, exchanges);
    if (seen && seen.status !== route.expect)
      throw new Error(`Folio answered ${route.name} with ${seen.status}, expected ${route.expect}`);
  }
  const quickRoutes = new Set(['posts-en limit=10', 'MCP tools/call search', GET_POST_ROUTE]);
  return {
    fixture: { exchanges },
    routes: quick ? routes.filter((route) => quickRoutes.has(route.name)) : routes,
    largest,
  };
}

/** Headers every contender must send as Folio does (the RateLimit counters change per request). */
const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'x-total-count',
  'x-api-version',
  'ratelimit-policy',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

/** What a contender's answer to one route has that Folio's captured answer has not (status, body, headers). */
async function compareAnswer(route: Route, fixture: Fixture, base: string): Promise<string[]> {
  const captured = capturedFor(route, fixture.exchanges);
  if (!captured) return [];
  const answer = await exchange(base, route.method, route.url, route.headers, route.body);
  const differences: string[] = [];
  if (answer.status !== captured.status) differences.push(`status ${answer.status}`);
  if (answer.body !== captured.body) differences.push('the body');
  const normal = (value: string | undefined) => value?.replace(/,\s*/g, ', ');
  for (const name of COMPARED_HEADERS)
    if (normal(answer.headers[name]) !== normal(captured.headers[name]))
      differences.push(`${name}: ${answer.headers[name] ?? '(none)'}`);
  return differences;
}

// ---------------------------------------------------------------- formatting

const fmt = {
  rps: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`,
  mib: (n: number) => (Number.isNaN(n) ? 'n/a' : `${n.toFixed(0)} MiB`),
  x: (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a'),
  s: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
  us: (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} µs` : 'n/a'),
  spread: ({ median, low, high }: Spread) => `${fmt.ms(median)} (${fmt.ms(low)} to ${fmt.ms(high)})`,
  bytes: (n: number) => (n < 1048576 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1048576).toFixed(1)} MiB`),
};

const firstCell = (get: TimedGet) =>
  `${fmt.ms(get.ms)}, first byte ${fmt.ms(get.firstByteMs)} (${get.status}, ${fmt.bytes(get.bytes)})`;

function deploymentRows(stats: DeploymentStats, bundles: { name: string; gzip: string }[]): string[][] {
  return [
    ['files', stats.files.toLocaleString('en-US')],
    ['total size', fmt.bytes(stats.bytes)],
    ['largest file', `${stats.largest.path} (${fmt.bytes(stats.largest.bytes)})`],
    [
      'fullest folder',
      `${stats.fullestFolder.path} (${stats.fullestFolder.files.toLocaleString('en-US')} files)`,
    ],
    ...bundles.map(({ name, gzip }) => [`edge bundle ${name}.js, gzip`, gzip]),
  ];
}

interface Check {
  what: string;
  value: string;
  target: string;
  met: boolean;
}
const checks: Check[] = [];
const check = (what: string, value: string, target: string, met: boolean) =>
  checks.push({ what, value, target, met });

// ---------------------------------------------------------------- the run

interface Contender {
  id: string;
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /**
   * Forks worker processes (FOLIO_WORKERS=2): it runs on every core, shared with the load generator
   * (two workers need two cores), not on the servers' one, and its CPU per request is not read.
   */
  forksWorkers?: true;
}

/** Every route against every contender, in rounds, and the ratios the targets hold. */
async function throughputStage(bun: string, hasBun: boolean) {
  const probe = await startServer(process.execPath, [join(tmp, 'folio-node.mjs')]);
  const { fixture, routes, largest } = await capture(probe.url);
  await probe.stop();
  const fixturePath = join(tmp, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(fixture));

  const contenders: Contender[] = [
    {
      id: 'raw',
      label: 'node:http (raw bytes)',
      command: process.execPath,
      args: [join(tmp, 'raw-node.mjs')],
    },
    { id: 'folio', label: 'Folio on Node', command: process.execPath, args: [join(tmp, 'folio-node.mjs')] },
    {
      id: 'folio-2',
      label: 'Folio on Node, FOLIO_WORKERS=2',
      command: process.execPath,
      args: [join(tmp, 'folio-node.mjs')],
      env: { FOLIO_WORKERS: '2' },
      forksWorkers: true,
    },
    {
      id: 'folio-whatwg',
      label: 'Folio on @whatwg-node/server',
      command: process.execPath,
      args: [join(tmp, 'whatwg-node.mjs')],
    },
    {
      id: 'hono',
      label: 'Hono on @hono/node-server',
      command: process.execPath,
      args: [join(tmp, 'hono.mjs')],
    },
  ];
  if (hasBun) {
    contenders.push(
      {
        id: 'bun',
        label: 'Bun.serve (raw bytes)',
        command: bun,
        args: ['bench/contenders/bare-bun.ts'],
      },
      {
        id: 'folio-bun',
        label: 'Folio on Bun',
        command: bun,
        args: ['src/adapters/bun.ts'],
      },
    );
  }

  // All servers stay up (idle ones cost nothing); each route is driven against each contender in
  // turn, so slow drift on a shared machine hits every contender of a route alike.
  const servers = new Map<string, Server>();
  const start = (contender: Contender) =>
    startServer(
      contender.command,
      contender.args,
      { BENCH_FIXTURE: fixturePath, ...contender.env },
      contender.forksWorkers ? undefined : serverCpu,
    ).then((server) => servers.set(contender.id, server));
  if (quick) await Promise.all(contenders.map(start));
  else for (const contender of contenders) await start(contender);
  const results = new Map<string, Measured>();
  /** Every load run of each contender and route, in round order. */
  const runs = new Map<string, Measured[]>();
  /** Contenders and routes with a run that got another status than expected, or errors. */
  const unclean = new Set<string>();
  let rss = new Map<string, number>();
  try {
    for (const route of routes)
      for (const contender of servingContenders(route, contenders))
        for (const difference of await compareAnswer(route, fixture, servers.get(contender.id)!.url))
          console.error(`warning: ${contender.label} ${route.name}: ${difference} differs from Folio's`);
    // Every other round drives the contenders in the reverse order, so none always runs right
    // after another's load (or first after a route change). Each baseline sits next to the Folio
    // it is held to, so the two run back to back in every round, whichever the order.
    for (let round = 0; round < rounds; round++)
      for (const route of routes)
        for (const contender of servingContenders(
          route,
          round % 2 ? [...contenders].reverse() : contenders,
        )) {
          const measured = await loadMeasured(route, servers.get(contender.id)!, !contender.forksWorkers);
          const result = measured.load;
          const key = `${contender.id} ${route.name}`;
          runs.set(key, [...(runs.get(key) ?? []), measured]);
          const wrong = Object.keys(result.statuses).filter((s) => Number(s) !== route.expect);
          if (wrong.length || result.errors) {
            unclean.add(key);
            console.error(
              `warning: ${contender.label} ${route.name}: statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`,
            );
          }
        }
    for (const [key, of] of runs) results.set(key, medianMeasured(of));
  } finally {
    rss = new Map([...servers].map(([id, server]) => [id, peakRss(server.pid)]));
    for (const server of servers.values()) await server.stop();
  }

  out.heading(2, 'Throughput and latency');
  const rows: string[][] = [];
  for (const route of routes)
    for (const contender of servingContenders(route, contenders)) {
      const { load: r, cpuMicroseconds } = results.get(`${contender.id} ${route.name}`)!;
      rows.push([
        route.name,
        contender.label,
        fmt.rps(r.requestsPerSecond),
        fmt.ms(r.p50),
        fmt.ms(r.p99),
        fmt.us(cpuMicroseconds),
        Object.keys(r.statuses).join(','),
      ]);
    }
  out.table(['route', 'contender', 'req/s', 'p50', 'p99', 'server CPU per request', 'status'], rows, [
    'l',
    'l',
    'r',
    'r',
    'r',
    'r',
    'l',
  ]);

  out.heading(2, 'Ratios (same run)');
  const ratioRows: string[][] = [];
  const rps = (run: Measured) => run.load.requestsPerSecond;
  const p99Of = (run: Measured) => Math.max(run.load.p99, 0.01);
  const cpu = (run: Measured) => run.cpuMicroseconds;
  for (const route of routes) {
    /** n/a when a contender does not serve the route. */
    const ratio = (id: string, baseline: string, pick: (run: Measured) => number) => {
      const of = runs.get(`${id} ${route.name}`);
      const base = runs.get(`${baseline} ${route.name}`);
      return of && base
        ? pairedRatio(of, base, pick)
        : { median: Number.NaN, lowest: Number.NaN, highest: Number.NaN };
    };
    const folio = results.get(`folio ${route.name}`)!.load;
    const vsRawRounds = ratio('folio', 'raw', rps);
    const vsRaw = vsRawRounds.median;
    const vsHono = ratio('folio', 'hono', rps).median;
    const p99 = ratio('folio', 'raw', p99Of).median;
    const workers = ratio('folio-2', 'folio', rps).median;
    const onWhatwg = ratio('folio-whatwg', 'raw', rps).median;
    const bunRate = hasBun ? ratio('folio-bun', 'bun', rps).median : Number.NaN;
    const cpuVsRaw = ratio('folio', 'raw', cpu).median;
    /** A target over runs that got other answers than the route's is not met, whatever the figure. */
    const checkClean = (what: string, value: string, target: string, met: boolean, ids: string[]) => {
      const wrong = ids.filter((id) => unclean.has(`${id} ${route.name}`));
      check(what, wrong.length ? `${value}, wrong statuses` : value, target, met && !wrong.length);
    };
    ratioRows.push([
      route.name,
      fmt.x(vsRaw),
      `${fmt.x(vsRawRounds.lowest)}–${fmt.x(vsRawRounds.highest)}`,
      fmt.x(cpuVsRaw),
      fmt.x(onWhatwg),
      fmt.x(vsHono),
      fmt.x(p99),
      fmt.x(bunRate),
      fmt.x(workers),
    ]);
    if (route.kind === 'reading') continue;
    if (route.kind === 'mcp') {
      checkClean(`Folio/Hono req/s, ${route.name}`, fmt.x(vsHono), '≥ 3.00x', vsHono >= 3, ['folio', 'hono']);
      checkClean(`Folio p99, ${route.name}`, fmt.ms(folio.p99), '≤ 10 ms', folio.p99 <= 10, ['folio']);
      continue;
    }
    checkClean(`Folio/raw node:http req/s, ${route.name}`, fmt.x(vsRaw), '≥ 0.90x', vsRaw >= 0.9, [
      'folio',
      'raw',
    ]);
    checkClean(`Folio/Hono req/s, ${route.name}`, fmt.x(vsHono), '≥ 1.30x', vsHono >= 1.3, ['folio', 'hono']);
    checkClean(`Folio p99 / raw p99, ${route.name}`, fmt.x(p99), '≤ 1.30x', p99 <= 1.3, ['folio', 'raw']);
    if (hasBun)
      checkClean(
        `Folio Bun/bare Bun.serve req/s, ${route.name}`,
        fmt.x(bunRate),
        '≥ 0.95x',
        bunRate >= 0.95,
        ['folio-bun', 'bun'],
      );
  }
  out.table(
    [
      'route',
      'Folio Node / raw node:http',
      'lowest–highest round',
      'CPU per request, Folio Node / raw',
      'on @whatwg-node/server / raw',
      'Folio Node / Hono',
      'p99 Folio / raw',
      'Folio Bun / bare Bun.serve',
      'Folio 2 workers / 1',
    ],
    ratioRows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
  const searchRoute = routes.find((route) => route.kind === 'mcp');
  if (searchRoute) {
    const readPerSearch = pairedRatio(
      runs.get(`folio ${GET_POST_ROUTE}`)!,
      runs.get(`folio ${searchRoute.name}`)!,
      rps,
    ).median;
    out.paragraph(
      `${GET_POST_ROUTE} reads ${largest.lang}/${largest.slug}, the sample blog's longest post ` +
        `(${largest.totalLength.toLocaleString('en-US')} characters of Markdown); the Hono app has no such ` +
        `tool; Folio on Node, get_post / search req/s: ${fmt.x(readPerSearch)}`,
    );
  }
  out.paragraph(
    `peak RSS: ${contenders.map((c) => `${c.label} ${fmt.mib(rss.get(c.id) ?? Number.NaN)}`).join(', ')}`,
  );
}

/**
 * An owner's HTML page served by Folio built beside the site (`--site`), against bare node:http
 * replaying the bytes Folio sent, in rounds as the other routes. The site is one page, the sample
 * blog's /blog/ as Folio wrote it, so the page is the size of the route "site page /blog/".
 */
async function besideStage(sampleOut: string) {
  const site = join(tmp, 'beside-site');
  mkdirSync(join(site, 'blog'), { recursive: true });
  copyFileSync(join(sampleOut, '_folio/blog/index.html'), join(site, 'blog/index.html'));
  const besideOut = join(tmp, 'beside-out');
  await tsx('src/bin/build.ts', '--content', 'content', '--site', site, '--out', besideOut);
  const route: Route = {
    name: "owner's page /blog/, beside its site",
    method: 'GET',
    url: '/blog/',
    headers: HTML_HEADERS,
    expect: 200,
    kind: 'prerendered',
  };
  const folioFile = join(tmp, 'folio-node.mjs');
  const folioEnv = { FOLIO_OUT: besideOut };
  const probe = await startServer(process.execPath, [folioFile], folioEnv);
  // The raw server answers what it was given: its readiness probe (the `limit=10` list), a 404, the page.
  const fixture: Fixture = {
    exchanges: [
      await exchange(probe.url, 'GET', READY_PATH, JSON_HEADERS),
      await exchange(probe.url, 'GET', '/api/no-such-resource.json', JSON_HEADERS),
      await exchange(probe.url, route.method, route.url, route.headers),
    ],
  };
  await probe.stop();
  const fixturePath = join(tmp, 'beside-fixture.json');
  writeFileSync(fixturePath, JSON.stringify(fixture));
  const contenders = [
    { id: 'raw', label: 'node:http (raw bytes)', file: join(tmp, 'raw-node.mjs'), env: {} },
    { id: 'folio', label: 'Folio on Node, beside the site', file: folioFile, env: folioEnv },
  ];
  const servers = new Map<string, Server>();
  const runs = new Map<string, Measured[]>();
  try {
    for (const { id, file, env } of contenders)
      servers.set(id, await startServer(process.execPath, [file], { BENCH_FIXTURE: fixturePath, ...env }));
    for (const difference of await compareAnswer(route, fixture, servers.get('raw')!.url))
      console.error(`warning: node:http ${route.name}: ${difference} differs from Folio's`);
    for (let round = 0; round < rounds; round++)
      for (const { id } of round % 2 ? [...contenders].reverse() : contenders)
        runs.set(id, [...(runs.get(id) ?? []), await loadMeasured(route, servers.get(id)!)]);
  } finally {
    for (const server of servers.values()) await server.stop();
  }
  const folio = runs.get('folio')!;
  const raw = runs.get('raw')!;
  const rps = (run: Measured) => run.load.requestsPerSecond;
  const ratio = pairedRatio(folio, raw, rps);
  const clean = [...folio, ...raw].every(
    (run) => run.load.errors === 0 && Object.keys(run.load.statuses).every((s) => Number(s) === route.expect),
  );
  out.heading(2, "Beside a built site: the owner's page");
  out.table(
    ['route', 'Folio req/s', 'raw node:http req/s', 'Folio / raw', 'lowest–highest round', 'p99 Folio / raw'],
    [
      [
        route.name,
        fmt.rps(rps(medianMeasured(folio))),
        fmt.rps(rps(medianMeasured(raw))),
        fmt.x(ratio.median),
        `${fmt.x(ratio.lowest)}–${fmt.x(ratio.highest)}`,
        fmt.x(pairedRatio(folio, raw, (run) => Math.max(run.load.p99, 0.01)).median),
      ],
    ],
    ['l', 'r', 'r', 'r', 'r', 'r'],
  );
  const value = clean ? fmt.x(ratio.median) : `${fmt.x(ratio.median)}, wrong statuses`;
  check(`Folio/raw node:http req/s, ${route.name}`, value, '≥ 0.90x', clean && ratio.median >= 0.9);
}

/** The sample blog and the synthetic corpus, built and served side by side. */
async function scaleStage(
  sampleOut: string,
  sampleBuild: MeasuredBuild | undefined,
  corpusJob: Promise<CorpusBuilds> | undefined,
) {
  const { first: corpusBuild, again: corpusRebuild } = await (corpusJob ?? buildCorpus());
  const bundleRun = await tsx(
    'src/bin/bundle.ts',
    '--out',
    CORPUS_OUT,
    '--dist',
    join(tmp, 'corpus-bundles'),
  );

  /** The median of `coldRuns` cold starts of each server, started in turn so drift hits all alike. */
  const coldStarts = async (starts: { file: string; env?: Record<string, string> }[]) => {
    const times = starts.map((): number[] => []);
    for (let i = 0; i < coldRuns; i++)
      for (const [j, { file, env }] of starts.entries()) {
        const server = await startServer(process.execPath, [file], env);
        times[j]!.push(server.startMs);
        await server.stop();
      }
    return times.map((runs) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!);
  };
  const scaleRoute = LIMIT_ROUTE;
  const measureScale = async (file: string, env: Record<string, string> = {}) => {
    const server = await startServer(process.execPath, [file], env);
    try {
      const rssStarted = residentMiB(server.pid, 'VmRSS');
      const first: { get: TimedGet; rssAfter: number }[] = [];
      for (const { path, headers } of FIRST_REQUESTS) {
        const get = await timedGet(server.url + path, headers);
        first.push({ get, rssAfter: residentMiB(server.pid, 'VmRSS') });
      }
      const searches = await firstSearches(server.url, server.pid);
      const result = await load(scaleRoute, server.url);
      return { result, rss: peakRss(server.pid), rssStarted, first, searches };
    } finally {
      await server.stop();
    }
  };
  const folioNode = join(tmp, 'folio-node.mjs');
  const coldNode = join(tmp, 'cold-node.mjs');
  const corpusEnv = { FOLIO_OUT: CORPUS_OUT };
  const [floor, sampleCold, corpusFloor, corpusCold] = (await coldStarts([
    { file: coldNode },
    { file: folioNode },
    { file: coldNode, env: corpusEnv },
    { file: folioNode, env: corpusEnv },
  ])) as [number, number, number, number];
  const sample = await measureScale(folioNode);
  const big = await measureScale(folioNode, corpusEnv);
  const bundles = edgeBundleSizes(bundleRun.stdout);
  const buildMs = (run: { stdout: string; ms: number }) =>
    Number(/in (\d+) ms/.exec(run.stdout)?.[1] ?? run.ms);
  const sampleCount = sampleBuild
    ? (/built (\d+) posts/.exec(sampleBuild.stdout)?.[1] ?? '?')
    : String(
        Object.values(
          JSON.parse(readFileSync(BUILT_SAMPLE, 'utf8')).lists as Record<string, { total: number }>,
        )[0]?.total,
      );
  const sampleBuildCell = (cell: (run: MeasuredBuild) => string) =>
    sampleBuild ? cell(sampleBuild) : 'not rebuilt';
  const cpuCell = ({ usage }: MeasuredBuild) => fmt.s(usage.userMs + usage.systemMs);
  const rssCell = ({ usage }: MeasuredBuild) => fmt.mib(usage.maxRssKiB / 1024);
  const pageCell = ({ largestPage }: MeasuredBuild) =>
    `${fmt.bytes(largestPage.bytes)} (${largestPage.path.slice(1) || 'none'})`;
  const scaleRatio = big.result.requestsPerSecond / sample.result.requestsPerSecond;

  out.heading(2, `Scale: the sample blog (${sampleCount} posts) vs a synthetic ${corpusPosts}-post corpus`);
  out.table(
    ['measure', 'sample blog', `${corpusPosts} posts`, 'ratio'],
    [
      [
        'build (its own timer)',
        sampleBuildCell((run) => fmt.s(buildMs(run))),
        fmt.s(buildMs(corpusBuild)),
        '',
      ],
      ['build (wall, incl. tsx start)', sampleBuildCell((run) => fmt.s(run.ms)), fmt.s(corpusBuild.ms), ''],
      ['build CPU, every thread (user + system)', sampleBuildCell(cpuCell), cpuCell(corpusBuild), ''],
      ['build peak RSS, every thread', sampleBuildCell(rssCell), rssCell(corpusBuild), ''],
      ['build again over that deployment (wall)', '', fmt.s(corpusRebuild.ms), ''],
      ['build again: peak RSS, every thread', '', rssCell(corpusRebuild), ''],
      ['largest HTML page written', sampleBuildCell(pageCell), pageCell(corpusBuild), ''],
      [`cold start to first 200 (median of ${coldRuns})`, fmt.ms(sampleCold), fmt.ms(corpusCold), ''],
      [
        'cold start of bare node:http loading the same files (the floor)',
        fmt.ms(floor),
        fmt.ms(corpusFloor),
        '',
      ],
      ['cold start, Folio / the floor', fmt.x(sampleCold / floor), fmt.x(corpusCold / corpusFloor), ''],
      ['RSS after start (one request)', fmt.mib(sample.rssStarted), fmt.mib(big.rssStarted), ''],
      ...FIRST_REQUESTS.flatMap(({ label }, i) => {
        const [small, large] = [sample.first[i]!, big.first[i]!];
        return [
          [`first request: ${label}`, firstCell(small.get), firstCell(large.get), ''],
          [
            `RSS after ${label}`,
            fmt.mib(small.rssAfter),
            fmt.mib(large.rssAfter),
            fmt.x(large.rssAfter / small.rssAfter),
          ],
        ];
      }),
      ['first MCP search', firstCell(sample.searches.first), firstCell(big.searches.first), ''],
      [
        `slowest of the next ${FIRST_SEARCHES.length - 1} distinct searches`,
        fmt.ms(sample.searches.slowestAfter),
        fmt.ms(big.searches.slowestAfter),
        '',
      ],
      [
        `RSS after ${FIRST_SEARCHES.length} distinct searches`,
        fmt.mib(sample.searches.rss),
        fmt.mib(big.searches.rss),
        fmt.x(big.searches.rss / sample.searches.rss),
      ],
      ['peak RSS under load', fmt.mib(sample.rss), fmt.mib(big.rss), ''],
      [
        `${scaleRoute.name} req/s`,
        fmt.rps(sample.result.requestsPerSecond),
        fmt.rps(big.result.requestsPerSecond),
        fmt.x(scaleRatio),
      ],
      [`${scaleRoute.name} p99`, fmt.ms(sample.result.p99), fmt.ms(big.result.p99), ''],
    ],
    ['l', 'r', 'r', 'r'],
  );
  out.heading(3, `The ${corpusPosts}-post deployment folder against the platforms' limits`);
  const stats = deploymentStats(CORPUS_OUT);
  out.table(['measure', `${corpusPosts} posts`], deploymentRows(stats, bundles), ['l', 'r']);
  out.list(PLATFORM_LIMITS.map(describeLimit));
  // Workers refuse a version with more files than the Paid plan takes, and so does Miniflare: a
  // corpus over it is measured in workerd by the sample blog's worker instead.
  const workersFiles = PLATFORM_LIMITS.find((limit) => limit.platform === 'Cloudflare Workers Paid')?.max;
  const corpusOnWorkers = workersFiles === undefined || stats.files <= workersFiles;
  const workerdBlog = corpusOnWorkers ? `${corpusPosts}-post` : `sample blog's (${sampleCount} posts)`;
  const workerdOut = corpusOnWorkers ? CORPUS_OUT : sampleOut;
  const workerdBundles = join(tmp, corpusOnWorkers ? 'corpus-bundles' : 'sample-bundles');
  if (!corpusOnWorkers) await tsx('src/bin/bundle.ts', '--out', sampleOut, '--dist', workerdBundles);
  const workerd = await workerdStarts(
    join(workerdBundles, 'cloudflare.js'),
    workerdOut,
    scaleRoute.url,
    coldRuns,
  );
  out.heading(
    3,
    `The ${workerdBlog} Cloudflare worker in workerd (Miniflare, medians of ${coldRuns} starts of each)`,
  );
  if (!corpusOnWorkers)
    out.paragraph(
      `The ${corpusPosts}-post deployment holds ${stats.files.toLocaleString('en-US')} files, more than any Workers plan takes (${workersFiles?.toLocaleString('en-US')}), so workerd runs the sample blog's.`,
    );
  out.table(
    ['measure', 'bare worker, same bindings', 'Folio', 'Folio minus bare: median (middle half)'],
    [
      [
        'runtime ready, over a one-file asset folder (loads the script)',
        fmt.ms(workerd.bare.smallReadyMs),
        fmt.ms(workerd.folio.smallReadyMs),
        fmt.spread(workerd.scriptMs),
      ],
      [
        `first request once ready, over the deployment (${scaleRoute.name} for Folio)`,
        fmt.ms(workerd.bare.firstMs),
        fmt.ms(workerd.folio.firstMs),
        fmt.spread(workerd.firstRequestMs),
      ],
      [
        'runtime ready, over the deployment (Miniflare indexing its assets)',
        fmt.ms(workerd.bare.readyMs),
        fmt.ms(workerd.folio.readyMs),
        '',
      ],
    ],
    ['l', 'r', 'r', 'r'],
  );
  const workerdCost = workerd.scriptMs.median + workerd.firstRequestMs.median;
  out.paragraph(
    `Folio's own cold start in workerd: ${fmt.ms(workerd.scriptMs.median)} loading the script + ${fmt.ms(workerd.firstRequestMs.median)} on the first request = ${fmt.ms(workerdCost)}. ` +
      "Both go through Miniflare, which reads and parses each script in this process too; its asset indexing is the same for both workers and varies by more than Folio's cost between identical starts, so it is left out.",
  );
  check(
    `limit=10 req/s, ${corpusPosts} posts / sample blog`,
    fmt.x(scaleRatio),
    '≥ 0.90x',
    scaleRatio >= 0.9,
  );
  const coldRatio = sampleCold / floor;
  check('cold start, sample blog, Folio / the floor', fmt.x(coldRatio), '≤ 1.20x', coldRatio <= 1.2);
  check(`cold start, ${corpusPosts} posts`, fmt.ms(corpusCold), '≤ 1 s', corpusCold <= 1000);
  check(
    `workerd cold start, ${corpusOnWorkers ? `${corpusPosts} posts` : 'sample blog'}, Folio's script and first request beyond the bare worker`,
    fmt.ms(workerdCost),
    '≤ 150 ms',
    workerdCost <= 150,
  );
  const searchRss = big.searches.rss / sample.searches.rss;
  check(
    `RSS after ${FIRST_SEARCHES.length} distinct searches, ${corpusPosts} posts / sample blog`,
    fmt.x(searchRss),
    '≤ 1.50x',
    searchRss <= 1.5,
  );
  check(
    `build, ${corpusPosts} posts (wall, incl. tsx start)`,
    fmt.s(corpusBuild.ms),
    '≤ 3 min',
    corpusBuild.ms <= 180_000,
  );
  const buildRssMiB = corpusBuild.usage.maxRssKiB / 1024;
  check(`build peak RSS, ${corpusPosts} posts`, fmt.mib(buildRssMiB), '≤ 1 GiB', buildRssMiB <= 1024);
  check(
    `build again over the deployment, ${corpusPosts} posts (wall)`,
    fmt.s(corpusRebuild.ms),
    '≤ 3 min',
    corpusRebuild.ms <= 180_000,
  );
  const rebuildRssMiB = corpusRebuild.usage.maxRssKiB / 1024;
  check(
    `build again over the deployment, ${corpusPosts} posts, peak RSS`,
    fmt.mib(rebuildRssMiB),
    '≤ 1 GiB',
    rebuildRssMiB <= 1024,
  );
  const page = corpusBuild.largestPage;
  check(`largest HTML page, ${corpusPosts} posts`, fmt.bytes(page.bytes), '< 200 KB', page.bytes < 200_000);
  const firstList = big.first[FIRST_LIST]!.get;
  check(
    `first ${FIRST_REQUESTS[FIRST_LIST].path}, ${corpusPosts} posts, to its first byte`,
    fmt.ms(firstList.firstByteMs),
    '≤ 20 ms',
    firstList.firstByteMs <= 20,
  );
  const firstSearch = big.searches.first;
  check(`first MCP search, ${corpusPosts} posts`, fmt.ms(firstSearch.ms), '≤ 50 ms', firstSearch.ms <= 50);
}

/** The rate limiter's memory under many distinct client addresses. */
async function limiterStage(limiterJob: ReturnType<typeof limiterMemory> | undefined) {
  const limiterRun = await (limiterJob ?? limiterMemory());
  const limiter = JSON.parse(limiterRun.stdout.trim()) as LimiterMemoryResult;
  const pastCap =
    limiter.checkpoints.find((c) => c.addresses > limiter.maxClients) ?? limiter.checkpoints.at(-1)!;
  out.heading(
    2,
    `Rate limiter: ${limiter.addresses.toLocaleString('en-US')} distinct addresses (half IPv4, half IPv6 /64s), cap ${limiter.maxClients.toLocaleString('en-US')}`,
  );
  out.table(
    ['addresses', 'tracked clients', 'heap + array buffers'],
    limiter.checkpoints.map((c) => [
      c.addresses.toLocaleString('en-US'),
      c.trackedClients.toLocaleString('en-US'),
      `${(c.bytes / 1048576).toFixed(1)} MiB`,
    ]),
    ['r', 'r', 'r'],
  );
  out.paragraph(
    `bytes per tracked client: ${limiter.bytesPerClient.toFixed(0)}; time per hit: ${limiter.nsPerHit.toFixed(0)} ns`,
  );
  check(
    'limiter bytes per tracked client',
    limiter.bytesPerClient.toFixed(0),
    '≤ 200',
    limiter.bytesPerClient <= 200,
  );
  // Bounded: past the cap the total stops growing (within 5%) however many more addresses come.
  const bounded = limiter.trackedClients <= limiter.maxClients && limiter.totalBytes <= pastCap.bytes * 1.05;
  check(
    `limiter total after ${limiter.addresses.toLocaleString('en-US')} addresses`,
    `${(limiter.totalBytes / 1048576).toFixed(1)} MiB (${(pastCap.bytes / 1048576).toFixed(1)} MiB at ${pastCap.addresses.toLocaleString('en-US')})`,
    'bounded by the cap',
    bounded,
  );
}

/** The handler's route table against itty-router's router.fetch over the same patterns, in one process. */
async function dispatchStage(sampleOut: string) {
  const dispatchRun = await tsx(
    'bench/dispatch.ts',
    '--manifest',
    join(sampleOut, '_folio/manifest.json'),
    ...(quick ? ['--requests', '20000', '--rounds', '1'] : []),
  );
  const dispatch = JSON.parse(dispatchRun.stdout.trim()) as DispatchResult;
  out.heading(
    2,
    `Dispatch: the route table and itty-router's router.fetch over the same patterns (${dispatch.paths} paths, in process)`,
  );
  out.table(
    ['dispatch', 'per request'],
    [
      ["route table (the handler's)", `${dispatch.tableNs.toFixed(0)} ns`],
      ["itty-router's router.fetch", `${dispatch.routerFetchNs.toFixed(0)} ns`],
    ],
    ['l', 'r'],
  );
}

/** The quota in memory against the quota in Redis, on one Folio Node process. */
async function storeStage() {
  const stores = await measureStores(join(tmp, 'folio-node.mjs'), LIMIT_ROUTE);
  const storeRatio = stores.redis.load.requestsPerSecond / stores.memory.load.requestsPerSecond;
  // Requests per second of the server's own CPU: what one process serves when the CPU is its limit.
  const cpuRatio = stores.memory.cpuMicroseconds / stores.redis.cpuMicroseconds;
  const storeRow = (label: string, { load: r, cpuMicroseconds }: Measured) => [
    label,
    fmt.rps(r.requestsPerSecond),
    fmt.ms(r.p50),
    fmt.ms(r.p99),
    fmt.us(cpuMicroseconds),
    Object.keys(r.statuses).join(','),
  ];
  out.heading(2, `Rate-limit store: Redis vs in memory (${LIMIT_ROUTE.name}, one Node process)`);
  out.table(
    ['store', 'req/s', 'p50', 'p99', 'server CPU per request', 'status'],
    [
      storeRow('in memory (default)', stores.memory),
      storeRow('Redis (FOLIO_RATE_LIMIT_STORE)', stores.redis),
    ],
    ['l', 'r', 'r', 'r', 'r', 'l'],
  );
  out.paragraph(
    `Redis / in memory: ${fmt.x(storeRatio)} req/s; ${fmt.x(cpuRatio)} requests per second of the server's CPU`,
  );
  check('Folio req/s, Redis store / in memory', fmt.x(storeRatio), '≥ 0.70x', storeRatio >= 0.7);
}

async function main() {
  const bun = join(RUNTIMES_BIN, 'bun');
  const hasBun = existsSync(bun);
  const settings =
    `folio bench: ${rounds} rounds of ${duration} s per route and contender after ${warmup} s warm-up, ${connections} connections, 127.0.0.1, ` +
    `${serverCpu !== undefined && canPin() ? `servers on core ${SERVER_CPU} (FOLIO_WORKERS=2 on every core), load and Redis on core ${LOAD_CPU}, ` : ''}` +
    `node ${process.version}${hasBun ? '' : ' (bun not found: Bun rows skipped)'}`;
  console.log(`${settings}\n`);

  // The quick run starts the corpus and the limiter now, alongside everything else.
  const corpusJob = quick ? early(buildCorpus()) : undefined;

  const limiterJob = quick && !scaleOnly ? early(limiterMemory()) : undefined;

  // The sample blog, built into the temporary folder so the working tree's output is untouched; the
  // quick and scale-only runs take the deployment already built in dist/public instead. Every server
  // started from here serves it (FOLIO_OUT), but for the corpus's.
  const reuseSample = (quick || scaleOnly) && existsSync(BUILT_SAMPLE);
  const sampleOut = reuseSample ? join(ROOT, 'dist/public') : join(tmp, 'sample-out');
  const sampleBuild = reuseSample ? undefined : await measuredBuild('content', sampleOut);
  process.env.FOLIO_OUT = sampleOut;
  await Promise.all([
    bundle('src/adapters/node.ts', join(tmp, 'folio-node.mjs')),
    bundle('bench/contenders/raw-node.ts', join(tmp, 'raw-node.mjs')),
    bundle('bench/contenders/hono.ts', join(tmp, 'hono.mjs')),
    bundle('bench/contenders/whatwg-node.ts', join(tmp, 'whatwg-node.mjs')),
    bundle('bench/contenders/cold-node.ts', join(tmp, 'cold-node.mjs')),
  ]);

  if (!scaleOnly) {
    await throughputStage(bun, hasBun);
    await besideStage(sampleOut);
  }
  await scaleStage(sampleOut, sampleBuild, corpusJob);
  if (!scaleOnly) {
    await limiterStage(limiterJob);
    await dispatchStage(sampleOut);
    await storeStage();
  }

  out.heading(2, 'Targets');
  out.table(
    ['target', 'measured', 'goal', 'met'],
    checks.map((c) => [c.what, c.value, c.target, c.met ? 'yes' : 'NO']),
    ['l', 'r', 'l', 'l'],
  );
  out.paragraph(`${checks.filter((c) => c.met).length} of ${checks.length} targets met.`);
  if (reportDir) {
    const written = writeReport({ date, command: commandLine, settings, blocks: out.blocks }, reportDir);
    console.log(`folio bench: wrote ${written.json} and ${written.markdown}`);
  }
}

try {
  await main();
} finally {
  cleanup();
}
