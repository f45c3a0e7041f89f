/**
 * A smoke run of `npm run bench -- --quick`: every stage runs once and prints its table and ratio
 * lines, and every contender answers each route as Folio does. No timing assertions: the figures
 * depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const RATIO = String.raw`(?:\d+\.\d\dx|n/a)`;

it('npm run bench -- --quick prints every table and ratio', { timeout: 120_000 }, () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).not.toContain("differs from Folio's");
  const out = run.stdout;
  for (const heading of [
    '## Throughput and latency',
    '## Ratios (same run)',
    '## Scale:',
    "deployment folder against the platforms' limits",
    '## Rate limiter:',
    '## Dispatch:',
    '## Rate-limit store: Redis vs in memory',
    '## Targets',
  ])
    expect(out).toContain(heading);

  expect(out).toMatch(
    /\| route +\| contender +\| +req\/s \| +p50 \| +p99 \| server CPU per request \| status \|/,
  );
  for (const contender of [
    'node:http (raw bytes)',
    'Hono on @hono/node-server',
    'Folio on Node',
    'Folio on Node, FOLIO_WORKERS=2',
    'Folio on @whatwg-node/server',
  ])
    expect(out).toMatch(
      new RegExp(
        `\\| posts-en limit=10 +\\| ${contender.replace(/[()]/g, '\\$&')} +\\| +[\\d,]+ \\|.*\\| +(\\d+ µs|n/a) \\| 200 +\\|`,
      ),
    );
  expect(out).toMatch(
    /\| route +\| Folio Node \/ raw node:http \| lowest–highest round \| CPU per request, Folio Node \/ raw \| on @whatwg-node\/server \/ raw \| Folio Node \/ Hono \| p99 Folio \/ raw \| Folio Bun \/ bare Bun.serve \| Folio 2 workers \/ 1 \|/,
  );
  // get_post on the longest post, held to the bare servers replaying its bytes: Hono has no such tool.
  for (const contender of ['node:http (raw bytes)', 'Folio on Node', 'Folio on @whatwg-node/server'])
    expect(out).toMatch(
      new RegExp(
        `\\| MCP tools/call get_post +\\| ${contender.replace(/[()]/g, '\\$&')} +\\| +[\\d,]+ \\|.*\\| 200 +\\|`,
      ),
    );
  expect(out).not.toMatch(/\| MCP tools\/call get_post +\| Hono/);
  expect(out).toMatch(
    new RegExp(
      `^MCP tools/call get_post reads (en|es)/[a-z0-9-]+, the sample blog's longest post \\([\\d,]+ characters .*get_post / search req/s: ${RATIO}$`,
      'm',
    ),
  );
  for (const route of ['posts-en limit=10', 'MCP tools/call search', 'MCP tools/call get_post'])
    expect(out).toMatch(
      new RegExp(
        `\\| ${route} +\\| +${RATIO} \\| +${RATIO}–${RATIO} \\| +${RATIO} \\| +${RATIO} \\| +${RATIO} \\| +${RATIO} \\| +${RATIO} \\| +${RATIO} \\|`,
      ),
    );
  expect(out).toMatch(/^peak RSS: node:http \(raw bytes\) /m);

  expect(out).toMatch(/\| measure +\| +sample blog \| +20 posts \| ratio \|/);
  expect(out).toMatch(/\| cold start to first 200 \(median of 1\) +\|/);
  // The quick run reuses the sample blog's deployment, so only the corpus is built and measured.
  expect(out).toMatch(/\| build peak RSS, every thread +\| +not rebuilt \| +\d+ MiB \|/);
  expect(out).toMatch(/\| largest HTML page written +\| +not rebuilt \| +[\d.]+ KiB \(\S+\.html\) \|/);
  // The corpus is built a second time over its first deployment.
  expect(out).toMatch(/\| build again over that deployment \(wall\) +\| +\| +[\d.]+ s \|/);
  expect(out).toMatch(/\| build again: peak RSS, every thread +\| +\| +\d+ MiB \|/);
  for (const target of [
    'build, 20 posts',
    'build peak RSS, 20 posts',
    'build again over the deployment, 20 posts (wall)',
    'build again over the deployment, 20 posts, peak RSS',
    'first /api/posts.json, 20 posts',
    'first MCP search, 20 posts',
  ])
    expect(out).toContain(`| ${target}`);
  expect(out).toMatch(
    /\| cold start of bare node:http loading the same files \(the floor\) +\| +[\d.]+ ms \|/,
  );
  expect(out).toMatch(new RegExp(`\\| cold start, Folio / the floor +\\| +${RATIO} \\| +${RATIO} \\|`));
  expect(out).toMatch(/\| RSS after start \(one request\) +\| +\d+ MiB \| +\d+ MiB \|/);
  for (const kind of ['page /blog/', 'API /api/posts.json', 'discovery /llms-full.txt']) {
    expect(out).toMatch(
      new RegExp(
        `\\| first request: ${kind} +\\| +[\\d.]+ ms, first byte [\\d.]+ ms \\(200, [\\d.]+ KiB\\) \\|`,
      ),
    );
    expect(out).toMatch(new RegExp(`\\| RSS after ${kind} +\\| +\\d+ MiB \\| +\\d+ MiB \\| +${RATIO} \\|`));
  }
  const timed = String.raw`[\d.]+ ms, first byte [\d.]+ ms \(200, [\d.]+ KiB\)`;
  expect(out).toMatch(new RegExp(String.raw`\| first MCP search +\| +${timed} \| +${timed} \|`));
  expect(out).toMatch(
    new RegExp(`\\| RSS after 20 distinct searches +\\| +\\d+ MiB \\| +\\d+ MiB \\| +${RATIO} \\|`),
  );
  expect(out).toMatch(/\| files +\| +[\d,]+ \|/);
  expect(out).toMatch(/\| fullest folder +\| +\S+ \([\d,]+ files\) \|/);
  for (const edge of ['vercel', 'netlify', 'cloudflare'])
    expect(out).toMatch(new RegExp(`\\| edge bundle ${edge}\\.js, gzip +\\| +[\\d.]+ KiB \\|`));
  expect(out).toMatch(/^- Cloudflare Workers Free: 20,000 files/m);
  expect(out).toMatch(new RegExp(`\\| posts-en limit=10 req/s +\\|.*\\| +${RATIO} \\|`));

  expect(out).toMatch(/\| addresses \| tracked clients \| heap \+ array buffers \|/);
  expect(out).toMatch(/bytes per tracked client: \d+; time per hit: \d+ ns/);

  expect(out).toMatch(/\| Redis \(FOLIO_RATE_LIMIT_STORE\) +\| +[\d,]+ \|.*\| +\d+ µs \| 200 +\|/);
  expect(out).toMatch(
    new RegExp(`^Redis / in memory: ${RATIO} req/s; ${RATIO} requests per second of the server's CPU$`, 'm'),
  );

  expect(out).toMatch(/\| target +\| +measured \| goal +\| met \|/);
  expect(out).toMatch(/\d+ of \d+ targets met\./);
});
