/**
 * What a search reads of its language's index files: the head, the shards its words fall in and
 * the stored chunks of the results it shows, never the whole index.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emitIntoMemory, type MemoryDeployment } from '../src/build/dev/memory-deployment.ts';
import { searchIndexFiles } from '../src/build/search-index.ts';
import { searchHeadKey, searchTermsKey } from '../src/core/deployment.ts';
import { unframed } from '../src/core/search-codec.ts';
import type { SearchHead } from '../src/core/search-index.ts';
import { createBodyCache } from '../src/runtime/body-cache.ts';
import { createSearch } from '../src/runtime/search/search.ts';
import { parseHead, parseShard } from '../src/runtime/search/search-files.ts';
import { servedData, UNFILTERED } from './support/data.ts';

const BASE = 'https://blog.example';
const SHARD_BYTES = 512;

let deployment: MemoryDeployment;
let head: SearchHead;

beforeAll(async () => {
  deployment = await emitIntoMemory(await servedData(), {
    baseUrl: BASE,
    policy: { quota: 300, windowSeconds: 60 },
    indexSearch: (documents) => searchIndexFiles(documents, SHARD_BYTES),
  });
  head = unframed<SearchHead>(deployment.bodies.get(searchHeadKey('en')) as Uint8Array).json;
});

/** A search over the deployment that notes every key it reads. */
function readingSearch() {
  const read: string[] = [];
  const search = createSearch(
    createBodyCache({
      read: (key) => {
        read.push(key);
        return deployment.source.read(key);
      },
    }),
  );
  return { search, read };
}

const shardKey = (key: string) => head.shards.findIndex((_, i) => searchTermsKey('en', i) === key);

describe('a search reads only what it needs', () => {
  it('splits the index of a small blog into many small shards at a small shard size', () => {
    expect(head.shards.length).toBeGreaterThan(30);
    expect(head.shards.some((key) => [...key].length >= 3)).toBe(true);
    const sizes = head.shards.map((_, i) => deployment.bodies.get(searchTermsKey('en', i))?.byteLength ?? 0);
    expect(sizes.every((size) => size > 0)).toBe(true);
  });

  it('a word reads the head, the shards of the keys that begin it or that it begins, and shown chunks', async () => {
    const { search, read } = readingSearch();
    const answer = await search({ ...UNFILTERED, query: 'validators', lang: 'en', limit: 3 });
    expect(answer.results.length).toBeGreaterThan(0);
    expect(read[0]).toBe(searchHeadKey('en'));
    const shards = read.filter((key) => key.includes('/terms-')).map((key) => head.shards[shardKey(key)]);
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThan(head.shards.length / 4);
    for (const key of shards)
      expect('validators'.startsWith(key as string) || key?.startsWith('validators')).toBe(true);
    const chunks = read.filter((key) => key.includes('/posts-'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.length).toBeLessThanOrEqual(answer.results.length);
    expect(read.length).toBe(1 + shards.length + chunks.length);
  });

  it('a one-letter last word reads every shard whose key begins with it, and no other', async () => {
    const { search, read } = readingSearch();
    await search({ ...UNFILTERED, query: 'zzqqxx s', lang: 'en', limit: 10 });
    const shards = read.filter((key) => key.includes('/terms-')).map((key) => head.shards[shardKey(key)]);
    // The first word is no prefix: it reads at most the shard of the longest key that begins it.
    const ofFirstWord = ['zzqqxx', 'zzqqx', 'zzqq', 'zzq', 'zz', 'z'].find((key) =>
      head.shards.includes(key),
    );
    const expected = head.shards.filter((key) => key.startsWith('s'));
    expect(expected.length).toBeGreaterThan(1);
    expect(shards.sort()).toEqual([...expected, ...(ofFirstWord ? [ofFirstWord] : [])].sort());
  });

  it('a word no shard key begins reads the head alone', async () => {
    const { search, read } = readingSearch();
    const keys = new Set(head.shards.map((key) => [...key][0]));
    const absent = ['ж', 'ω', 'ק', '乙'].find((letter) => !keys.has(letter)) as string;
    expect(await search({ ...UNFILTERED, query: absent, lang: 'en', limit: 10 })).toMatchObject({
      total: 0,
      results: [],
    });
    expect(read).toEqual([searchHeadKey('en')]);
  });

  it('the head is read once, and a repeated query reads nothing', async () => {
    const { search, read } = readingSearch();
    await search({ ...UNFILTERED, query: 'cache', lang: 'en', limit: 10 });
    const first = read.length;
    await search({ ...UNFILTERED, query: 'cache', lang: 'en', limit: 10 });
    expect(read.length).toBe(first);
    await search({ ...UNFILTERED, query: 'http', lang: 'en', limit: 10 });
    expect(read.filter((key) => key === searchHeadKey('en'))).toHaveLength(1);
  });
});

describe('index files cut short', () => {
  const bytesOf = (key: string) => deployment.bodies.get(key) as Uint8Array;
  const largestShard = () =>
    head.shards
      .map((_, i) => bytesOf(searchTermsKey('en', i)))
      .reduce((largest, bytes) => (bytes.byteLength > largest.byteLength ? bytes : largest));

  it('a head or a shard is whole as built, and refused with a message when it is not', () => {
    const headBytes = bytesOf(searchHeadKey('en'));
    expect(parseHead(headBytes).documentCount).toBe(head.documentCount);
    expect(() => parseHead(headBytes.subarray(0, headBytes.byteLength - 1))).toThrow(
      'the search index head is cut short; build it again',
    );
    const shard = largestShard();
    expect(parseShard(shard).size).toBeGreaterThan(0);
    expect(() => parseShard(shard.subarray(0, shard.byteLength - 1))).toThrow(
      'a search index shard is cut short; build it again',
    );
  });
});
