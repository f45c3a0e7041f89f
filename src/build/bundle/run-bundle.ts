/**
 * Bundles each deployable function after the build: the Node server (dist/node.mjs) and one edge
 * function per platform (dist/vercel.js, dist/netlify.js, dist/cloudflare.js). The edge bundles
 * carry the manifest but no content (the bodies stay static files of the deployment), are built
 * for a neutral platform with no externals, and fail the build if anything in them imports a
 * Node built-in, the build's own code, or exceeds the platform's documented size limit. Every bundle
 * is made and checked in memory first; only when all pass are they written, each file beside its
 * target and renamed over it, so a failure leaves the previous bundles whole.
 *   npm run build (its postbuild step), or tsx src/bin/bundle.ts [--out DIR] [--dist DIR]
 * --out is the deployment folder (default $FOLIO_OUT or dist/public), --dist where the bundles go
 * (default dist). On Vercel, Vercel's own build makes the one function of api/folio.js from
 * dist/vercel.js (docs/deploy.md).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type OutputFile } from 'esbuild';
import { BODIES_PREFIX, DEFAULT_OUT, MANIFEST_KEY } from '../../core/deployment.ts';
import { nodeBundle } from './node-bundle.ts';

/** What the command reads and writes of its process: the process's own, or a caller's (the tests'). */
export interface BundleContext {
  env: Readonly<Record<string, string | undefined>>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const processContext = (): BundleContext => ({
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});

const common: BuildOptions = {
  bundle: true,
  format: 'esm',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

const KIB = 1024;

/** An adapter's entry file, found beside this module, so an installed Folio bundles from any project. */
const adapter = (name: string) => resolve(import.meta.dirname, `../../adapters/${name}.ts`);
/** Each platform's documented limit on the compressed function size (the smallest plan's). */
interface Target {
  options: BuildOptions;
  gzipLimit?: number;
  platform?: string;
}

/** The functions to bundle, the edge ones carrying the manifest of the deployment in `outDir`. */
function targetsFor(outDir: string): Record<FunctionFile, Target> {
  const edge: BuildOptions = {
    ...common,
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser'],
    alias: { 'folio:manifest': join(outDir, BODIES_PREFIX, MANIFEST_KEY) },
  };
  return {
    'node.mjs': { options: { metafile: true } },
    'vercel.js': {
      options: { ...edge, entryPoints: [adapter('vercel')] },
      gzipLimit: 1024 * KIB,
      platform: 'Vercel Hobby (1 MB)',
    },
    'netlify.js': {
      options: { ...edge, entryPoints: [adapter('netlify')] },
      gzipLimit: 20 * 1024 * KIB,
      platform: 'Netlify Edge Functions (20 MB)',
    },
    'cloudflare.js': {
      options: { ...edge, entryPoints: [adapter('cloudflare')] },
      gzipLimit: 3 * 1024 * KIB,
      platform: 'Cloudflare Workers Free (3 MB)',
    },
  };
}

/** What no run-time bundle may contain: the content compiler, the renderers, the schema converter. */
const BUILD_ONLY =
  /(^|\/)(src\/(build|content)\/|node_modules\/(markdown-it|highlight\.js|@valibot\/to-json-schema|yaml)\/)/;
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** A bundle that must not be written, said in one line. */
export class BundleRefused extends Error {}

/** The functions Folio bundles, by file name. */
export type FunctionFile = 'node.mjs' | 'vercel.js' | 'netlify.js' | 'cloudflare.js';

interface Bundles {
  rows: [string, string, string][];
  outputs: OutputFile[];
}

async function bundleAll(targets: Record<string, Target>, distDir: string): Promise<Bundles> {
  const bundles: Bundles = { rows: [], outputs: [] };
  for (const [name, { options, gzipLimit, platform }] of Object.entries(targets)) {
    const outfile = join(distDir, name);
    const result = await build({
      ...(name === 'node.mjs'
        ? { ...nodeBundle(adapter('node'), outfile), ...options }
        : { ...options, outfile }),
      write: false,
    }).catch((error: { errors?: { text: string }[] }) => {
      throw new BundleRefused(`${outfile}: ${error.errors?.[0]?.text ?? String(error)}`);
    });
    for (const [input, { imports }] of Object.entries(result.metafile?.inputs ?? {})) {
      if (BUILD_ONLY.test(input)) throw new BundleRefused(`${outfile}: includes build-time code ${input}`);
      const node = imports.filter((i) => i.path.startsWith('node:') || builtins.has(i.path));
      if (gzipLimit && node.length)
        throw new BundleRefused(`${outfile}: ${input} imports ${node.map((i) => i.path).join(', ')}`);
    }
    const bytes = result.outputFiles.find((file) => file.path === resolve(outfile))?.contents;
    if (!bytes) throw new BundleRefused(`${outfile}: esbuild made no such file`);
    const gzip = gzipSync(bytes).length;
    if (gzipLimit && gzip > gzipLimit)
      throw new BundleRefused(`${outfile}: ${kib(gzip)} gzip is over the ${platform} limit`);
    bundles.outputs.push(...result.outputFiles);
    bundles.rows.push([outfile, kib(bytes.length), kib(gzip)]);
  }
  return bundles;
}

/**
 * Bundles the functions `files` (all of them by default) for the deployment in `outDir` into
 * `distDir`, writing them only when every one passes; a row per file (path, raw and gzip size).
 * Throws BundleRefused.
 */
export async function writeFunctions(
  outDir: string,
  distDir: string,
  files?: readonly FunctionFile[],
): Promise<Bundles['rows']> {
  const targets = targetsFor(outDir);
  const chosen = files ? Object.fromEntries(files.map((file) => [file, targets[file]])) : targets;
  const bundles = await bundleAll(chosen, distDir);
  writeAtomically(bundles.outputs, distDir);
  if ('node.mjs' in chosen) removeStaleChunks(join(distDir, 'node-chunks'), bundles.outputs);
  return bundles.rows;
}

/**
 * The bundle command: `args` as after `tsx src/bin/bundle.ts`; resolves to its exit code (1
 * when a bundle is refused, 2 for a bad command line), leaving the previous bundles whole unless
 * every one passed.
 */
export async function runBundle(args: readonly string[], context = processContext()): Promise<number> {
  const refuse = (message: string) => {
    context.stderr.write(`folio: ${message}; the previous bundles are unchanged\n`);
    return 1;
  };
  let values: { out?: string | undefined; dist?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { out: { type: 'string' }, dist: { type: 'string' } },
    }));
  } catch (error) {
    context.stderr.write(`folio bundle: ${(error as Error).message} (options: --out DIR, --dist DIR)\n`);
    return 2;
  }
  const shownOutDir = values.out ?? context.env.FOLIO_OUT ?? DEFAULT_OUT;
  const outDir = resolve(shownOutDir);
  const distDir = values.dist ?? 'dist';
  if (!existsSync(join(outDir, BODIES_PREFIX, MANIFEST_KEY)))
    return refuse(
      `${shownOutDir} holds no deployment (no ${BODIES_PREFIX.slice(1)}${MANIFEST_KEY}): run npm run build`,
    );
  let rows: Bundles['rows'];
  try {
    rows = await writeFunctions(outDir, distDir);
  } catch (error) {
    if (error instanceof BundleRefused) return refuse(error.message);
    throw error;
  }
  const line = (cells: readonly string[]) =>
    context.stdout.write(`${cells[0]?.padEnd(20)}${cells[1]?.padStart(12)}${cells[2]?.padStart(12)}\n`);
  line(['artifact', 'raw', 'gzip']);
  for (const row of rows) line(row);
  return 0;
}

/** Chunks first (new names, by content hash), then each entry, so a running entry never misses one. */
function writeAtomically(files: OutputFile[], distDir: string) {
  const isEntry = (file: OutputFile) => resolve(dirname(file.path)) === resolve(distDir);
  const entriesLast = [...files].sort((a, b) => Number(isEntry(a)) - Number(isEntry(b)));
  for (const { path, contents } of entriesLast) {
    mkdirSync(dirname(path), { recursive: true });
    const staged = `${path}.writing-${process.pid}`;
    writeFileSync(staged, contents);
    renameSync(staged, path);
  }
}

function removeStaleChunks(folder: string, files: OutputFile[]) {
  const current = new Set(files.map((file) => file.path));
  for (const name of readdirSync(folder)) {
    const path = resolve(folder, name);
    if (!current.has(path)) rmSync(path, { force: true });
  }
}

function kib(size: number): string {
  return `${(size / 1024).toFixed(1)} KiB`;
}
