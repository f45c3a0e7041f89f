/**
 * A dev session: the content folder built into memory and rebuilt whenever a file of it (or of a
 * public folder beside it) changes, with the handler of the last good build and the problems of the
 * latest one. `npm run dev` serves it on a server of its own (./server.ts); the Astro integration
 * answers from it inside Astro's dev server (./dev-middleware.ts).
 */

import { NodeResponse } from '../../adapters/node-response.ts';
import { createHandler, type Handler } from '../../handler.ts';
import { contentProblemLines } from '../command/problem-report.ts';
import { ContentError } from '../content/errors.ts';
import { publicFolderOf } from '../site-folder/static-files.ts';
import { watchFolders } from './content-watcher.ts';
import { type DevBuilder, type DevBuildOptions, devBuilder } from './dev-build.ts';

/** The header of every answer made from the last good build while the content has problems. */
export const STALE_HEADER = 'folio-dev-stale';

/** What the session answers from: the last good build, and the problems of the latest one, if any. */
export interface DevState {
  handler: Handler | undefined;
  problems: readonly string[];
}

/** What a session says as it goes: each good build, and each build's problems, one line each. */
export interface DevReport {
  rebuilt: (ms: number) => void;
  problems: (lines: readonly string[]) => void;
  /** After every build, good or not (open pages reload). */
  changed: () => void;
}

export interface DevSessionOptions extends DevBuildOptions {
  /** The address the server listens on: the MCP server's DNS-rebinding check knows it. */
  listenHost: string;
}

export interface DevSession {
  /** The address the content's URLs are built with. */
  baseUrl: string;
  state: DevState;
  close: () => Promise<void>;
}

/**
 * Builds the folder and watches it; resolves once the first build is done and the watcher looks at
 * the folder, so no change made after the session answers goes unseen.
 */
export async function startDevSession(options: DevSessionOptions, report: DevReport): Promise<DevSession> {
  const { contentDir } = options.content;
  const state: DevState = { handler: undefined, problems: [] };
  const builder = devBuilder(options);
  const rebuild = rebuilder(builder, contentDir, options.listenHost, state, report);
  const publicFolder = publicFolderOf(contentDir);
  // Astro's public folder is beside the content folder, not in it.
  const watcher = watchFolders(publicFolder ? [contentDir, publicFolder] : [contentDir], (path) => {
    builder.changed(path);
    void rebuild();
  });
  await Promise.all([rebuild(), new Promise<void>((ready) => watcher.once('ready', () => ready()))]);
  return {
    baseUrl: options.baseUrl,
    state,
    close: async () => {
      await watcher.close();
      await builder.close();
    },
  };
}

/** Rebuilds on demand; changes that arrive during a build start one more build after it. */
function rebuilder(
  builder: DevBuilder,
  contentDir: string,
  listenHost: string,
  state: DevState,
  report: DevReport,
) {
  let running: Promise<void> | undefined;
  let again = false;
  async function build() {
    const started = performance.now();
    try {
      const deployment = await builder.build();
      // One assignment: a request sees the old deployment or the new one, never a mix.
      state.handler = createHandler(deployment, {
        listenHost,
        Response: NodeResponse as unknown as typeof Response,
      });
      state.problems = [];
      report.rebuilt(Math.round(performance.now() - started));
    } catch (error) {
      state.problems = await problemsOf(error, contentDir);
      report.problems(state.problems);
    }
    report.changed();
  }
  return async function rebuild(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = build().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void rebuild();
      }
    });
    return running;
  };
}

/** A content problem, or a file that vanished mid-read (an editor saving by rename): one line each. */
async function problemsOf(error: unknown, contentDir: string): Promise<string[]> {
  if (error instanceof ContentError) return contentProblemLines(error.issues, contentDir, 'text');
  const { code, path } = error as NodeJS.ErrnoException;
  if (!code || !path) throw error;
  return [`folio: cannot read ${path} (${code})`];
}

/**
 * An answer from the last good build while the content has problems (a broken post, a folder
 * deleted): it says so in a header, so an API client or a script never takes it for the folder's
 * current content. Pages say it by showing the problems.
 */
export function markedStale(response: Response, problems: number): Response {
  const headers = new Headers(response.headers);
  headers.set(STALE_HEADER, `${problems} content problem(s); answered from the last good build`);
  headers.set('cache-control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
}
