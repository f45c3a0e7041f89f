/**
 * A smoke run of `npm run bench -- --quick`, read from the report it writes (the data of
 * docs/benchmarks.json): every stage runs once and reports its tables, and every contender answers
 * each route as Folio does. No timing assertions: the figures depend on the machine; each cell is
 * only checked to be a figure of its kind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchReport, Block } from '../bench/report.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The sample blog's deployment, which a quick run reuses instead of building it. */
const SAMPLE_DEPLOYMENT = join(ROOT, 'dist/public/_folio/manifest.json');

const RATIO = /^(\d+\.\d\dx|n\/a)$/;
const ROUND_SPREAD = /^\d+\.\d\dx–\d+\.\d\dx$/;
const COUNT = /^[\d,]+$/;
const MIB = /^\d+ MiB$/;
const MS = /^[\d.]+ ms$/;
const CPU = /^(\d+ µs|n\/a)$/;
const FIRST_REQUEST = /^[\d.]+ ms, first byte [\d.]+ ms \(200, [\d.]+ KiB\)$/;

type Table = Extract<Block, { kind: 'table' }>;

let report: BenchReport;
let sampleReused: boolean;

beforeAll(() => {
  sampleReused = existsSync(SAMPLE_DEPLOYMENT);
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--report', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).not.toContain("differs from Folio's");
  report = JSON.parse(readFileSync(join(dir, 'benchmarks.json'), 'utf8')) as BenchReport;
}, 120_000);

/** The first table after the heading that starts with `heading`. */
function tableUnder(heading: string): Table {
  const at = report.blocks.findIndex((block) => block.kind === 'heading' && block.text.startsWith(heading));
  expect(at, `a heading "${heading}…"`).toBeGreaterThanOrEqual(0);
  const table = report.blocks.slice(at).find((block): block is Table => block.kind === 'table');
  if (!table) throw new Error(`no table under "${heading}"`);
  return table;
}

/** The cells after the leading `keys` of the row that starts with them. */
function cellsOf(table: Table, ...keys: string[]): string[] {
  const row = table.rows.find((cells) => keys.every((key, i) => cells[i] === key));
  if (!row)
    throw new Error(`no row ${keys.join(' | ')} in:\n${table.rows.map((r) => r.join(' | ')).join('\n')}`);
  return row.slice(keys.length);
}

/** Each cell matches its pattern, or equals its string. */
function expectCells(cells: string[], expected: (RegExp | string)[]) {
  expect(cells).toHaveLength(expected.length);
  expected.forEach((want, i) => {
    if (typeof want === 'string') expect(cells[i]).toBe(want);
    else expect(cells[i]).toMatch(want);
  });
}

function paragraphs(): string[] {
  return report.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
}

describe('npm run bench -- --quick', () => {
  it('reports every stage under its heading', () => {
    const headings = report.blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []));
    for (const heading of [
      'Throughput and latency',
      'Ratios (same run)',
      'Scale:',
      'Rate limiter:',
      'Dispatch:',
      'Rate-limit store: Redis vs in memory',
      'Targets',
    ])
      expect(
        headings.some((text) => text.startsWith(heading)),
        heading,
      ).toBe(true);
    expect(headings.some((text) => text.endsWith("deployment folder against the platforms' limits"))).toBe(
      true,
    );
  });

  it('measures every contender on every route, each answering as Folio does', () => {
    const table = tableUnder('Throughput and latency');
    expect(table.headers).toEqual([
      'route',
      'contender',
      'req/s',
      'p50',
      'p99',
      'server CPU per request',
      'status',
    ]);
    for (const contender of [
      'node:http (raw bytes)',
      'Hono on @hono/node-server',
      'Folio on Node',
      'Folio on Node, FOLIO_WORKERS=2',
      'Folio on @whatwg-node/server',
    ])
      expectCells(cellsOf(table, 'posts-en limit=10', contender), [COUNT, MS, MS, CPU, '200']);
    // get_post on the longest post, held to the bare servers replaying its bytes: Hono has no such tool.
    for (const contender of ['node:http (raw bytes)', 'Folio on Node', 'Folio on @whatwg-node/server'])
      expectCells(cellsOf(table, 'MCP tools/call get_post', contender), [COUNT, MS, MS, CPU, '200']);
    expect(
      table.rows.filter(
        ([route, contender]) => route === 'MCP tools/call get_post' && contender?.startsWith('Hono'),
      ),
    ).toEqual([]);
    expect(paragraphs()).toContainEqual(
      expect.stringMatching(
        /^MCP tools\/call get_post reads (en|es)\/[a-z0-9-]+, the sample blog's longest post \([\d,]+ characters .*get_post \/ search req\/s: (\d+\.\d\dx|n\/a)$/,
      ),
    );
    expect(paragraphs()).toContainEqual(expect.stringMatching(/^peak RSS: node:http \(raw bytes\) \d+ MiB/));
  });

  it("holds an owner's page served beside its site to bare node:http replaying it, in the same run", () => {
    const table = tableUnder("Beside a built site: the owner's page");
    expect(table.headers).toEqual([
      'route',
      'Folio req/s',
      'raw node:http req/s',
      'Folio / raw',
      'lowest–highest round',
      'p99 Folio / raw',
    ]);
    expectCells(cellsOf(table, "owner's page /blog/, beside its site"), [
      COUNT,
      COUNT,
      RATIO,
      ROUND_SPREAD,
      RATIO,
    ]);
    expectCells(
      cellsOf(tableUnder('Targets'), "Folio/raw node:http req/s, owner's page /blog/, beside its site"),
      [/^\d+\.\d\dx$/, '≥ 0.90x', /^(yes|NO)$/],
    );
  });

  it('gives each route its ratios, taken within rounds', () => {
    const table = tableUnder('Ratios (same run)');
    expect(table.headers).toEqual([
      'route',
      'Folio Node / raw node:http',
      'lowest–highest round',
      'CPU per request, Folio Node / raw',
      'on @whatwg-node/server / raw',
      'Folio Node / Hono',
      'p99 Folio / raw',
      'Folio Bun / bare Bun.serve',
      'Folio 2 workers / 1',
    ]);
    for (const route of ['posts-en limit=10', 'MCP tools/call search', 'MCP tools/call get_post'])
      expectCells(cellsOf(table, route), [RATIO, ROUND_SPREAD, RATIO, RATIO, RATIO, RATIO, RATIO, RATIO]);
  });

  it('builds the corpus twice and measures its first requests beside the sample blog', () => {
    const table = tableUnder('Scale:');
    expect(table.headers).toEqual(['measure', 'sample blog', '20 posts', 'ratio']);
    // A quick run reuses the sample blog's deployment when there is one, and then measures only the corpus's build.
    const sampleBuilt = sampleReused ? 'not rebuilt' : MIB;
    expectCells(cellsOf(table, 'build peak RSS, every thread'), [sampleBuilt, MIB, '']);
    expectCells(cellsOf(table, 'largest HTML page written'), [
      sampleReused ? 'not rebuilt' : /^[\d.]+ KiB \(\S+\.html\)$/,
      /^[\d.]+ KiB \(\S+\.html\)$/,
      '',
    ]);
    expectCells(cellsOf(table, 'build again over that deployment (wall)'), ['', /^[\d.]+ s$/, '']);
    expectCells(cellsOf(table, 'build again: peak RSS, every thread'), ['', MIB, '']);
    expectCells(cellsOf(table, 'cold start to first 200 (median of 1)'), [MS, MS, '']);
    expectCells(cellsOf(table, 'cold start of bare node:http loading the same files (the floor)'), [
      MS,
      MS,
      '',
    ]);
    expectCells(cellsOf(table, 'cold start, Folio / the floor'), [RATIO, RATIO, '']);
    expectCells(cellsOf(table, 'RSS after start (one request)'), [MIB, MIB, '']);
    for (const kind of ['page /blog/', 'API /api/posts.json', 'discovery /llms-full.txt']) {
      expectCells(cellsOf(table, `first request: ${kind}`), [FIRST_REQUEST, FIRST_REQUEST, '']);
      expectCells(cellsOf(table, `RSS after ${kind}`), [MIB, MIB, RATIO]);
    }
    expectCells(cellsOf(table, 'first MCP search'), [FIRST_REQUEST, FIRST_REQUEST, '']);
    expectCells(cellsOf(table, 'RSS after 20 distinct searches'), [MIB, MIB, RATIO]);
    expectCells(cellsOf(table, 'posts-en limit=10 req/s'), [COUNT, COUNT, RATIO]);
  });

  it('holds the deployment folder to the platforms’ limits', () => {
    const table = tableUnder('The 20-post deployment folder');
    expectCells(cellsOf(table, 'files'), [COUNT]);
    expectCells(cellsOf(table, 'fullest folder'), [/^\S+ \([\d,]+ files\)$/]);
    for (const edge of ['vercel', 'netlify', 'cloudflare'])
      expectCells(cellsOf(table, `edge bundle ${edge}.js, gzip`), [/^[\d.]+ KiB$/]);
    const limits = report.blocks.flatMap((block) => (block.kind === 'list' ? block.items : []));
    expect(limits).toContainEqual(expect.stringMatching(/^Cloudflare Workers Free: 20,000 files/));
  });

  it('measures the limiter, the dispatch and the Redis store', () => {
    expect(tableUnder('Rate limiter:').headers).toEqual([
      'addresses',
      'tracked clients',
      'heap + array buffers',
    ]);
    expect(paragraphs()).toContainEqual(
      expect.stringMatching(/^bytes per tracked client: \d+; time per hit: \d+ ns$/),
    );
    const dispatch = tableUnder('Dispatch:');
    expectCells(cellsOf(dispatch, "route table (the handler's)"), [/^\d+ ns$/]);
    expectCells(cellsOf(dispatch, "itty-router's router.fetch"), [/^\d+ ns$/]);
    const store = tableUnder('Rate-limit store: Redis vs in memory');
    expectCells(cellsOf(store, 'Redis (FOLIO_RATE_LIMIT_STORE)'), [COUNT, MS, MS, /^\d+ µs$/, '200']);
    expect(paragraphs()).toContainEqual(
      expect.stringMatching(
        /^Redis \/ in memory: (\d+\.\d\dx|n\/a) req\/s; (\d+\.\d\dx|n\/a) requests per second of the server's CPU$/,
      ),
    );
  });

  it('weighs every target and counts those met', () => {
    const table = tableUnder('Targets');
    expect(table.headers).toEqual(['target', 'measured', 'goal', 'met']);
    for (const target of [
      'build, 20 posts',
      'build peak RSS, 20 posts',
      'build again over the deployment, 20 posts (wall)',
      'build again over the deployment, 20 posts, peak RSS',
      'first /api/posts.json, 20 posts',
      'first MCP search, 20 posts',
    ])
      expect(
        table.rows.some(([name]) => name?.startsWith(target)),
        target,
      ).toBe(true);
    for (const [, , , met] of table.rows) expect(met).toMatch(/^(yes|NO)$/);
    const met = table.rows.filter(([, , , cell]) => cell === 'yes').length;
    expect(paragraphs()).toContain(`${met} of ${table.rows.length} targets met.`);
  });
});
