/**
 * The binary framing of the search index's head and shards: what the build writes is what the run
 * time reads, at every varint length, and a file cut short is refused with a message, not misread.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { framed, unframed, VarintReader, VarintWriter } from '../src/core/search-codec.ts';

/** Post numbers ascending and frequencies, in turn, written as the build writes them. */
function encoded(postings: [post: number, frequency: number][]): Uint8Array {
  const writer = new VarintWriter();
  let previous = 0;
  for (const [post, frequency] of postings) {
    writer.write(post - previous);
    writer.write(frequency);
    previous = post;
  }
  return writer.bytes();
}

const ascendingPostings = fc
  .uniqueArray(fc.nat({ max: 0xffff_ffff }), { maxLength: 50 })
  .chain((posts) =>
    fc.tuple(
      fc.constant(posts.sort((a, b) => a - b)),
      fc.array(fc.integer({ min: 1, max: 0xffff_ffff }), {
        minLength: posts.length,
        maxLength: posts.length,
      }),
    ),
  )
  .map(([posts, frequencies]) => posts.map((post, i): [number, number] => [post, frequencies[i] as number]));

describe('varints', () => {
  it('take one byte below 128, two from 128, five at the largest 32-bit number', () => {
    const sizes = [0, 127, 128, 16_383, 16_384, 0xffff_ffff].map((value) => {
      const writer = new VarintWriter();
      writer.write(value);
      return writer.bytes().byteLength;
    });
    expect(sizes).toEqual([1, 1, 2, 2, 3, 5]);
  });

  it('append what another writer wrote, growing past their first capacity', () => {
    const first = new VarintWriter(1);
    const second = new VarintWriter(1);
    for (let i = 0; i < 100; i++) first.write(i * 300);
    for (let i = 0; i < 100; i++) second.write(i);
    const both = new VarintWriter(1);
    both.append(first);
    both.append(second);
    const reader = new VarintReader(both.bytes());
    const read = Array.from({ length: 200 }, () => reader.next());
    expect(read).toEqual([
      ...Array.from({ length: 100 }, (_, i) => i * 300),
      ...Array.from({ length: 100 }, (_, i) => i),
    ]);
    expect(both.length).toBe(first.length + second.length);
  });

  it('read back as written, from any offset, ending where they end', () => {
    fc.assert(
      fc.property(ascendingPostings, fc.nat({ max: 8 }), (postings, padding) => {
        const bytes = encoded(postings);
        const payload = new Uint8Array(padding + bytes.byteLength + 3);
        payload.set(bytes, padding);
        const reader = new VarintReader(payload, padding);
        let post = 0;
        const read = postings.map((): [number, number] => {
          post += reader.next();
          return [post, reader.next()];
        });
        expect(read).toEqual(postings);
        expect(reader.at).toBe(padding + bytes.byteLength);
      }),
    );
  });
});

describe('framed files', () => {
  it('give back their JSON part and their payload', () => {
    const file = framed({ terms: ['cache', 'caché'] }, [new Uint8Array([1, 2]), new Uint8Array([3])]);
    const { json, payload } = unframed<{ terms: string[] }>(file);
    expect(json).toEqual({ terms: ['cache', 'caché'] });
    expect([...payload]).toEqual([1, 2, 3]);
  });

  it('are read the same from a view at any offset of a larger buffer', () => {
    const file = framed([1, 'two'], [new Uint8Array([9])]);
    const larger = new Uint8Array(file.byteLength + 7);
    larger.set(file, 3);
    const { json, payload } = unframed(larger.subarray(3, 3 + file.byteLength));
    expect(json).toEqual([1, 'two']);
    expect([...payload]).toEqual([9]);
  });

  it('refuse a file shorter than its length says', () => {
    const file = framed({ a: 1 }, []);
    expect(() => unframed(file.subarray(0, file.byteLength - 1))).toThrow(
      'a search index file is cut short; build it again',
    );
    expect(() => unframed(new Uint8Array(2))).toThrow('a search index file is cut short; build it again');
  });
});
