/**
 * HTTP/1.1 pipelining on the self-hosted servers, over a raw socket: a GET of a body the server has
 * not read yet, and behind it on the same connection a POST to /mcp, sent in one write. Each
 * server, fresh, answers both, in order, on every one of 100 connections.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODIES_PREFIX } from '../src/core/deployment.ts';
import { replyText } from './support/raw-http.ts';
import { type RunningServer, startBun, startNode, TEST_PROJECT } from './support/server.ts';

const EXCHANGES = 100;
const BODIES = join(TEST_PROJECT, 'dist/public', BODIES_PREFIX);

/** Paths of bodies the server reads from the deployment on their first request: the API's JSON and the pages. */
function unreadPaths(): string[] {
  const files = readdirSync(BODIES, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  const paths = files.flatMap((entry) => {
    const key = `/${relative(BODIES, join(entry.parentPath, entry.name))}`;
    if (key.startsWith('/api/') && key.endsWith('.json')) return [key];
    if (key.endsWith('/index.html') && !key.includes('~')) return [key.slice(0, -'index.html'.length)];
    return [];
  });
  return paths.sort();
}

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' });

function pipelined(host: string, path: string): string {
  const get = `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html, application/json\r\n\r\n`;
  const post =
    `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n` +
    `Content-Length: ${Buffer.byteLength(CALL)}\r\nConnection: close\r\n\r\n${CALL}`;
  return get + post;
}

/** The answers in a reply (read as latin1), in order: each one's status and whether it is the JSON-RPC result. */
function answersIn(reply: string): { status: number; rpc: boolean }[] {
  const answers: { status: number; rpc: boolean }[] = [];
  let at = 0;
  while (at < reply.length) {
    const headEnd = reply.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const head = reply.slice(at, headEnd).toLowerCase();
    let body = '';
    at = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) {
      body = reply.slice(at, at + Number(length[1]));
      at += Number(length[1]);
    } else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
      for (;;) {
        const sizeEnd = reply.indexOf('\r\n', at);
        const size = Number.parseInt(reply.slice(at, sizeEnd), 16);
        body += reply.slice(sizeEnd + 2, sizeEnd + 2 + size);
        at = sizeEnd + 2 + size + 2;
        if (!(size > 0)) break;
      }
    }
    answers.push({ status: Number(head.split(' ')[1]), rpc: body.includes('"jsonrpc":"2.0","id":7') });
  }
  return answers;
}

describe.each([
  ['Node', startNode],
  ['Bun', startBun],
])('a fresh %s server', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start({ FOLIO_RATE_LIMIT_QUOTA: '1000000' });
  }, 60_000);
  afterAll(() => server?.stop());

  it(`answers a GET and a POST to /mcp pipelined behind it, in order, ${EXCHANGES} times out of ${EXCHANGES}`, {
    timeout: 120_000,
  }, async () => {
    const paths = unreadPaths();
    expect(paths.length).toBeGreaterThan(EXCHANGES / 2);
    const host = new URL(server.url).host;
    const lost: string[] = [];
    for (let i = 0; i < EXCHANGES; i++) {
      const path = paths[i % paths.length] as string;
      const answers = answersIn(await replyText(server.url, pipelined(host, path)));
      const inOrder = [
        { status: 200, rpc: false },
        { status: 200, rpc: true },
      ];
      if (JSON.stringify(answers) !== JSON.stringify(inOrder))
        lost.push(`${path}: ${JSON.stringify(answers)}`);
    }
    expect(lost).toEqual([]);
  });
});
