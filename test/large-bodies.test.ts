/**
 * A body over the streaming size (llms-full.txt of a large blog, its long pages and lists) is
 * written in parts, its length and ETag in the manifest, and every runtime streams it part by part
 * over a real socket: the bytes as written, Content-Length and ETag as the manifest says, HEAD and
 * 304 without reading it, and a client that goes away mid-body costs nothing. The sizes are made
 * small here so the test blog can be; the production ones are in src/core/deployment.ts.
 */

import {
  cpSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../src/adapters/file-source.ts';
import { nodeFileStreaming } from '../src/adapters/node-files.ts';
import { type DeploymentStats, deploymentStats } from '../src/build/bundle/deployment-limits.ts';
import { buildData } from '../src/build/index.ts';
import { writeDeployment } from '../src/build/write/write-deployment.ts';
import {
  BODIES_PREFIX,
  ENCODINGS,
  type Encoding,
  encodedKey,
  type Manifest,
  type PartedFacts,
  partKey,
  type StreamedFacts,
} from '../src/core/deployment.ts';
import { etagOf } from '../src/core/etag.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';
import { completeProject, projectDeployment } from './support/project.ts';
import {
  ROOT,
  type RunningServer,
  startBun,
  startCloudflare,
  startNetlify,
  startNode,
  startVercel,
} from './support/server.ts';

const BASE = 'https://big.example';
/** Inside the repository, where the Deno server may read. */
const PROJECT = resolve(ROOT, 'test/artifacts/large-bodies');
const SIZES = { stream: 256 * 1024, part: 3 * 1024 * 1024 };
/**
 * Enough for llms-full.txt (about 1 MB a post) to outgrow what the kernel buffers on a loopback
 * connection whose client stopped reading (a send buffer of up to 4 MiB and the receive window it
 * had), so a server streaming it still holds a part file open when the client goes away.
 */
const BIG_POSTS = 10;
/** Just under the build's 1 MiB limit per file. */
const POST_BYTES = 1_000_000;
const FULL = '/llms-full.txt';
const PAGE = '/blog/large-3/';
const TWIN = '/blog/large-3.md';

let manifest: Manifest;
/** What the build added up as it wrote the deployment. */
let writtenStats: DeploymentStats;
const folder = () => join(projectDeployment(PROJECT), BODIES_PREFIX);
const factsOf = (key: string) => manifest.streamed[key] as StreamedFacts;
/** A body written in parts as the build wrote it: its parts one after another. */
const partsOf = (key: string, parts: number) =>
  Buffer.concat(Array.from({ length: parts }, (_, i) => readFileSync(join(folder(), partKey(key, i)))));
const written = (key: string) => partsOf(key, factsOf(key).parts);
const encodedFacts = (key: string, encoding: Encoding) => factsOf(key).encoded[encoding] as PartedFacts;
/** A streamed body's variant compressed at build time, as written. */
const writtenEncoded = (key: string, encoding: Encoding) =>
  partsOf(encodedKey(key, encoding), encodedFacts(key, encoding).parts);
const decompress = (bytes: Buffer, encoding: Encoding) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);

/**
 * Deterministic noise, so that the compressed variants are large enough to be written in parts too:
 * words drawn from a vocabulary of 65,536, as a language has a vocabulary (a word per draw would
 * give the search index a million distinct terms, which no blog has).
 */
function noiseWords(seed: number) {
  let state = seed;
  return (count: number) =>
    Array.from({ length: count }, () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 16).toString(36);
    }).join(' ');
}

/** Non-ASCII words, so that parts end inside a character and text length differs from bytes. */
function bigPost(n: number): string {
  const phrase = `Párrafo ${n} del artículo grande — naïve café, 日本語, 🚀 emoji. `.repeat(4);
  const noise = noiseWords(n);
  const paragraphs: string[] = [];
  for (let size = 0; size < POST_BYTES - 4096; ) {
    const paragraph = `${phrase}${noise(150)}`;
    paragraphs.push(paragraph);
    size += Buffer.byteLength(paragraph) + 2;
  }
  const day = String(n).padStart(2, '0');
  return `---\ntitle: Large post ${n}\ndescription: A post of about a megabyte.\npubDate: 2024-01-${day}\ntags: [http]\n---\n\n${paragraphs.join('\n\n')}\n`;
}

beforeAll(async () => {
  rmSync(PROJECT, { recursive: true, force: true });
  const content = join(PROJECT, 'content');
  cpSync(resolve(FIXTURES, 'mini'), content, { recursive: true });
  for (let n = 1; n <= BIG_POSTS; n++)
    writeFileSync(join(content, `blog/en/2024-01-${String(n).padStart(2, '0')}_large-${n}.md`), bigPost(n));
  ({ stats: writtenStats } = await writeDeployment(
    await buildData(content, BUILD_TIME),
    // llms-full.txt whole, all ten posts in one body, rather than cut into parts of 2 MB.
    {
      baseUrl: BASE,
      policy: { quota: 300, windowSeconds: 60 },
      sizes: SIZES,
      llmsFullPartBytes: 100 * POST_BYTES,
    },
    projectDeployment(PROJECT),
  ));
  completeProject(PROJECT);
  manifest = await readManifest(projectDeployment(PROJECT));
}, 180_000);

afterAll(() => process.env.KEEP || rmSync(PROJECT, { recursive: true, force: true }));

describe('the build of a body over the streaming size', () => {
  it('adds up the files it wrote, parts included, as the folder on disk holds them', () => {
    const onDisk = deploymentStats(projectDeployment(PROJECT));
    const measures = ({ files, bytes, largest, fullestFolder }: DeploymentStats) => ({
      files,
      bytes,
      largest: largest.bytes,
      fullestFolder: fullestFolder.files,
    });
    expect(measures(writtenStats)).toEqual(measures(onDisk));
    expect(writtenStats.files).toBeGreaterThan(100);
  });

  it('writes it in parts of at most the part size, with its length, ETag and text length', () => {
    const facts = factsOf(FULL);
    expect(facts.parts).toBe(Math.ceil(facts.bytes / SIZES.part));
    expect(facts.parts).toBeGreaterThan(2);
    for (let i = 0; i < facts.parts - 1; i++)
      expect(readFileSync(join(folder(), partKey(FULL, i))).byteLength).toBe(SIZES.part);
    expect(readdirSync(folder())).not.toContain('llms-full.txt');
    const whole = written(FULL);
    expect(whole.byteLength).toBe(facts.bytes);
    expect(facts.etag).toBe(etagOf(whole));
    expect(facts.textLength).toBe(whole.toString('utf8').length);
  });

  it('writes each streamed body compressed in br and gzip too, in parts, with its own length and ETag', () => {
    expect(encodedFacts(FULL, 'gzip').parts).toBeGreaterThan(1);
    for (const [key, facts] of Object.entries(manifest.streamed)) {
      expect(Object.keys(facts.encoded).sort()).toEqual([...ENCODINGS].sort());
      for (const encoding of ENCODINGS) {
        const variant = encodedFacts(key, encoding);
        const bytes = writtenEncoded(key, encoding);
        expect(variant.parts).toBe(Math.ceil(variant.bytes / SIZES.part));
        expect(bytes.byteLength).toBe(variant.bytes);
        expect(variant.bytes).toBeLessThan(facts.bytes);
        expect(variant.etag).toBe(etagOf(bytes));
        expect(variant.etag).not.toBe(facts.etag);
        expect(decompress(bytes, encoding).equals(written(key))).toBe(true);
      }
    }
  });

  it('streams every body over the size, pages and twins too, and writes every other body whole', () => {
    expect(Object.keys(manifest.streamed)).toEqual(expect.arrayContaining([FULL, `${PAGE}index.html`, TWIN]));
    for (const facts of Object.values(manifest.streamed)) expect(facts.bytes).toBeGreaterThan(SIZES.stream);
    const whole = readdirSync(folder(), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !entry.name.includes('~part'),
    );
    expect(whole.length).toBeGreaterThan(50);
    for (const entry of whole)
      expect(statSync(join(entry.parentPath, entry.name)).size).toBeLessThanOrEqual(SIZES.stream);
  });
});

interface Runtime {
  name: string;
  start: (env: Record<string, string>, project: string) => Promise<RunningServer>;
  /** Node and Bun: Folio reads the part files itself and compresses what it holds, not what it streams. */
  selfHosted?: boolean;
  /**
   * How a streamed GET is framed: with its Content-Length, or chunked where the runtime drops it
   * (Bun does for any stream body, oven-sh/bun#10507; Edge Runtime for every answer).
   */
  framing: 'length' | 'chunked';
  /** Edge Runtime drops Content-Length from HEAD too (see runtimes.test.ts). */
  headWithoutLength?: boolean;
}

const RUNTIMES: Runtime[] = [
  { name: 'Node', start: startNode, selfHosted: true, framing: 'length' },
  { name: 'Bun', start: startBun, selfHosted: true, framing: 'chunked' },
  { name: 'Cloudflare Worker on workerd (Miniflare)', start: startCloudflare, framing: 'length' },
  { name: 'Netlify Edge Function on Deno', start: startNetlify, framing: 'length' },
  {
    name: 'Vercel Edge Runtime (edge-runtime)',
    start: startVercel,
    framing: 'chunked',
    headWithoutLength: true,
  },
];

/** Headers about the connection and its framing, not the representation. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);
const representationHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** The part files of the deployment the process has open (the deployment folder is a link to where they are). */
function openParts(pid: number): string[] {
  const bodies = realpathSync(folder());
  const fds = `/proc/${pid}/fd`;
  return readdirSync(fds)
    .map((fd) => {
      try {
        return readlinkSync(join(fds, fd));
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(bodies) && target.includes('~part'));
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A GET that reads the first chunk of the body, waits while `paused` runs (the server meanwhile
 * blocked on a full socket), then goes away.
 */
function abandonedGet(url: string, paused: () => Promise<void>): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent: false }, (res) => {
      res.once('data', (chunk: Buffer) => {
        res.pause();
        paused().then(() => {
          req.destroy();
          done(chunk.byteLength);
        }, fail);
      });
    });
    req.on('error', () => {});
    req.end();
  });
}

describe.each(RUNTIMES)('$name streams a large body', ({ start, selfHosted, framing, headWithoutLength }) => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    server = await start({}, PROJECT);
    pool = new Pool(server.url, { connections: 1 });
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    await server?.stop();
  });

  const send = async (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => {
    const response = await pool.request({ path, method, headers });
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  };

  const expectFraming = (headers: IncomingHttpHeaders, key: string) => {
    if (framing === 'length') expect(headers['content-length']).toBe(String(factsOf(key).bytes));
    else expect(headers['transfer-encoding']).toBe('chunked');
  };

  it('GET: the bytes as written, with the length and ETag the manifest says', async () => {
    const get = await send(FULL);
    expect(get.status).toBe(200);
    expect(get.body.equals(written(FULL))).toBe(true);
    const text = get.body.toString('utf8');
    expect(text.startsWith('# ')).toBe(true);
    for (let n = 1; n <= BIG_POSTS; n++) expect(text).toContain(`# Large post ${n}\n`);
    expectFraming(get.headers, FULL);
    expect(get.headers.etag).toBe(factsOf(FULL).etag);
    expect(get.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it.each(ENCODINGS)('GET with Accept-Encoding: %s decodes to the bytes as written', async (encoding) => {
    const get = await send(FULL, { 'accept-encoding': encoding });
    expect(get.status).toBe(200);
    const coding = get.headers['content-encoding'] as Encoding | undefined;
    expect((coding ? decompress(get.body, coding) : get.body).equals(written(FULL))).toBe(true);
    // Node and Bun send the variant the build compressed (the edge platforms' CDNs compress there).
    if (!selfHosted) return;
    const variant = encodedFacts(FULL, encoding);
    expect(coding).toBe(encoding);
    expect(get.body.equals(writtenEncoded(FULL, encoding))).toBe(true);
    // A compressed answer goes chunked on every self-hosted runtime.
    expect(get.headers['content-length']).toBeUndefined();
    expect(get.headers['transfer-encoding']).toBe('chunked');
    expect(get.headers.etag).toBe(variant.etag);
    expect(get.headers.etag).not.toBe(factsOf(FULL).etag);
    expect(get.headers.vary).toBe('Accept-Encoding');
    expect(get.headers['content-type']).toBe('text/plain; charset=utf-8');

    const again = await send(FULL, { 'accept-encoding': encoding, 'if-none-match': variant.etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(variant.etag);
    // The identity ETag names another representation: the compressed one is sent in full.
    const other = await send(FULL, { 'accept-encoding': encoding, 'if-none-match': factsOf(FULL).etag });
    expect(other.status).toBe(200);
    expect(other.body.equals(writtenEncoded(FULL, encoding))).toBe(true);

    // HEAD describes the representation a GET with the same headers is sent.
    const head = await send(FULL, { 'accept-encoding': encoding }, 'HEAD');
    expect(head.headers['content-encoding']).toBe(encoding);
    expect(head.headers['content-length']).toBeUndefined();
    expect(head.headers.etag).toBe(variant.etag);
  });

  it('GET with Accept-Encoding of a streamed page: the variant the client accepts first, Vary on both', async () => {
    const key = `${PAGE}index.html`;
    const page = await send(PAGE, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    const coding = page.headers['content-encoding'] as Encoding | undefined;
    expect((coding ? decompress(page.body, coding) : page.body).equals(written(key))).toBe(true);
    if (!selfHosted) return;
    expect(coding).toBe('br');
    expect(page.headers.etag).toBe(encodedFacts(key, 'br').etag);
    expect(page.headers.vary).toBe('Accept, Accept-Encoding');
    const identity = await send(PAGE, { accept: 'text/html', 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(written(key))).toBe(true);
    expect(identity.headers.etag).toBe(factsOf(key).etag);
  });

  it('HEAD: the headers of GET and no body', async () => {
    const get = await send(FULL);
    const head = await send(FULL, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(representationHeaders(head.headers)).toEqual(representationHeaders(get.headers));
    expect(head.headers['content-length']).toBe(headWithoutLength ? undefined : String(factsOf(FULL).bytes));
  });

  it('If-None-Match with its ETag: 304 and no body', async () => {
    const again = await send(FULL, { 'if-none-match': factsOf(FULL).etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(factsOf(FULL).etag);
  });

  it('a streamed page and Markdown twin keep their headers (Link, Vary, X-Markdown-Tokens)', async () => {
    const page = await send(PAGE, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body.equals(written(`${PAGE}index.html`))).toBe(true);
    expectFraming(page.headers, `${PAGE}index.html`);
    expect(page.headers.link).toContain(`<${BASE}${TWIN}>; rel="alternate"`);
    expect(page.headers.vary).toContain('Accept');
    const twin = await send(PAGE, { accept: 'text/markdown' });
    expect(twin.body.equals(written(TWIN))).toBe(true);
    expect(twin.headers['x-markdown-tokens']).toBe(String(Math.ceil(twin.body.toString('utf8').length / 4)));
    expect(twin.headers.etag).toBe(factsOf(TWIN).etag);
  });

  it('a client that goes away mid-body costs nothing: no error, no file left open', async () => {
    const received = await abandonedGet(server.url + FULL, async () => {
      if (selfHosted) await until(() => openParts(server.pid).length > 0, 'a part file open mid-body');
    });
    expect(received).toBeLessThan(factsOf(FULL).bytes);
    if (selfHosted) await until(() => openParts(server.pid).length === 0, 'the part files closed');
    const after = await send(FULL);
    expect(after.body.equals(written(FULL))).toBe(true);
    expect(server.output()).not.toMatch(/error|folio: (?!serving)/i);
  });
});

describe("Node's sender of part files read as a web stream (what a Response's body is)", () => {
  const sendParts = (root: string) => nodeFileStreaming(root).sendParts as (keys: string[]) => ReadableStream;
  const keysOf = (key: string) => Array.from({ length: factsOf(key).parts }, (_, i) => partKey(key, i));

  it('gives the bytes as written', async () => {
    const stream = sendParts(folder())(keysOf(FULL));
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(bytes.equals(written(FULL))).toBe(true);
  });

  it('fails naming the part that is missing', async () => {
    const keys = [...keysOf(FULL), partKey(FULL, factsOf(FULL).parts)];
    await expect(new Response(sendParts(folder())(keys)).arrayBuffer()).rejects.toThrow(
      `folio: ${partKey(FULL, factsOf(FULL).parts)} is missing from the deployment`,
    );
  });
});

describe('a deployment that lost a part of a streamed body', () => {
  let server: RunningServer;
  const broken = join(PROJECT, 'broken');

  beforeAll(async () => {
    cpSync(projectDeployment(PROJECT), broken, { recursive: true });
    rmSync(join(broken, BODIES_PREFIX, partKey(FULL, 1)));
    server = await startNode({ FOLIO_OUT: broken }, PROJECT);
  }, 60_000);

  afterAll(() => server?.stop());

  it('is cut short after the parts it has, with one line saying which part is missing', async () => {
    const received = await new Promise<{ declared: number; bytes: number; complete: boolean }>((done) => {
      const req = request(server.url + FULL, { agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('close', () =>
          done({ declared: Number(res.headers['content-length']), bytes, complete: res.complete }),
        );
      });
      req.on('error', () => {});
      req.end();
    });
    expect(received.complete).toBe(false);
    expect(received.declared).toBe(factsOf(FULL).bytes);
    expect(received.bytes).toBeGreaterThanOrEqual(SIZES.part);
    expect(received.bytes).toBeLessThan(received.declared);
    await until(() => server.output().includes('is missing'), 'the line about the missing part');
    expect(server.output()).toContain(
      `folio: a body stopped while being sent: folio: ${partKey(FULL, 1)} is missing from the deployment\n`,
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect((await fetch(`${server.url}/llms.txt`)).status).toBe(200);
  });
});
