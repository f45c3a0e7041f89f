/** Bundles the Node server into dist/node.mjs, prerendered data included. */
import { build } from 'esbuild';

await build({
  entryPoints: { node: 'src/adapters/node.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  minify: true,
  legalComments: 'none',
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
