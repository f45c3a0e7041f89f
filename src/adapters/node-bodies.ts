/**
 * Requests with a body on Node, made by @whatwg-node/server: it turns the message into a fetch
 * Request whose body streams from the socket, ends it where the client does and signals a client
 * that went away. The handler's answer comes back unsent, for the server to write as it writes
 * every other.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';

type Answer = (request: Request, req: IncomingMessage) => Response | Promise<Response>;

export function bodyRequests(answer: Answer) {
  const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) => answer(request, req), {
    // What the adapter would work out itself (its own Request is not the global one), said here so it
    // does not read `globalThis.Request`: on Node that loads the built-in undici, about 35 ms of the
    // first MCP call.
    __useCustomAbortCtrl: true,
  });
  // The adapter may give its own kind of promise: one real promise for the server to wait on.
  return (req: IncomingMessage, res: ServerResponse): Promise<Response> =>
    Promise.resolve(adapter.handleNodeRequestAndResponse(req, res, { req }));
}
