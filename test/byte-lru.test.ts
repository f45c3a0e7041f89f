/** The byte-bounded cache under the body budget and every per-request cache. */
import { describe, expect, it } from 'vitest';
import { ByteLru } from '../src/core/byte-lru.ts';

describe('ByteLru', () => {
  it('keeps its bytes within the budget, dropping the oldest unused entry first', () => {
    const cache = new ByteLru<string, number>({ maxBytes: 100 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i, 30);
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(3);
    expect([cache.has('k7'), cache.has('k8'), cache.has('k9'), cache.has('k6')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('keeps no more entries than told, whatever they cost', () => {
    const cache = new ByteLru<string, number>({ maxBytes: 1_000_000, maxEntries: 4 });
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, i, 1);
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(4);
  });

  it('gives an entry used since it was last passed over another turn: a crawl does not push out a hot entry', () => {
    const cache = new ByteLru<string, string>({ maxBytes: 100 });
    cache.set('hot', 'page', 10);
    for (let i = 0; i < 1000; i++) {
      cache.set(`crawl${i}`, 'page', 10);
      if (i % 5 === 0) expect(cache.get('hot')).toBe('page');
    }
    expect(cache.has('hot')).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(100);
  });

  it('counts what an entry grows by, and nothing once the entry is dropped', () => {
    const cache = new ByteLru<string, string>({ maxBytes: 100 });
    const first = cache.set('a', 'body', 20);
    first?.grow(30);
    expect(cache.bytes).toBe(50);
    cache.set('b', 'body', 40);
    first?.grow(40);
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.has('a')).toBe(false);
    first?.grow(1000);
    expect(cache.bytes).toBe(40);
    first?.grow(-1000);
    expect(cache.bytes).toBe(40);
  });

  it('refuses an entry larger than its bound, and growth past it, keeping the entry as it was', () => {
    const cache = new ByteLru<string, string>({ maxBytes: 100, maxEntryBytes: 25 });
    expect(cache.set('big', 'x', 26)).toBeNull();
    expect(cache.has('big')).toBe(false);
    const grown = cache.set('grows', 'x', 20);
    expect(grown?.grow(6)).toBe(false);
    expect(grown?.grow(5)).toBe(true);
    expect(cache.bytes).toBe(25);
    cache.get('grows');
    cache.set('other', 'y', 25);
    expect(cache.has('grows')).toBe(true);
    expect(cache.bytes).toBe(50);
  });

  it('replaces the value under a key, counting only the new one', () => {
    const cache = new ByteLru<string, string>({ maxBytes: 100 });
    cache.set('a', 'one', 60);
    cache.set('a', 'two', 30);
    expect(cache.get('a')).toBe('two');
    expect(cache.bytes).toBe(30);
  });
});
