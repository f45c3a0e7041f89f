import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The edit loop's tests (`npm run test:fast`): pure functions and the handler called in-process,
 * with no server, runtime, build command or browser started, so they need no global setup and
 * nothing beyond `npm ci` (CI runs them before it installs the test runtimes). The
 * property-based and bulk tests of the build (dev rebuild sequences, the file writer, rendering on
 * threads, search over a generated corpus) run with the rest in `npm test`.
 */
const FAST = [
  'test/api-handler.test.ts',
  'test/astro-platform.test.ts',
  'test/astro-resolved-config.test.ts',
  'test/bounded-memo.test.ts',
  'test/content-build.test.ts',
  'test/content-layouts.test.ts',
  'test/content-media.test.ts',
  'test/deployment-limits.test.ts',
  'test/dev-build.test.ts',
  'test/http-rules.test.ts',
  'test/languages.test.ts',
  'test/layers.test.ts',
  'test/limiter.test.ts',
  'test/mcp-fuzz.test.ts',
  'test/mcp-json-rpc.test.ts',
  'test/mcp-search.test.ts',
  'test/mcp-transport.test.ts',
  'test/not-acceptable.test.ts',
  'test/openapi.test.ts',
  'test/prepare-when-quiet.test.ts',
  'test/remove-folder.test.ts',
  'test/search-codec.test.ts',
  'test/search-files.test.ts',
  'test/serve-deployment.test.ts',
  'test/site-contrast.test.ts',
  'test/site-discovery.test.ts',
  'test/site-negotiation.test.ts',
  'test/site-pages.test.ts',
  'test/site-twins.test.ts',
  'test/system-parts.test.ts',
];

/**
 * The files that measure this process's own heap: each runs in a process of its own (`forks`,
 * isolated), so no other file's modules, caches or garbage are in what it measures.
 */
const HEAP = ['test/body-budget.test.ts'];

/**
 * The files that run longest (tens of seconds each, most of the suite's time), longest first.
 * They start first, so that the two workers finish together: Vitest orders files by their last
 * durations only when it has them, and in a fresh clone (as in CI) it has none and would start the
 * largest files first, leaving several of these to the end.
 */
const LONGEST = [
  'test/browser.test.ts',
  'test/missing-path-flood.test.ts',
  'test/runtimes.test.ts',
  'test/deployment-swap.test.ts',
  'test/bench-smoke.test.ts',
  'test/package-install.test.ts',
  'test/build-command.test.ts',
  'test/redis-store.test.ts',
  'test/body-budget.test.ts',
  'test/site-feeds.test.ts',
  'test/large-bodies.test.ts',
  'test/hardening.test.ts',
  'test/dev-build-sequences.test.ts',
];

/** Vitest's order, with the files of LONGEST first, in their order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? LONGEST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites start servers and runtimes: two cores, so keep the pool small.
    maxWorkers: 2,
    // A worker's files share its module graph: Folio and the helpers are imported once per worker.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    // Vite sets BASE_URL to its own base path ('/'); for Folio it is the blog's public address, which
    // the commands the tests run must take from the content unless a test sets it.
    env: { BASE_URL: '' },
    // Every file makes its temporary folders in one of its own, removed once its tests are done, and
    // checks that no process it started is still running (the check runs first: hooks after tests run
    // in the reverse of their order).
    setupFiles: ['test/support/scratch-folder.ts', 'test/support/no-leftover-processes.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST } },
      { extends: true, test: { name: 'heap', include: HEAP, pool: 'forks', isolate: true } },
      {
        extends: true,
        test: {
          name: 'slow',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FAST, ...HEAP],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
