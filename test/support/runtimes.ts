/**
 * The test runtimes' install (test/package.json, test/install-runtimes.mjs), apart from the
 * project's: its executables. (Code outside test/ that needs one of its packages imports it through
 * a file here, such as test/support/miniflare-api.ts.)
 */
import { resolve } from 'node:path';

/** Where the test runtimes' executables are (bun, deno, wrangler, ...). */
export const RUNTIMES_BIN = resolve(import.meta.dirname, '../node_modules/.bin');
