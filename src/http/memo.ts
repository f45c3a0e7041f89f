/**
 * Values worked out once per distinct key and kept, but never more than a fixed number of keys: the
 * keys come from clients (paths, header values, queries), so past the bound the oldest is forgotten.
 */
export class BoundedCache<K, V extends NonNullable<unknown> | null> {
  private readonly kept = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.kept.get(key);
  }

  /** Keeps `value` under `key` and returns it. */
  set(key: K, value: V): V {
    if (this.kept.size >= this.capacity && !this.kept.has(key))
      this.kept.delete(this.kept.keys().next().value as K);
    this.kept.set(key, value);
    return value;
  }
}

/** `make` over its last `capacity` distinct keys, each worked out once. */
export function memo<K, V extends NonNullable<unknown> | null>(
  capacity: number,
  make: (key: K) => V,
): (key: K) => V {
  const cache = new BoundedCache<K, V>(capacity);
  return (key) => {
    const kept = cache.get(key);
    return kept !== undefined ? kept : cache.set(key, make(key));
  };
}
