/**
 * How a Node server is bundled: one ES module per entry, with what it loads only on demand (the
 * Redis store and its client, @whatwg-node/server for requests with a body) split into chunks beside it, so a server
 * that does not need them does not compile them at start. Used for dist/node.mjs and by the bench.
 */
import { basename, dirname, extname } from 'node:path';
import type { BuildOptions } from 'esbuild';

/** The options that bundle `entry` into `outfile`, its chunks (named by content hash) in a folder named after it. */
export function nodeBundle(entry: string, outfile: string): BuildOptions {
  const name = basename(outfile, extname(outfile));
  return {
    entryPoints: { [name]: entry },
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    chunkNames: `${name}-chunks/[name]-[hash]`,
    splitting: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  };
}
