/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against the Node server, at
 * each protocol version both serve: every server scenario that tests what a read-only, stateless
 * server with tools and resources must do, each check passing but those that cannot apply to Folio
 * (named below, each with why). The suite's other scenarios call fixtures of its reference server
 * by name (`test_simple_text`, `test://static-text`, `test_prompt_with_arguments`, ...) or features
 * Folio does not offer (prompts, sampling, elicitation, logging, subscriptions, sessions, SSE
 * streams, tasks); docs/mcp.md says why each one does not apply. Its CLI needs Node 22
 * (fs.globSync), so it runs on the pinned Node 22.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../src/mcp/protocol.ts';
import { pinnedNode } from './support/pinned-node.ts';
import { RUNTIMES_BIN } from './support/runtimes.ts';
import { type RunningServer, startNode } from './support/server.ts';

const CONFORMANCE = resolve(RUNTIMES_BIN, 'conformance');

/** The versions the suite runs scenarios at; it has none for 2025-03-26 but server-session-lifecycle. */
const VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
type Version = (typeof VERSIONS)[number];

interface Run {
  /** The versions it runs at: every one the suite tags it with that Folio serves, but those of notAt. */
  versions: Version[];
  /** Versions the suite tags it with where it does not apply, each with why. */
  notAt?: Partial<Record<Version, string>>;
  /** Its checks that cannot apply to Folio, each with why: every other check must pass. */
  notApplicable?: Record<string, string>;
}

const TEST_TOOL =
  'needs a diagnostic tool of the reference server; Folio does not publish test tools to every agent';

/** The scenarios run, each for what it checks of Folio. */
const RUN: Record<string, Run> = {
  // The handshake, and ping after it.
  'server-initialize': { versions: ['2025-06-18', '2025-11-25'] },
  ping: { versions: ['2025-06-18', '2025-11-25'] },
  // Every tool has a name, a description and an input schema; names are well formed, the order stable.
  'tools-list': { versions: ['2025-06-18', '2025-11-25', '2026-07-28'] },
  // Every resource has a URI and a name.
  'resources-list': { versions: ['2025-06-18', '2025-11-25', '2026-07-28'] },
  // On loopback, a foreign Host/Origin gets a 4xx, the server's own loopback address a 2xx.
  'dns-rebinding-protection': { versions: ['2025-11-25', '2026-07-28'] },
  // The stateless revision: _meta on every request, server/discover, the 400/404 rules and their codes.
  'server-stateless': {
    versions: ['2026-07-28'],
    notApplicable: {
      'sep-2575-server-rejects-undeclared-capability': TEST_TOOL,
      'sep-2575-missing-capability-http-400': TEST_TOOL,
      'sep-2575-http-server-no-independent-requests-on-stream': TEST_TOOL,
      'sep-2575-server-no-log-without-loglevel': TEST_TOOL,
      'sep-2575-server-sends-subscription-ack': 'no subscriptions: resources change only with a deployment',
      'sep-2575-server-tags-subscription-id': 'no subscriptions',
      'sep-2575-server-honors-notification-filter': 'no subscriptions',
      'sep-2575-server-sends-prompts-list-changed-on-subscription': 'no subscriptions, no prompts',
      'sep-2575-server-sends-tools-list-changed-on-subscription': 'no subscriptions',
    },
  },
  // ttlMs and cacheScope on every cacheable result.
  caching: {
    versions: ['2026-07-28'],
    notApplicable: { 'sep-2549-prompts-list-caching-hints': 'no prompts: prompts/list is Method not found' },
  },
  // An unknown resource is -32602 with data.uri, never empty contents.
  'sep-2164-resource-not-found': { versions: ['2026-07-28'] },
  // Malformed or mismatched Mcp-* headers are 400.
  'http-header-validation': { versions: ['2026-07-28'] },
  // Concurrent POSTs are all answered.
  'server-sse-multiple-streams': {
    versions: ['2026-07-28'],
    notAt: { '2025-11-25': 'it opens the streams in a session; Folio keeps none' },
  },
  // No InputRequiredResult from a method that may not send one.
  'input-required-result-unsupported-methods': { versions: ['2026-07-28'] },
};

/** The scenarios that do not apply at any version, as docs/mcp.md explains. */
const NOT_APPLICABLE = [
  'server-session-lifecycle',
  'server-sse-polling',
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
  'http-custom-header-server-validation',
  'sep-2640-skills-directory',
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
  'input-required-result-basic-elicitation',
  'input-required-result-basic-sampling',
  'input-required-result-basic-list-roots',
  'input-required-result-request-state',
  'input-required-result-multiple-input-requests',
  'input-required-result-multi-round',
  'input-required-result-missing-input-response',
  'input-required-result-non-tool-request',
  'input-required-result-result-type',
  'input-required-result-tampered-state',
  'input-required-result-capability-check',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/**
 * The CLI's output. Its exit status only says whether every check of every scenario passed, which
 * those that do not apply never do: the checks it writes are what this test reads.
 */
function conformance(...args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      pinnedNode('node-22'),
      [CONFORMANCE, ...args],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error && typeof error.code !== 'number' ? fail(error) : done(`${stdout}${stderr}`),
    );
  });
}

let server: RunningServer;
let results: string;
/** The suite's list of server scenarios, each with the versions (or extension) it is tagged with. */
let listing: string;
/** Each version's run: the checks of every scenario the suite ran at it, by scenario. */
const ran = new Map<Version, Map<string, Check[]>>();

beforeAll(async () => {
  // Each version runs every scenario it tags, more requests than the default quota allows a client.
  server = await startNode({ FOLIO_RATE_LIMIT_QUOTA: '100000' });
  results = mkdtempSync(join(tmpdir(), 'folio-conformance-'));
  const url = `${server.url}/mcp`;
  const runs = VERSIONS.map(async (version) => {
    const out = join(results, version);
    await conformance('server', '--url', url, '--suite', 'all', '--spec-version', version, '-o', out);
    ran.set(version, checksByScenario(out));
  });
  [listing] = await Promise.all([conformance('list', '--server'), ...runs]);
});

afterAll(async () => {
  await server?.stop();
  if (results) rmSync(results, { recursive: true, force: true });
});

it('the suite has no server scenario, or version of one, this test has not decided on', () => {
  const listed = new Map(
    [...listing.matchAll(/^ {2}- (\S+) \[([^\]]*)\]$/gm)].map(([, name, tags]) => [
      name as string,
      (tags as string).split(',').filter((tag) => SUPPORTED_PROTOCOL_VERSIONS.includes(tag)),
    ]),
  );
  expect([...listed.keys()].sort()).toEqual([...Object.keys(RUN), ...NOT_APPLICABLE].sort());
  for (const [scenario, run] of Object.entries(RUN)) {
    const decided = [...run.versions, ...Object.keys(run.notAt ?? {})].sort();
    expect(decided, scenario).toEqual([...listed.get(scenario)!].sort());
  }
});

describe.each(VERSIONS)('the Node server at %s', (version) => {
  const scenarios = Object.entries(RUN).filter(([, run]) => run.versions.includes(version));

  it.each(scenarios)('%s passes every check that applies', (scenario, run) => {
    const checks = ran.get(version)!.get(scenario);
    expect(checks, `${scenario} did not run at ${version}`).toBeDefined();
    const unpassed = checks!.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO');
    const unpassedIds = [...new Set(unpassed.map((check) => check.id))].sort();
    expect(unpassedIds, JSON.stringify(unpassed, null, 2)).toEqual(
      Object.keys(run.notApplicable ?? {}).sort(),
    );
    expect(checks!.some((check) => check.status === 'SUCCESS')).toBe(true);
  });

  it('every message Folio sent, in every scenario the suite ran, is valid under the schema of the version', () => {
    // The scenarios that do not apply ran too: what Folio answered them is checked all the same.
    const validations = [...ran.get(version)!].flatMap(([scenario, checks]) =>
      checks.filter((check) => check.id === 'wire-schema-valid').map((check) => ({ scenario, ...check })),
    );
    expect(new Set(validations.map((check) => check.scenario)).size).toBeGreaterThan(scenarios.length);
    expect(validations.filter((check) => check.status !== 'SUCCESS')).toEqual([]);
  });
});

/** The checks the CLI wrote in `out`, one folder per scenario (`server-<scenario>-<timestamp>`). */
function checksByScenario(out: string): Map<string, Check[]> {
  return new Map(
    readdirSync(out).map((folder) => {
      const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(folder)?.[1];
      expect(scenario, folder).toBeDefined();
      return [scenario!, JSON.parse(readFileSync(join(out, folder, 'checks.json'), 'utf8'))];
    }),
  );
}
