/**
 * The build command: its arguments parsed, the build run (src/build/index.ts) and what it found
 * printed. `--help` lists the options (src/build/command/options.ts); problems are one line each, with exit
 * code 1 (2 for a bad command line). The public address is --base-url or $BASE_URL, else site.yaml's
 * baseUrl, else an Astro site's `site`;
 * the quota the documents announce is $FOLIO_RATE_LIMIT_QUOTA per $FOLIO_RATE_LIMIT_WINDOW seconds.
 */
import { stat } from 'node:fs/promises';
import { ratePolicyFromEnv } from '../../core/rate-policy.ts';
import {
  deploymentSummary,
  limitWarnings,
  PLATFORM_LIMITS,
  type PlatformLimit,
} from '../bundle/deployment-limits.ts';
import { ContentError } from '../content/errors.ts';
import { summaryLines } from '../content/report.ts';
import { BrokenLinks, buildDeployment } from '../index.ts';
import type { FileSizes, FileWriter } from '../write/file-writer.ts';
import { type BuildOptions, parseBuildArgs, USAGE, UsageError } from './options.ts';
import { contentProblemLines, linkProblemLines, problemLine } from './problem-report.ts';
import { type ProgressStream, progressReporter } from './terminal-progress.ts';

/** The public address every absolute URL is built with: an http(s) origin, maybe with a path. */
export function publicAddress(value: string): string {
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value))
    throw new RangeError(
      `BASE_URL must be an absolute http(s) address such as https://blog.example, not ${JSON.stringify(value)}`,
    );
  return value.replace(/\/+$/, '');
}

/** What the command reads and writes of its process: the process's own, or a caller's (the tests'). */
export interface CommandContext {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: ProgressStream;
  stderr: ProgressStream;
  /** Opens the writer of the deployment's files: the file system's, unless a caller stands between. */
  files?: (sized: FileSizes) => FileWriter;
  /** The platforms' limits the written deployment is held to: their documented ones unless a caller's. */
  limits?: readonly PlatformLimit[];
}

const processContext = (): CommandContext => ({
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});

/**
 * The build command: `args` as after `tsx src/build/command/run-build.ts`; resolves to its exit code. It warns
 * about each of the platforms' `limits` the deployment it wrote goes over.
 */
export async function runBuild(args: readonly string[], context = processContext()): Promise<number> {
  const { env, cwd, limits = PLATFORM_LIMITS } = context;
  const out = (text: string) => context.stdout.write(`${text}\n`);
  const err = (text: string) => context.stderr.write(`${text}\n`);
  let options: BuildOptions;
  try {
    const command = parseBuildArgs(args, env, cwd);
    if (command.help) {
      context.stdout.write(USAGE);
      return 0;
    }
    options = command.options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`folio build: ${error.message} (--help lists the options)`);
    return 2;
  }
  const { contentDir, outDir, siteDir, verbose, check, format, ...compile } = options;
  const fail = (lines: readonly string[]) => {
    // Annotations are workflow commands, which GitHub reads from standard output.
    (format === 'github' ? out : err)(lines.join('\n'));
    return 1;
  };
  const folderProblem = await contentFolderProblem(contentDir);
  if (folderProblem)
    return fail([problemLine(`${folderProblem} (set --content DIR or FOLIO_CONTENT)`, format)]);
  const started = performance.now();
  const progress = progressReporter(context.stderr);
  try {
    const given = compile.baseUrl === undefined ? undefined : publicAddress(compile.baseUrl);
    const { data, layout, report, baseUrl, stats, broken } = await buildDeployment(
      {
        contentDir,
        compile: { ...compile, baseUrl: given },
        policy: ratePolicyFromEnv(env),
        outDir: check ? undefined : outDir,
        ...(siteDir !== undefined && { siteDir }),
        ...(context.files && { files: context.files }),
      },
      progress,
    );
    progress.done();
    const ms = Math.round(performance.now() - started);
    const pages = data.pages.length > 0 ? `, ${data.pages.length} pages` : '';
    const counts = `${data.posts.length} posts, ${data.series.length} series, ${data.decks.length} decks${pages}`;
    const beside = siteDir === undefined ? '' : ` beside the site in ${siteDir}`;
    const where = `in ${data.site.languages.join(', ')} (${layout === 'astro' ? 'Astro' : 'Folio'} layout) from ${contentDir}${beside}`;
    out(
      check
        ? `folio: checked ${counts} ${where}: no problems, nothing written (${ms} ms)`
        : `folio: built ${counts} ${where} for ${baseUrl} into ${outDir} in ${ms} ms`,
    );
    // Indented lines are the items of the line above them.
    for (const line of summaryLines(report, verbose)) out(line.startsWith(' ') ? line : `folio: ${line}`);
    if (stats) {
      out(`folio: ${deploymentSummary(stats)}`);
      for (const warning of limitWarnings(stats, limits))
        out(problemLine(`over a platform's limit: ${warning}`, format, 'warning'));
    }
    if (broken.length > 0) out(linkProblemLines(broken, contentDir, format, 'warning', cwd).join('\n'));
    return 0;
  } catch (error) {
    progress.done();
    if (error instanceof BrokenLinks)
      return fail(linkProblemLines(error.links, contentDir, format, 'error', cwd));
    if (error instanceof ContentError)
      return fail(await contentProblemLines(error.issues, contentDir, format, cwd));
    if (error instanceof RangeError) return fail([problemLine(error.message, format)]);
    const stack = verbose && error instanceof Error && error.stack ? [error.stack] : [];
    return fail([problemLine(failureLine(error), format), ...stack]);
  }
}

const WRITING_CALLS = new Set([
  'write',
  'mkdir',
  'rename',
  'unlink',
  'rmdir',
  'rm',
  'copyfile',
  'fsync',
  'close',
]);
const READING_CALLS = new Set(['read', 'scandir', 'stat', 'lstat', 'realpath', 'readlink']);

/**
 * What stopped the build, in one line: for a file system error, what it did, to which file and
 * the system's reason (a full disk: `cannot write …: no space left on device (ENOSPC)`).
 */
function failureLine(error: unknown): string {
  const { code, path, syscall, message } = error as NodeJS.ErrnoException;
  const firstLine = String(message ?? error).split('\n')[0];
  if (!code || !path) return `the build failed: ${firstLine}`;
  const doing = WRITING_CALLS.has(syscall ?? '')
    ? 'write'
    : READING_CALLS.has(syscall ?? '')
      ? 'read'
      : 'open';
  const reason = /^[A-Z0-9_]+: ([^,]+)/.exec(firstLine ?? '')?.[1] ?? 'failed';
  return `cannot ${doing} ${path}: ${reason} (${code})`;
}

async function contentFolderProblem(dir: string): Promise<string | undefined> {
  try {
    return (await stat(dir)).isDirectory() ? undefined : `${dir} is not a folder`;
  } catch {
    return `the content folder ${dir} does not exist`;
  }
}
