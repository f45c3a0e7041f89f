/**
 * Reads a large blog's posts before the compiler does, on two threads: a worker takes every other
 * post while this thread reads the rest. Each post is parsed once: its front matter's YAML and its
 * body's links go to the compiler, and its body (the Markdown, the HTML, and the code and HTML
 * blocks its twin keeps) waits in a scratch file of its thread until its page is written: at
 * 100,000 posts the Markdown and HTML are 600 MB, and the files' text can go once they are compiled.
 * Each body renders the same wherever it runs, so the output is identical. Starting the worker costs
 * about a second, so a small blog is left to the compiler, and each of its bodies is rendered as
 * its page is made. This thread cuts each body from its file and gives its images their published
 * URLs (which hash the images' bytes, read once here); the threads parse and render.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type Progress, SILENT } from '../command/progress.ts';
import { type ContentFiles, isIgnoredPath, type PreparedPost, type PreparedPosts } from '../content/files.ts';
import { frontMatterParts, parseYaml } from '../content/front-matter.ts';
import { linkTargets } from '../content/links.ts';
import { toMarkdown } from '../content/mdx.ts';
import { type MediaUrlOf, mediaUrl, withMediaUrls } from '../content/media.ts';
import type { PostBodies, PostRecord, RenderedBody, VerbatimBlock } from '../data/types.ts';
import { renderWithTokens } from '../site/render/markdown.ts';
import { renderedBodyOf } from '../site/render/post-body.ts';
import { tsWorker } from './ts-worker.ts';

/** Posts to read: each file with its front matter's YAML and its body as it is rendered (its images at their published URLs). */
export type Job = [file: string, yaml: string, markdown: string][];

const POST_FILE = /^blog\/.+\.mdx?$/;

/** Where a body waits in its thread's scratch file: its Markdown, then its HTML. */
interface KeptBody {
  offset: number;
  markdownBytes: number;
  htmlBytes: number;
  verbatim: VerbatimBlock[];
}

type Prepared = [file: string, post: PreparedPost, body: KeptBody];

/**
 * The posts of `job` with front matter, each body written to the scratch file at `scratch`. What
 * goes to the compiler is a copy: strings cut from a file's text would keep all of it in memory.
 */
export function prepare(job: Job, scratch: string, progress: Progress = SILENT): Prepared[] {
  const fd = openSync(scratch, 'w');
  let offset = 0;
  try {
    return job.map(([file, yaml, markdown]): Prepared => {
      progress.advance();
      const rendered = renderWithTokens(markdown);
      const { html, verbatim } = renderedBodyOf(rendered);
      const markdownBytes = writeWhole(fd, Buffer.from(markdown));
      const htmlBytes = writeWhole(fd, Buffer.from(html));
      const kept: KeptBody = { offset, markdownBytes, htmlBytes, verbatim };
      offset += markdownBytes + htmlBytes;
      const post = { frontMatter: parseYaml(yaml), targets: linkTargets(rendered.tokens) };
      return [file, structuredClone(post), kept];
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

/**
 * The blog posts among the files that have front matter, with their bodies as compileContent
 * renders them: MDX as Markdown, and relative images at the URLs `urlOf` gives.
 */
export function postsIn(files: ContentFiles, urlOf: MediaUrlOf = mediaUrl): Job {
  return [...files].flatMap(([file, text]): Job => {
    if (!POST_FILE.test(file) || isIgnoredPath(file) || typeof text !== 'string') return [];
    const parts = frontMatterParts(text);
    if (parts === undefined) return [];
    return [
      [file, parts.yaml, withMediaUrls(file, toMarkdown(file, parts.body).markdown, 1, urlOf).markdown],
    ];
  });
}

export interface RenderOptions {
  mediaUrl?: MediaUrlOf;
  /** From how many posts the work is split between two threads. */
  parallelFrom?: number;
  progress?: Progress;
}

/** The bodies rendered ahead, by post file, each read from where it waits until `release`. */
export interface KeptBodies {
  /** The bodies of the compiled posts, each named by its file. */
  of(fileOf: ReadonlyMap<PostRecord, string>): PostBodies;
  /** Removes the scratch files; no body can be read after. */
  release(): void;
}

/**
 * What reading the posts ahead found: what the compiler needs (let go once it has compiled, as at
 * 100,000 posts it is hundreds of megabytes), and the bodies, none for a small blog.
 */
export interface PostsAhead {
  prepared: PreparedPosts;
  kept: KeptBodies | null;
}

export const NOTHING_AHEAD: PostsAhead = { prepared: new Map(), kept: null };

export async function renderPosts(
  files: ContentFiles,
  { mediaUrl: urlOf = mediaUrl, parallelFrom = 1000, progress = SILENT }: RenderOptions = {},
): Promise<PostsAhead> {
  const posts = postsIn(files, urlOf);
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
    const prepared = new Map<string, PreparedPost>();
    const kept = new Map<string, { thread: number; body: KeptBody }>();
    done.forEach((posts, thread) => {
      for (const [file, post, body] of posts) {
        prepared.set(file, post);
        kept.set(file, { thread, body });
      }
    });
    return { prepared, kept: readBack(folder, scratch, kept) };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function readBack(
  folder: string,
  scratch: readonly string[],
  kept: ReadonlyMap<string, { thread: number; body: KeptBody }>,
): KeptBodies {
  const fds = scratch.map((path) => openSync(path, 'r'));
  let buffer = Buffer.alloc(64 * 1024);
  /** `bytes` from `offset` in a thread's scratch file, as text. */
  const text = (thread: number, offset: number, bytes: number): string => {
    if (buffer.length < bytes) buffer = Buffer.alloc(bytes);
    readWhole(fds[thread] as number, buffer, bytes, offset);
    return buffer.toString('utf8', 0, bytes);
  };
  return {
    of(fileOf) {
      const keptOf = (post: PostRecord) => {
        const found = kept.get(fileOf.get(post) ?? '');
        if (!found) throw new Error(`the post ${post.id} was not rendered ahead`);
        return found;
      };
      return {
        markdown(post) {
          const { thread, body } = keptOf(post);
          return text(thread, body.offset, body.markdownBytes);
        },
        rendered(post): RenderedBody {
          const { thread, body } = keptOf(post);
          const html = text(thread, body.offset + body.markdownBytes, body.htmlBytes);
          return { html, verbatim: body.verbatim };
        },
      };
    },
    release() {
      for (const fd of fds.splice(0)) closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const isJob = (data: unknown): data is WorkerJob => (data as Partial<WorkerJob> | undefined)?.role === ROLE;
if (!isMainThread && isJob(workerData)) parentPort?.postMessage(prepare(workerData.job, workerData.scratch));
