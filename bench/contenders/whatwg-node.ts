/**
 * Folio's handler, unchanged, on @whatwg-node/server's adapter with its fast path: its own
 * Response class handed to the handler, whose plain header object it writes with one writeHead,
 * without conversion. The Node server instead reads and writes node:http's messages straight
 * (src/adapters/node.ts); this contender measures what that choice is worth.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { createServerAdapter, Response } from '@whatwg-node/server';
import { nodeFileStreaming } from '../../src/adapters/node-files.ts';
import { selfHosted, selfHostedSettings } from '../../src/adapters/self-hosted.ts';

const settings = selfHostedSettings(process.env);
const { handler } = await selfHosted(settings, nodeFileStreaming, {
  Response: Response as unknown as typeof globalThis.Response,
});
const adapter = createServerAdapter<{ req: IncomingMessage }>((request, { req }) =>
  handler.fetch(request, { clientAddress: req.socket.remoteAddress }),
);
createServer(adapter).listen(settings.port, settings.host);
