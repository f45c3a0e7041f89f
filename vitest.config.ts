import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The edit loop's tests (`npm run test:fast`): pure functions and the handler called in-process,
 * with no server, runtime, build command or browser started, so they need no global setup. The
 * property-based and bulk tests of the build (dev rebuild sequences, the file writer, rendering on
 * threads, search over a generated corpus) run with the rest in `npm test`.
 */
const FAST = [
  'test/api-handler.test.ts',
  'test/ci-script.test.ts',
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
  'test/node-floors-doc.test.ts',
  'test/openapi.test.ts',
  'test/search-files.test.ts',
  'test/serve-deployment.test.ts',
  'test/site-contrast.test.ts',
  'test/site-discovery.test.ts',
  'test/site-negotiation.test.ts',
  'test/site-pages.test.ts',
  'test/site-twins.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites start servers and runtimes: two cores, so keep the pool small.
    maxWorkers: 2,
    // Vite sets BASE_URL to its own base path ('/'); for Folio it is the blog's public address, which
    // the commands the tests run must take from the content unless a test sets it.
    env: { BASE_URL: '' },
    // Every file checks, once its tests are done, that no process it started is still running.
    setupFiles: ['test/support/no-leftover-processes.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST } },
      {
        extends: true,
        test: {
          name: 'slow',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FAST],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
