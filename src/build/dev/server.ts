/**
 * `npm run dev`: serves the blog from memory with the real handler, rebuilds when a file in the
 * content folder changes (redoing only what the change affects: src/build/dev/dev-build.ts), swaps the
 * new deployment in at once, and reloads open pages. A content
 * problem is printed (one line each) and shown as the page, while the API, the MCP server and the
 * other bodies keep answering from the last good build. Same options as the build
 * ($FOLIO_CONTENT, --content DIR, ...); the port is $PORT (default 8787) and the address $HOST,
 * loopback unless told otherwise: the dev server shows drafts and the paths of local files.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenAddress } from '../../adapters/env.ts';
import { type NodeListener, nodeListener } from '../../adapters/node-listener.ts';
import { escapeHtml } from '../../core/html.ts';
import { ratePolicyFromEnv } from '../../core/rate-policy.ts';
import type { Handler } from '../../handler.ts';
import { type BuildOptions, parseBuildArgs, UsageError } from '../command/options.ts';
import { type DevState, markedStale, startDevSession } from './dev-session.ts';

export { STALE_HEADER } from './dev-session.ts';

/** The dev server's own paths: the page-reload events and the script that listens to them. */
const EVENTS_PATH = '/_folio-dev/events';
const DEV_HOST = '127.0.0.1';
const USAGE = `Usage: npm run dev -- [build options]; $PORT sets the port (default 8787), $HOST the address to listen on (default ${DEV_HOST}, this machine only)`;
const RELOAD_SCRIPT = `<script>new EventSource(${JSON.stringify(EVENTS_PATH)}).onmessage = () => location.reload();</script>`;

/** The dev server: `args` as after `npm run dev --`; resolves to an exit code only when it cannot start. */
export async function runDev(args: readonly string[]): Promise<number> {
  let options: BuildOptions;
  let address: { port: number; host: string };
  try {
    const command = parseBuildArgs(args, process.env);
    if (command.help) {
      console.log(USAGE);
      return 0;
    }
    options = command.options;
    if (options.siteDir !== undefined)
      throw new UsageError('--site is an option of the build: the dev server serves the content alone');
    address = listenAddress(process.env, DEV_HOST);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof RangeError)) throw error;
    console.error(`folio dev: ${error.message} (--help lists the options)`);
    return 2;
  }
  const { port, host } = address;
  const baseUrl = options.baseUrl ?? `http://localhost:${port}`;
  const reloads = new Set<ServerResponse>();
  // Serving starts once the first build is done and the folder watched.
  const { state } = await startDevSession(
    { content: options, baseUrl, policy: ratePolicyFromEnv(process.env), listenHost: host },
    {
      rebuilt: (ms) => console.log(`folio dev: rebuilt in ${ms} ms`),
      problems: (lines) => console.error(lines.join('\n')),
      changed: () => {
        for (const client of reloads) client.write('data: reload\n\n');
      },
    },
  );
  const server = createServer(devListener(state, reloads));
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(`folio dev: cannot listen on port ${port} (${error.code ?? error.message})`);
    process.exit(1);
  });
  server.listen(port, host, () =>
    console.log(`folio dev: serving ${options.contentDir} on ${baseUrl} (listening on ${host}:${port})`),
  );
  return 0;
}

/** The server's answers: the Node server's, with the dev server's reload events beside them. */
function devListener(state: DevState, reloads: Set<ServerResponse>): NodeListener {
  const handler = devHandler(state);
  const answer = nodeListener(() => handler);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      reloads.add(res);
      req.once('close', () => reloads.delete(res));
      return;
    }
    // The dev server serves bodies as they are, so the reload script can go into pages.
    delete req.headers['accept-encoding'];
    answer(req, res);
  };
}

/** The last good build's handler, its pages carrying the reload script; the problems page while the content has problems. */
function devHandler(state: DevState): Handler {
  return {
    prepare: () => state.handler?.prepare() ?? Promise.resolve(),
    async fetch(request, context) {
      const isPage = isPageRequest(request);
      if (!state.handler || (isPage && state.problems.length > 0)) return problemPage(state.problems);
      const response = await state.handler.fetch(request, context);
      if (state.problems.length > 0) return markedStale(response, state.problems.length);
      return isPage && response.headers.get('content-type')?.startsWith('text/html')
        ? withReloadScript(response)
        : response;
    },
  };
}

function isPageRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  const api = pathname.startsWith('/api/') || pathname === '/mcp';
  return !api && (request.headers.get('accept') ?? '').includes('text/html');
}

async function withReloadScript(response: Response): Promise<Response> {
  const html = (await response.text()).replace('</body>', `${RELOAD_SCRIPT}</body>`);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, headers });
}

function problemPage(problems: readonly string[]): Response {
  const items = problems.map((line) => `<li><code>${escapeHtml(line.trim())}</code></li>`).join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content problems</title></head><body><main><h1>The content has problems</h1><ul>${items}</ul><p>Fix the files and this page reloads.</p></main>${RELOAD_SCRIPT}</body></html>`;
  return new Response(html, {
    status: 500,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
