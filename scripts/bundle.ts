/**
 * Bundles each deployable artifact, prerendered data included: the Node server (dist/node.mjs)
 * and one edge bundle per platform (dist/vercel.js, dist/netlify.js, dist/cloudflare.js). The
 * edge bundles are built for a neutral platform with no externals and fail the build if anything
 * they include imports a Node built-in. Prints the raw and gzip size of each artifact.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

const common: BuildOptions = {
  bundle: true,
  format: 'esm',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

const edge: BuildOptions = {
  ...common,
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['worker', 'browser'],
  metafile: true,
};

const TARGETS: Record<string, BuildOptions> = {
  'dist/node.mjs': {
    ...common,
    platform: 'node',
    target: 'node18',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    entryPoints: ['src/adapters/node.ts'],
  },
  'dist/vercel.js': { ...edge, entryPoints: ['src/adapters/vercel.ts'] },
  'dist/netlify.js': { ...edge, entryPoints: ['src/adapters/netlify.ts'] },
  'dist/cloudflare.js': { ...edge, entryPoints: ['src/adapters/cloudflare.ts'] },
};

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const rows: [string, string, string][] = [];

for (const [outfile, options] of Object.entries(TARGETS)) {
  const result = await build({ ...options, outfile });
  for (const [input, { imports }] of Object.entries(result.metafile?.inputs ?? {})) {
    const node = imports.filter((i) => i.path.startsWith('node:') || builtins.has(i.path));
    if (node.length) throw new Error(`${outfile}: ${input} imports ${node.map((i) => i.path).join(', ')}`);
  }
  const bytes = readFileSync(outfile);
  rows.push([outfile, kib(bytes.length), kib(gzipSync(bytes).length)]);
}

console.log(`${'artifact'.padEnd(20)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`);
for (const [file, raw, gzip] of rows)
  console.log(`${file.padEnd(20)}${raw.padStart(12)}${gzip.padStart(12)}`);

function kib(size: number): string {
  return `${(size / 1024).toFixed(1)} KiB`;
}
