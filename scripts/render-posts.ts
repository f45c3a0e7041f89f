/**
 * Reads a large blog's posts before the compiler does, on two threads: a worker takes every other
 * post while this thread reads the rest. Each post is parsed once: its front matter's YAML and its
 * body's links go to the compiler, and its body (HTML, and the code and HTML blocks its twin keeps)
 * waits in a scratch file of its thread until its page is written, since at 100,000 posts the HTML
 * alone is 330 MB. Each body renders the same wherever it runs, so the output is identical.
 * Starting the worker costs about a second, so a small blog is left to the compiler, and each of
 * its bodies is rendered as its page is made.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  type ContentFiles,
  isIgnoredPath,
  type PreparedPost,
  type PreparedPosts,
} from '../src/build/content/files.ts';
import { frontMatterParts, parseYaml } from '../src/build/content/front-matter.ts';
import { linkTargets } from '../src/build/content/links.ts';
import { toMarkdown } from '../src/build/content/mdx.ts';
import { withMediaUrls } from '../src/build/content/media.ts';
import { renderWithTokens } from '../src/build/site/render/markdown.ts';
import { type PostBody, postBodyOf } from '../src/build/site/render/post-body.ts';
import type { VerbatimBlock } from '../src/build/site/render/twin.ts';
import { type Progress, SILENT } from './progress.ts';
import { tsWorker } from './ts-worker.ts';

export type Job = [file: string, text: string][];

const POST_FILE = /^blog\/.+\.mdx?$/;

/** Where a body waits: its bytes in a scratch file, and the blocks its twin keeps. */
interface KeptBody {
  offset: number;
  bytes: number;
  verbatim: VerbatimBlock[];
}

type Prepared = [file: string, post: PreparedPost, body: KeptBody];

/** The posts of `job` with front matter, each body written to the scratch file at `scratch`. */
export function prepare(job: Job, scratch: string, progress: Progress = SILENT): Prepared[] {
  const fd = openSync(scratch, 'w');
  let offset = 0;
  try {
    return job.flatMap(([file, text]): Prepared[] => {
      const parts = frontMatterParts(text);
      progress.advance();
      if (parts === undefined) return [];
      const markdown = withMediaUrls(file, toMarkdown(file, parts.body).markdown).markdown;
      const rendered = renderWithTokens(markdown);
      const { html, verbatim } = postBodyOf(rendered);
      const bytes = writeWhole(fd, Buffer.from(html));
      const kept: KeptBody = { offset, bytes, verbatim };
      offset += bytes;
      return [[file, { frontMatter: parseYaml(parts.yaml), targets: linkTargets(rendered.tokens) }, kept]];
    });
  } finally {
    closeSync(fd);
  }
}

function writeWhole(fd: number, bytes: Buffer): number {
  for (let written = 0; written < bytes.length; )
    written += writeSync(fd, bytes, written, bytes.length - written);
  return bytes.length;
}

function readWhole(fd: number, into: Buffer, bytes: number, position: number): void {
  for (let read = 0; read < bytes; ) {
    const got = readSync(fd, into, read, bytes - read, position + read);
    if (got === 0) throw new Error('a scratch file of rendered posts ended early');
    read += got;
  }
}

const ROLE = 'folio-post-renderer';

interface WorkerJob {
  role: typeof ROLE;
  job: Job;
  scratch: string;
}

function inWorker(job: Job, scratch: string): Promise<Prepared[]> {
  return new Promise((done, fail) => {
    const worker = tsWorker(import.meta.url, { role: ROLE, job, scratch } satisfies WorkerJob);
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

/** The bodies rendered ahead, each read from where it waits until `release`. */
export interface KeptBodies {
  /** A post file's body, when it was rendered ahead. */
  bodyOf(file: string): PostBody | undefined;
  /** Removes the scratch files; no body can be read after. */
  release(): void;
}

/**
 * What reading the posts ahead found: what the compiler needs (let go once it has compiled, as at
 * 100,000 posts it is hundreds of megabytes), and the bodies.
 */
export interface PostsAhead {
  prepared: PreparedPosts;
  bodies: KeptBodies;
}

export const NOTHING_AHEAD: PostsAhead = {
  prepared: new Map(),
  bodies: { bodyOf: () => undefined, release() {} },
};

export async function renderPosts(
  files: ContentFiles,
  parallelFrom = 1000,
  progress: Progress = SILENT,
): Promise<PostsAhead> {
  const posts = postsIn(files);
  if (posts.length < parallelFrom) return NOTHING_AHEAD;
  progress.step('render', 'posts', posts.length);
  const folder = mkdtempSync(join(tmpdir(), 'folio-bodies-'));
  try {
    const scratch = [join(folder, 'ours'), join(folder, 'theirs')] as const;
    const theirJob = posts.filter((_, i) => i % 2 === 1);
    const theirs = inWorker(theirJob, scratch[1]);
    const ours = prepare(
      posts.filter((_, i) => i % 2 === 0),
      scratch[0],
      progress,
    );
    const done = [ours, await theirs] as const;
    progress.advance(theirJob.length);
    return keptBodies(folder, scratch, done);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** The posts each thread prepared, their bodies read back from its scratch file. */
function keptBodies(folder: string, scratch: readonly string[], done: readonly Prepared[][]): PostsAhead {
  const prepared = new Map<string, PreparedPost>();
  const kept = new Map<string, { thread: number; body: KeptBody }>();
  done.forEach((posts, thread) => {
    for (const [file, post, body] of posts) {
      prepared.set(file, post);
      kept.set(file, { thread, body });
    }
  });
  return { prepared, bodies: readBack(folder, scratch, kept) };
}

function readBack(
  folder: string,
  scratch: readonly string[],
  kept: ReadonlyMap<string, { thread: number; body: KeptBody }>,
): KeptBodies {
  const fds = scratch.map((path) => openSync(path, 'r'));
  let buffer = Buffer.alloc(64 * 1024);
  return {
    bodyOf(file) {
      const found = kept.get(file);
      if (!found) return undefined;
      const { offset, bytes, verbatim } = found.body;
      if (buffer.length < bytes) buffer = Buffer.alloc(bytes);
      readWhole(fds[found.thread] as number, buffer, bytes, offset);
      return { html: buffer.toString('utf8', 0, bytes), verbatim };
    },
    release() {
      for (const fd of fds.splice(0)) closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const isJob = (data: unknown): data is WorkerJob => (data as Partial<WorkerJob> | undefined)?.role === ROLE;
if (!isMainThread && isJob(workerData)) parentPort?.postMessage(prepare(workerData.job, workerData.scratch));
