/**
 * A request body on Node read otherwise than through its one reader (iterated, piped, teed) is
 * Node's web stream over the message: the bytes as the client sent them, over a real socket.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyStream } from '../src/adapters/node-body.ts';

const SENT = 'Párrafo — 🚀 '.repeat(50_000);
let server: Server;
let url: string;

async function received(read: (body: ReadableStream<Uint8Array>) => Promise<string>): Promise<string> {
  const answered = new Promise<string>((done, fail) => {
    server.once('request', (req: IncomingMessage, res) => {
      read(bodyStream(req))
        .then(done, fail)
        .finally(() => res.end());
    });
  });
  await fetch(url, { method: 'POST', body: SENT });
  return answered;
}

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise((closed) => server.close(closed)));

describe('a Node request body used as a web stream', () => {
  it('iterated: the bytes as sent', async () => {
    const text = await received(async (body) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(text).toBe(SENT);
  });

  it('piped: the bytes as sent', async () => {
    const text = await received(async (body) => {
      const chunks: Uint8Array[] = [];
      await body.pipeTo(
        new WritableStream({
          write(chunk) {
            chunks.push(chunk);
          },
        }),
      );
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(text).toBe(SENT);
  });
});
