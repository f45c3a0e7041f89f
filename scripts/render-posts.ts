/**
 * Renders the blog posts' Markdown on two threads: a worker takes every other post while this
 * thread renders the rest. Each body renders the same wherever it runs, so the output is identical.
 * Starting the worker costs about a second, so small blogs render inline in compileContent.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type ContentFiles, isIgnoredPath, type RenderedBodies } from '../src/build/content/files.ts';
import { markdownBody } from '../src/build/content/front-matter.ts';
import { toMarkdown } from '../src/build/content/mdx.ts';
import { withMediaUrls } from '../src/build/content/media.ts';
import { renderMarkdown } from '../src/build/site/render/markdown.ts';
import { type Progress, SILENT } from './progress.ts';
import { tsWorker } from './ts-worker.ts';

export type Job = [file: string, text: string][];

const POST_FILE = /^blog\/.+\.mdx?$/;

export function render(job: Job, progress: Progress = SILENT): [string, string][] {
  return job.flatMap(([file, text]) => {
    const body = markdownBody(text);
    progress.advance();
    if (body === undefined) return [];
    return [[file, renderMarkdown(withMediaUrls(file, toMarkdown(file, body).markdown).markdown)]];
  });
}

function inWorker(job: Job): Promise<[string, string][]> {
  return new Promise((done, fail) => {
    const worker = tsWorker(import.meta.url, job);
    worker.once('message', done);
    worker.once('error', fail);
  });
}

/** The blog posts among the files, with their text. */
export function postsIn(files: ContentFiles): Job {
  return [...files].flatMap(([file, text]) =>
    POST_FILE.test(file) && !isIgnoredPath(file) && typeof text === 'string' ? [[file, text]] : [],
  );
}

export async function renderPosts(
  files: ContentFiles,
  parallelFrom = 1000,
  progress: Progress = SILENT,
): Promise<RenderedBodies> {
  const posts = postsIn(files);
  if (posts.length < parallelFrom) return new Map();
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
