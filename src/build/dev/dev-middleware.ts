/**
 * A dev session answering inside another dev server (Astro's, through Vite's middleware): the API
 * and the MCP server answer from the session's last good build, and so does any request Folio
 * answers with Markdown (a page's twin, by its `.md` path or by `Accept: text/markdown`). Every
 * other request goes on to the server in front (`next`): its pages stay its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeListener } from '../../adapters/node-listener.ts';
import { nodeRequest } from '../../adapters/node-request.ts';
import { writeResponse } from '../../adapters/node-response.ts';
import { PROBLEM_TYPE, problem } from '../../core/errors.ts';
import type { Handler } from '../../handler.ts';
import { type DevSession, markedStale } from './dev-session.ts';

/** Connect's middleware, as Vite's dev server takes it. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const isFolioPath = (path: string) => path.startsWith('/api/') || path === '/mcp';
const isMarkdown = (response: Response) =>
  response.headers.get('content-type')?.startsWith('text/markdown') === true;

/** The middleware over `session`, which answers once the session is ready (its first build done). */
export function devMiddleware(session: Promise<DevSession>): Middleware {
  const serving = session.then(servingFrom);
  return (req, res, next) => {
    serving.then((serve) => serve(req, res, next), next);
  };
}

function servingFrom(session: DevSession): Middleware {
  const answer = nodeListener(() => handlerOf(session));
  return (req, res, next) => {
    const { state } = session;
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (isFolioPath(path)) {
      if (state.handler) answer(req, res);
      else neverBuilt(state.problems, path, session.baseUrl, res);
      return;
    }
    if (!state.handler || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    Promise.resolve(
      handlerOf(session).fetch(nodeRequest(req), { clientAddress: req.socket.remoteAddress }),
    ).then(
      (response) => (response.ok && isMarkdown(response) ? writeResponse(response, res) : next()),
      () => next(),
    );
  };
}

/** The last good build's handler, its answers marked stale while the content has problems. */
function handlerOf({ state }: DevSession): Handler {
  const handler = state.handler as Handler;
  if (state.problems.length === 0) return handler;
  const problems = state.problems.length;
  return {
    prepare: () => handler.prepare(),
    fetch: async (request, context) => markedStale(await handler.fetch(request, context), problems),
  };
}

/** The API or MCP asked for before the content ever built: what stops it, as problem details. */
function neverBuilt(problems: readonly string[], path: string, baseUrl: string, res: ServerResponse) {
  const detail = `the content has problems: ${problems.map((line) => line.trim()).join('; ')}`;
  const body = problem(
    baseUrl,
    'internal_error',
    detail,
    path,
    'Fix the content; it is built again on save.',
  );
  res.writeHead(body.status, { 'content-type': PROBLEM_TYPE, 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
