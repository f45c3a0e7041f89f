/**
 * The test runtimes' install (test/package.json, test/install-runtimes.mjs), apart from the
 * project's: its executables, and the packages code outside test/ (the benchmark) takes from it.
 */
import { resolve } from 'node:path';

export { Miniflare } from 'miniflare';

/** Where the test runtimes' executables are (bun, deno, wrangler, ...). */
export const RUNTIMES_BIN = resolve(import.meta.dirname, '../node_modules/.bin');
