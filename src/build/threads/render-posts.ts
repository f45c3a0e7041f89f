/**
 * Reads a large blog's posts before the compiler does, on two threads: this thread and a worker
 * each take the next chunk of posts when they are ready for one, so neither waits while the other
 * still has work, and the worker holds no more than a few chunks at a time. Each post is parsed
 * once: its front matter's YAML and its body's links go to the compiler, and its body (the
 * Markdown, the HTML, and the code and HTML blocks its twin keeps) waits in a scratch file of its
 * thread until its page is written: at 100,000 posts the Markdown and HTML are 600 MB, and the
 * files' text can go once they are compiled. Each body renders the same wherever it runs, so the
 * output is identical. Starting the worker costs about a second, so a small blog is left to the
 * compiler, and each of its bodies is rendered as its page is made. This thread cuts each body from
 * its file and gives its images their published URLs (which hash the images' bytes, read once
 * here); the threads parse and render.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type ContentFiles, isIgnoredPath, type PreparedPost, type PreparedPosts } from '../content/files.ts';
import { frontMatterParts, parseYaml } from '../content/front-matter.ts';
import { linkTargets } from '../content/links.ts';
import { toMarkdown } from '../content/mdx.ts';
import { type MediaUrlOf, mediaUrl, withMediaUrls } from '../content/media.ts';
import type { PostBodies, PostRecord, RenderedBody, VerbatimBlock } from '../data/types.ts';
import { type Progress, SILENT } from '../progress.ts';
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

/** A thread's scratch file, and where the next body goes in it: a thread appends to its own only. */
interface Scratch {
  path: string;
  end: number;
}

/**
 * The posts of `job` with front matter, each body appended to `scratch`. What goes to the compiler
 * is a copy: strings cut from a file's text would keep all of it in memory.
 */
function prepare(job: Job, scratch: Scratch): Prepared[] {
  const fd = openSync(scratch.path, 'a');
  try {
    return job.map(([file, yaml, markdown]): Prepared => {
      const rendered = renderWithTokens(markdown);
      const { html, verbatim } = renderedBodyOf(rendered);
      const markdownBytes = writeWhole(fd, Buffer.from(markdown));
      const htmlBytes = writeWhole(fd, Buffer.from(html));
      const kept: KeptBody = { offset: scratch.end, markdownBytes, htmlBytes, verbatim };
      scratch.end += markdownBytes + htmlBytes;
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
/** Posts a thread takes at a time: about a megabyte of Markdown. */
const CHUNK = 256;
/** Chunks the worker is given ahead, so it has the next one while this thread is busy with its own. */
const CHUNKS_AHEAD = 2;

interface WorkerJob {
  role: typeof ROLE;
  scratch: string;
}

/** Hands out the posts a chunk at a time, in order, to whichever thread asks, until stopped. */
function chunksOf(posts: Job) {
  let next = 0;
  return {
    take(): Job {
      const chunk = posts.slice(next, next + CHUNK);
      next += chunk.length;
      return chunk;
    },
    stop() {
      next = posts.length;
    },
  };
}

/**
 * The worker's share: it is given chunks from `take` until none is left, and `keep` gets each
 * chunk's posts as they come back.
 */
function renderInWorker(scratch: string, take: () => Job, keep: (done: Prepared[]) => void): Promise<void> {
  const worker = tsWorker(import.meta.url, { role: ROLE, scratch } satisfies WorkerJob);
  let out = 0;
  const send = () => {
    const chunk = take();
    if (chunk.length === 0) return;
    out++;
    worker.postMessage(chunk);
  };
  return new Promise<void>((done, fail) => {
    worker.on('message', (prepared: Prepared[]) => {
      out--;
      keep(prepared);
      send();
      if (out === 0) done();
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the post renderer stopped (exit code ${code})`)));
    for (let i = 0; i < CHUNKS_AHEAD; i++) send();
    if (out === 0) done();
  }).finally(() => worker.terminate());
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
    // Both files exist even when a thread gets no chunk: every body is read back from its thread's.
    for (const path of scratch) closeSync(openSync(path, 'w'));
    const prepared = new Map<string, PreparedPost>();
    const kept = new Map<string, { thread: number; body: KeptBody }>();
    const keeper = (thread: number) => (done: Prepared[]) => {
      for (const [file, post, body] of done) {
        prepared.set(file, post);
        kept.set(file, { thread, body });
      }
      progress.advance(done.length);
    };
    const chunks = chunksOf(posts);
    const theirs = renderInWorker(scratch[1], chunks.take, keeper(1));
    const ours: Scratch = { path: scratch[0], end: 0 };
    const keepOurs = keeper(0);
    try {
      for (let chunk = chunks.take(); chunk.length > 0; chunk = chunks.take()) {
        keepOurs(prepare(chunk, ours));
        // The worker's chunks come back, and it is given the next ones, between this thread's.
        await new Promise((turned) => setImmediate(turned));
      }
    } catch (error) {
      // The worker is given nothing more, and its last chunk ends before the folder goes.
      chunks.stop();
      await theirs.catch(() => {});
      throw error;
    }
    await theirs;
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

/** The worker's side: each chunk rendered and appended to its scratch file as it comes, and sent back. */
function serveRendering({ scratch }: WorkerJob) {
  const file: Scratch = { path: scratch, end: 0 };
  parentPort?.on('message', (chunk: Job) => parentPort?.postMessage(prepare(chunk, file)));
}

const isJob = (data: unknown): data is WorkerJob => (data as Partial<WorkerJob> | undefined)?.role === ROLE;
if (!isMainThread && isJob(workerData)) serveRendering(workerData);
