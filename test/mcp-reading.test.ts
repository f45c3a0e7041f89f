/**
 * Reading posts over MCP through the handler: get_post returns a post's Markdown twin in pieces of
 * at most 40,000 characters that join to the served twin exactly, with the post's facts, valid under
 * its outputSchema, on the stateless and the legacy revisions.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../src/handler.ts';
import { pieceOf, READ_CAP } from '../src/mcp/pieces.ts';
import { deployed, fixtureData } from './support/data.ts';

const BASE = 'https://long.example';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

let handler: Handler;
let validate: ReturnType<Ajv2020['compile']>;

beforeAll(async () => {
  handler = createHandler(await deployed(await fixtureData('long-read'), BASE));
  const { tools } = (await rpc('tools/list', {}, '2025-11-25')).result as {
    tools: { name: string; outputSchema: object }[];
  };
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  validate = ajv.compile(tools.find((tool) => tool.name === 'get_post')!.outputSchema);
});

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

async function rpc(method: string, params: Record<string, unknown>, version: string): Promise<RpcAnswer> {
  const modern = version === '2026-07-28';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': version,
    ...(modern ? { 'mcp-method': method } : {}),
    ...(modern && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
  };
  const body = { jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: MODERN_META } : params };
  const response = await handler.fetch(
    new Request(`${BASE}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) }),
    { clientAddress: '192.0.2.9' },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as RpcAnswer;
}

interface PostText {
  slug: string;
  url: string;
  markdownUrl: string;
  offset: number;
  totalLength: number;
  nextOffset?: number;
  markdown: string;
}

async function getPost(args: Record<string, unknown>, version = '2026-07-28') {
  const { result, error } = await rpc('tools/call', { name: 'get_post', arguments: args }, version);
  expect(error).toBeUndefined();
  return result as {
    isError?: boolean;
    content: { type: string; text: string }[];
    structuredContent: PostText;
  };
}

async function twin(path: string): Promise<string> {
  const response = await handler.fetch(new Request(BASE + path), { clientAddress: '192.0.2.9' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  return response.text();
}

describe('get_post', () => {
  it.each(['2026-07-28', '2025-11-25', '2025-06-18'])(
    'on %s reads a post longer than one call whole, in pieces that join to its twin byte for byte',
    async (version) => {
      const whole = await twin('/blog/very-long-read.md');
      expect(whole.length).toBeGreaterThan(2 * READ_CAP);
      const pieces: PostText[] = [];
      let offset: number | undefined = 0;
      while (offset !== undefined) {
        const result = await getPost({ slug: 'very-long-read', offset }, version);
        expect(result.isError).toBeUndefined();
        const piece = result.structuredContent;
        expect(validate(piece), JSON.stringify(validate.errors)).toBe(true);
        expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(piece) }]);
        expect(piece.offset).toBe(offset);
        expect(piece.markdown.length).toBeLessThanOrEqual(READ_CAP);
        pieces.push(piece);
        offset = piece.nextOffset;
      }
      expect(pieces.length).toBe(Math.ceil(whole.length / READ_CAP));
      for (const piece of pieces) expect(piece.totalLength).toBe(whole.length);
      const joined = new TextEncoder().encode(pieces.map((piece) => piece.markdown).join(''));
      expect(joined).toEqual(new TextEncoder().encode(whole));
    },
  );

  it("a short post comes whole with its facts, its twin's address and no nextOffset", async () => {
    const { structuredContent: post } = await getPost({ slug: 'short-one', lang: 'es' });
    expect(validate(post), JSON.stringify(validate.errors)).toBe(true);
    expect(post).toMatchObject({
      slug: 'short-one',
      lang: 'es',
      title: 'Uno corto',
      url: `${BASE}/es/blog/short-one/`,
      markdownUrl: `${BASE}/es/blog/short-one.md`,
      offset: 0,
    });
    expect(post).not.toHaveProperty('nextOffset');
    expect(post.markdown).toBe(await twin('/es/blog/short-one.md'));
    expect(post.totalLength).toBe(post.markdown.length);
  });

  it('an unknown slug, or an offset past the end, is an isError result that says what to do', async () => {
    const unknown = await getPost({ slug: 'no-such-post' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('search_blog_posts');
    const past = await getPost({ slug: 'short-one', offset: 10_000 });
    expect(past.isError).toBe(true);
    expect(past.content[0]!.text).toContain('past the end');
  });

  it('a bad offset is an isError result from 2025-11-25 and -32602 before it', async () => {
    const modern = await getPost({ slug: 'short-one', offset: -1 }, '2025-11-25');
    expect(modern.isError).toBe(true);
    expect(modern.content[0]!.text).toContain('offset: expected an integer of at least 0, received -1');
    const { error } = await rpc(
      'tools/call',
      { name: 'get_post', arguments: { slug: 'short-one', offset: 1.5 } },
      '2025-06-18',
    );
    expect(error?.code).toBe(-32602);
  });
});

describe('pieces', () => {
  it('never cut a surrogate pair, and join to the text', () => {
    const text = `${'a'.repeat(9)}🦀${'b'.repeat(15)}`;
    const first = pieceOf(text, 0, 10)!;
    expect(first).toEqual({ text: 'a'.repeat(9), offset: 0, totalLength: 26, nextOffset: 9 });
    const second = pieceOf(text, 9, 10)!;
    expect(second.text.startsWith('🦀')).toBe(true);
    const third = pieceOf(text, second.nextOffset!, 10)!;
    expect(third.nextOffset).toBeUndefined();
    expect(first.text + second.text + third.text).toBe(text);
    expect(pieceOf(text, 26, 10)).toBeNull();
    expect(pieceOf('', 0, 10)).toEqual({ text: '', offset: 0, totalLength: 0 });
  });
});
