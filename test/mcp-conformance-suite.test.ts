/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against the Node server:
 * every server scenario that tests what a read-only server with tools and resources must do. The
 * suite's other scenarios call fixtures of its reference server by name (`test_simple_text`,
 * `test://static-text`, `test_prompt_with_arguments`, ...) or features Folio does not offer
 * (prompts, sampling, elicitation, logging, subscriptions, SSE streams); docs/mcp.md says why each
 * one does not apply. Its CLI needs Node 22 (fs.globSync), so it runs on the pinned Node 22.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedNode } from './support/pinned-node.ts';
import { RUNTIMES_BIN } from './support/runtimes.ts';
import { type RunningServer, startNode } from './support/server.ts';

const run = promisify(execFile);
const CONFORMANCE = resolve(RUNTIMES_BIN, 'conformance');

/** The scenarios run, each for what it checks of Folio. */
const RUN = [
  'server-initialize', // the handshake
  'ping', // ping after it
  'tools-list', // every tool has a name, a description and an input schema
  'resources-list', // every resource has a URI and a name
  'dns-rebinding-protection', // a loopback server refuses a foreign Host/Origin, serves its own
];

/** The scenarios that do not apply, as docs/mcp.md explains. */
const NOT_APPLICABLE = [
  'logging-set-level',
  'completion-complete',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'json-schema-2020-12',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

function conformance(...args: string[]) {
  return run(pinnedNode('node-22'), [CONFORMANCE, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

/** The checks one scenario wrote, read from the results folder the CLI was given. */
function checksIn(results: string): Check[] {
  const [folder, ...others] = readdirSync(results);
  expect(others).toEqual([]);
  return JSON.parse(readFileSync(join(results, folder as string, 'checks.json'), 'utf8'));
}

it('the suite has no server scenario this test has not decided on', async () => {
  const { stdout } = await conformance('list', '--server');
  const listed = [...stdout.matchAll(/^ {2}- (\S+)/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual([...RUN, ...NOT_APPLICABLE].sort());
});

describe('against the Node server', () => {
  let server: RunningServer;
  let results: string;

  beforeAll(async () => {
    server = await startNode();
    results = mkdtempSync(join(tmpdir(), 'folio-conformance-'));
  });

  afterAll(async () => {
    await server?.stop();
    if (results) rmSync(results, { recursive: true, force: true });
  });

  it.each(RUN)('%s passes every check', async (scenario) => {
    const out = join(results, scenario);
    const url = `${server.url}/mcp`;
    const { stdout } = await conformance('server', '--url', url, '--scenario', scenario, '-o', out);
    const checks = checksIn(out);
    const failed = checks.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO');
    expect(failed, stdout).toEqual([]);
    expect(checks.filter((check) => check.status === 'SUCCESS').length).toBeGreaterThan(0);
    expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
  });
});
