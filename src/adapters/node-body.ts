/**
 * Request bodies on Node as web streams: @whatwg-node/server's Body over the node:http message, the
 * stream its own Request would read. Node 20's native ReadableStream costs about five times as
 * much to set up (makeTransferable), and @whatwg-node/server a quarter of a bare server's start to
 * load, so the Node server loads this module on its first request with a body.
 */
import type { IncomingMessage } from 'node:http';
import { Response } from '@whatwg-node/server';

export function bodyStream(message: IncomingMessage): ReadableStream<Uint8Array> | null {
  return new Response(message as unknown as BodyInit).body;
}
