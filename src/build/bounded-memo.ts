/**
 * `make(key)`, kept for later calls with the same key while the kept keys and results take at most
 * `maxBytes` (the shared ByteLru's count: two bytes a UTF-16 unit, plus a slot each); past that,
 * the least recently used are let go. For a memo that lives as long as a process (a build of any
 * size, the dev server) where repeats are common but keys unbounded.
 */
import { ByteLru, stringBytes } from '../core/byte-lru.ts';

export function boundedMemo(make: (key: string) => string, maxBytes: number) {
  const kept = new ByteLru<string, string>({ maxBytes });
  const memo = (key: string): string => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const made = make(key);
    kept.set(key, made, stringBytes(key) + 2 * made.length);
    return made;
  };
  /** The bytes kept now: never more than `maxBytes`. */
  memo.keptBytes = () => kept.bytes;
  return memo;
}
