/**
 * Checks a content folder and writes the deployment: every body as served and the manifest.
 * `--help` lists the options (scripts/build-options.ts); problems are one line each, with exit
 * code 1 (2 for a bad command line). The public address is $BASE_URL, else the content's baseUrl;
 * the quota the documents announce is $FOLIO_RATE_LIMIT_QUOTA per $FOLIO_RATE_LIMIT_WINDOW seconds.
 */
import { realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ratePolicyFromEnv } from '../src/adapters/env.ts';
import {
  type CompileOptions,
  type ContentFiles,
  compileContent,
  type RenderedBodies,
} from '../src/build/content/compile.ts';
import { ContentError } from '../src/build/content/errors.ts';
import type { Layout } from '../src/build/content/layout.ts';
import { type BuildReport, summaryLines } from '../src/build/content/report.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { emitDeployment } from '../src/build/emit.ts';
import { type BuildOptions, parseBuildArgs, USAGE, UsageError } from './build-options.ts';
import { contentFolderName, type FileReader, readContentFolder } from './content-folder.ts';
import { contentProblemLines, problemLine } from './problem-report.ts';
import { type Progress, type ProgressStream, progressReporter, SILENT } from './progress.ts';
import { renderPosts } from './render-posts.ts';
import { writeDeployment } from './write-deployment.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');

export interface ContentBuild {
  data: SiteData;
  layout: Layout;
  report: BuildReport;
}

/** How the build reports its progress, reads files and renders the posts' Markdown (the dev server keeps caches). */
export interface BuildSteps {
  progress?: Progress;
  readFile?: FileReader;
  render?: (files: ContentFiles) => Promise<RenderedBodies>;
}

/** Reads, checks and compiles a content folder into the data the server serves; throws a ContentError listing every problem. */
export async function buildContent(
  contentDir: string,
  options: Omit<CompileOptions, 'folderName' | 'rendered'>,
  {
    progress = SILENT,
    readFile,
    render = (files) => renderPosts(files, undefined, progress),
  }: BuildSteps = {},
): Promise<ContentBuild> {
  const files = await readContentFolder(contentDir, progress, readFile);
  const rendered = await render(files);
  progress.step('compile', '');
  return compileContent(files, { ...options, folderName: contentFolderName(contentDir), rendered });
}

export async function buildData(contentDir: string, now = new Date()): Promise<SiteData> {
  return (await buildContent(contentDir, { now })).data;
}

/** The public address every absolute URL is built with: an http(s) origin, maybe with a path. */
function publicAddress(value: string): string {
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
}

const processContext = (): CommandContext => ({
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});

/** The build command: `args` as after `tsx scripts/build.ts`; resolves to its exit code. */
export async function runBuild(args: readonly string[], context = processContext()): Promise<number> {
  const { env, cwd } = context;
  const out = (text: string) => context.stdout.write(`${text}\n`);
  const err = (text: string) => context.stderr.write(`${text}\n`);
  let options: BuildOptions;
  try {
    const command = parseBuildArgs(args, env, PROJECT_ROOT, cwd);
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
  const { contentDir, outDir, verbose, check, format, ...compile } = options;
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
    const policy = ratePolicyFromEnv(env);
    const { data, layout, report } = await buildContent(contentDir, compile, { progress });
    const baseUrl = publicAddress(env.BASE_URL || data.site.baseUrl);
    if (check) {
      progress.step('check', 'bodies');
      await emitDeployment(data, { baseUrl, policy }, () => progress.advance());
    } else await writeDeployment(data, { baseUrl, policy }, outDir, progress);
    progress.done();
    const ms = Math.round(performance.now() - started);
    const counts = `${data.posts.length} posts, ${data.series.length} series, ${data.decks.length} decks`;
    const where = `in ${data.site.languages.join(', ')} (${layout === 'astro' ? 'Astro' : 'Folio'} layout) from ${contentDir}`;
    out(
      check
        ? `folio: checked ${counts} ${where}: no problems, nothing written (${ms} ms)`
        : `folio: built ${counts} ${where} for ${baseUrl} into ${outDir} in ${ms} ms`,
    );
    // Indented lines are the items of the line above them.
    for (const line of summaryLines(report, verbose)) out(line.startsWith(' ') ? line : `folio: ${line}`);
    return 0;
  } catch (error) {
    progress.done();
    if (error instanceof ContentError)
      return fail(await contentProblemLines(error.issues, contentDir, format, cwd));
    if (error instanceof RangeError) return fail([problemLine(error.message, format)]);
    const { code, path } = error as NodeJS.ErrnoException;
    if (!code || !path) throw error;
    return fail([problemLine(`cannot read or write ${path} (${code})`, format)]);
  }
}

async function contentFolderProblem(dir: string): Promise<string | undefined> {
  try {
    return (await stat(dir)).isDirectory() ? undefined : `${dir} is not a folder`;
  } catch {
    return `the content folder ${dir} does not exist`;
  }
}

/** Run as a script, however it was reached: a path with spaces, a symbolic link, or relative. */
function isMainModule(): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(realpathSync(script)).href === import.meta.url;
}

if (isMainModule()) process.exitCode = await runBuild(process.argv.slice(2));
