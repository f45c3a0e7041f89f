/** The build's memo of made strings: one make per key while kept, and never more kept than its bound. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { boundedMemo } from '../src/build/bounded-memo.ts';

it('makes each key once while it is kept, and keeps at most its bound, oldest let go first', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 40 }), { maxLength: 200 }),
      fc.integer({ min: 0, max: 300 }),
      (keys, bound) => {
        const made: string[] = [];
        const memo = boundedMemo((key) => {
          made.push(key);
          return key.toUpperCase() + key;
        }, bound);
        for (const key of keys) {
          expect(memo(key)).toBe(key.toUpperCase() + key);
          expect(memo.keptUnits()).toBeLessThanOrEqual(bound);
        }
        // With room for every result, every key is made once.
        if (keys.reduce((units, key) => units + 3 * key.length, 0) <= bound)
          expect(made).toEqual([...new Set(keys)]);
      },
    ),
  );
});

it('gives back what was kept without making it again, and makes again what was let go', () => {
  let makes = 0;
  const memo = boundedMemo((key) => {
    makes++;
    return key.repeat(2);
  }, 30);
  memo('aaaaa'); // 15 units
  memo('bbbbb'); // 30
  memo('aaaaa');
  expect(makes).toBe(2);
  memo('ccccc'); // lets 'aaaaa' go, the oldest
  expect(makes).toBe(3);
  memo('bbbbb');
  expect(makes).toBe(3);
  memo('aaaaa');
  expect(makes).toBe(4);
  // A result larger than the bound is made and given, never kept.
  expect(memo('x'.repeat(20))).toBe('x'.repeat(40));
  expect(memo.keptUnits()).toBeLessThanOrEqual(30);
});
