import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites start servers and runtimes: two cores, so keep the pool small.
    maxWorkers: 2,
    // Vite sets BASE_URL to its own base path ('/'); for Folio it is the blog's public address, which
    // the commands the tests run must take from the content unless a test sets it.
    env: { BASE_URL: '' },
  },
});
