/**
 * Values worked out once per distinct key and kept, bounded in entries and in bytes: the keys come
 * from clients (paths, header values, queries), so a flood of distinct or long ones only pushes
 * out older ones. A key costs its length; a value whose size follows its key (a path's plan, which
 * holds strings made from the path) says so with `costOf`.
 */
import { ByteLru, stringBytes } from '../core/byte-lru.ts';

/** What one cache of per-request values may hold unless told otherwise. */
export const KEPT_BYTES = 1024 * 1024;

export class BoundedCache<V extends NonNullable<unknown> | null> {
  private readonly kept: ByteLru<string, V>;

  constructor(
    capacity: number,
    private readonly costOf: (key: string, value: V) => number = stringBytes,
    maxBytes = KEPT_BYTES,
  ) {
    this.kept = new ByteLru({ maxBytes, maxEntries: capacity });
  }

  get(key: string): V | undefined {
    return this.kept.get(key);
  }

  /** Keeps `value` under `key` (unless it alone is over the byte bound) and returns it. */
  set(key: string, value: V): V {
    this.kept.set(key, value, this.costOf(key, value));
    return value;
  }
}

/** `make` over its last `capacity` distinct keys (and at most KEPT_BYTES of them), each worked out once. */
export function memo<V extends NonNullable<unknown> | null>(
  capacity: number,
  make: (key: string) => V,
): (key: string) => V {
  const cache = new BoundedCache<V>(capacity);
  return (key) => {
    const kept = cache.get(key);
    return kept !== undefined ? kept : cache.set(key, make(key));
  };
}

/** What an area keeps about its paths (each path's plan and prepared answers), at most. */
export const KEPT_PLAN_BYTES = 4 * 1024 * 1024;

/**
 * What a path's plan costs: a couple of kilobytes of header sets and prepared answers, and a
 * handful of strings made from the path (its keys, its Link header, its 404's body), two bytes a
 * character each.
 */
export const planBytes = (path: string) => 2048 + 12 * path.length;

/** The cache of an area's path plans. */
export const planCache = <P extends NonNullable<unknown>>(capacity: number) =>
  new BoundedCache<P>(capacity, planBytes, KEPT_PLAN_BYTES);
