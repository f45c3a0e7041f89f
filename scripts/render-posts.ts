/**
 * Renders the blog posts' Markdown on two threads: a worker takes every other post while this
 * thread renders the rest. Each body renders the same wherever it runs, so the output is identical.
 * Starting the worker costs about a second, so small blogs render inline in compileContent.
 * This thread prepares every body (MDX, image URLs) and the threads only render Markdown.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type ContentFiles, isIgnoredPath, type RenderedBodies } from '../src/build/content/files.ts';
import { markdownBody } from '../src/build/content/front-matter.ts';
import { toMarkdown } from '../src/build/content/mdx.ts';
import { type MediaUrlOf, mediaUrl, withMediaUrls } from '../src/build/content/media.ts';
import { renderMarkdown } from '../src/build/site/render/markdown.ts';
import { type Progress, SILENT } from './progress.ts';
import { tsWorker } from './ts-worker.ts';

/** Posts to render: each file with its body as it is rendered (its images at their published URLs). */
export type Job = [file: string, markdown: string][];

const POST_FILE = /^blog\/.+\.mdx?$/;

/** The HTML of each post of the job. */
export function render(job: Job, progress: Progress = SILENT): [string, string][] {
  return job.map(([file, markdown]) => {
    progress.advance();
    return [file, renderMarkdown(markdown)];
  });
}

function inWorker(job: Job): Promise<[string, string][]> {
  return new Promise((done, fail) => {
    const worker = tsWorker(import.meta.url, job);
    worker.once('message', done);
    worker.once('error', fail);
  });
}

/**
 * The blog posts among the files, with their bodies as compileContent renders them: MDX as
 * Markdown, and relative images at the URLs `mediaUrl` gives (this thread's, as workers have none).
 */
export function postsIn(files: ContentFiles, urlOf: MediaUrlOf = mediaUrl): Job {
  return [...files].flatMap(([file, text]) => {
    if (!POST_FILE.test(file) || isIgnoredPath(file) || typeof text !== 'string') return [];
    const body = markdownBody(text);
    if (body === undefined) return [];
    return [[file, withMediaUrls(file, toMarkdown(file, body).markdown, 1, urlOf).markdown]];
  });
}

export interface RenderOptions {
  mediaUrl?: MediaUrlOf;
  /** From how many posts the work is split between two threads. */
  parallelFrom?: number;
  progress?: Progress;
}

export async function renderPosts(
  files: ContentFiles,
  { mediaUrl: urlOf = mediaUrl, parallelFrom = 1000, progress = SILENT }: RenderOptions = {},
): Promise<RenderedBodies> {
  const posts = postsIn(files, urlOf);
  if (posts.length < parallelFrom) return new Map();
  return renderJob(posts, progress);
}

/** Every post of the job, split between this thread and a worker. */
export async function renderJob(posts: Job, progress: Progress = SILENT): Promise<RenderedBodies> {
  progress.step('render', 'posts', posts.length);
  const theirJob = posts.filter((_, i) => i % 2 === 1);
  const theirs = inWorker(theirJob);
  const ours = render(
    posts.filter((_, i) => i % 2 === 0),
    progress,
  );
  const rendered = new Map([...ours, ...(await theirs)]);
  progress.advance(theirJob.length);
  return rendered;
}

if (!isMainThread) parentPort?.postMessage(render(workerData as Job));
