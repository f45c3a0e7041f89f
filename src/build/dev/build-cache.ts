/**
 * What the dev server keeps from one build to the next, and how it tells that an input did not
 * change. Every cached value is kept with the inputs it was made from and used again only when the
 * new inputs are equal, so a cache can only save work, never change a body.
 */

/** Values kept between builds: those a build did not use are dropped when the next one starts. */
export class BuildCache<K, V> {
  private previous = new Map<K, V>();
  private current = new Map<K, V>();

  get(key: K): V | undefined {
    const value = this.current.get(key) ?? this.previous.get(key);
    if (value !== undefined) this.current.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.current.set(key, value);
  }

  delete(key: K): void {
    this.current.delete(key);
    this.previous.delete(key);
  }

  /** A build succeeded: what it used is kept for the next one, the rest is let go. */
  next(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The keys of the objects being compared, innermost last: comparing keys allocates nothing. */
const keys: string[] = [];

/**
 * Whether two values made of JSON-like data are the same: equal primitives, arrays of the same
 * items, plain objects with the same keys in the same order (the order can show in a body). Any
 * other object is the same only as itself.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const from = keys.length;
  try {
    for (const key in a) keys.push(key);
    let i = from;
    for (const key in b) if (keys[i++] !== key) return false;
    if (i !== keys.length) return false;
    for (let k = from; k < i; k++) {
      const key = keys[k] as string;
      if (!sameData(a[key], b[key])) return false;
    }
    return true;
  } finally {
    keys.length = from;
  }
}
