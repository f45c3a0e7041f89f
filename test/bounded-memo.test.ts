/** The build's memo of made strings: one make per key while kept, and never more kept than its bound. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { boundedMemo } from '../src/build/bounded-memo.ts';
import { stringBytes } from '../src/core/byte-lru.ts';

/** What a key and its result cost kept: the key's slot and both strings. */
const cost = (key: string, made: string) => stringBytes(key) + 2 * made.length;

it('makes each key once while it is kept, and keeps at most its bound', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 40 }), { maxLength: 200 }),
      fc.integer({ min: 0, max: 4000 }),
      (keys, bound) => {
        const made: string[] = [];
        const memo = boundedMemo((key) => {
          made.push(key);
          return key.toUpperCase() + key;
        }, bound);
        for (const key of keys) {
          expect(memo(key)).toBe(key.toUpperCase() + key);
          expect(memo.keptBytes()).toBeLessThanOrEqual(bound);
        }
        // With room for every result, every key is made once.
        const distinct = [...new Set(keys)];
        if (distinct.reduce((bytes, key) => bytes + cost(key, key + key), 0) <= bound)
          expect(made).toEqual(distinct);
      },
    ),
  );
});

it('gives back what was kept without making it again, and makes again what was let go', () => {
  let makes = 0;
  const memo = boundedMemo((key) => {
    makes++;
    return key.repeat(2);
  }, 2 * cost('aaaaa', 'aaaaaaaaaa'));
  memo('aaaaa');
  memo('bbbbb');
  memo('aaaaa');
  expect(makes).toBe(2);
  memo('ccccc'); // lets 'bbbbb' go: 'aaaaa' was asked for since it was kept
  expect(makes).toBe(3);
  memo('aaaaa');
  expect(makes).toBe(3);
  memo('bbbbb');
  expect(makes).toBe(4);
  // A result larger than the bound is made and given, never kept.
  expect(memo('x'.repeat(200))).toBe('x'.repeat(400));
  expect(memo.keptBytes()).toBeLessThanOrEqual(2 * cost('aaaaa', 'aaaaaaaaaa'));
});
