/**
 * A cache bounded in bytes and in entries: each entry states what it costs, and past either bound
 * the least recently used entries are dropped (CLOCK: a hit only sets a flag, so a lookup costs one
 * Map read; an entry hit since it was last passed over gets one more turn before it is dropped).
 * An entry may grow after it is kept (a compressed variant, a value derived from it), and its
 * growth is counted like its first cost, up to the bound of one entry. Plain Map and closures: the same on Node, Bun and the edge.
 */

interface Entry<V> {
  value: V;
  bytes: number;
  used: boolean;
  kept: boolean;
}

/** A kept entry as its owner sees it: what it holds, and how to count bytes added to it. */
export interface KeptEntry {
  /**
   * Counts `bytes` more (or fewer, when negative) against the budget, and says so. Nothing is
   * counted, and the answer is false, once the entry is dropped or when it would grow past the bound
   * of one entry: the owner then does not keep what it was adding, and keeps the rest.
   */
  grow(bytes: number): boolean;
}

export interface ByteLruOptions {
  maxBytes: number;
  /** The most entries kept, whatever their cost. */
  maxEntries?: number;
  /** An entry is never kept larger than this (it would push out many others); maxBytes unless set. */
  maxEntryBytes?: number;
}

/** What a string key costs kept in memory: two bytes a UTF-16 code unit, plus a Map slot. */
export const ENTRY_BYTES = 64;
export const stringBytes = (text: string) => ENTRY_BYTES + 2 * text.length;

export class ByteLru<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxEntryBytes: number;
  private total = 0;

  constructor({ maxBytes, maxEntries = Number.POSITIVE_INFINITY, maxEntryBytes = maxBytes }: ByteLruOptions) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
    this.maxEntryBytes = Math.min(maxEntryBytes, maxBytes);
  }

  /** The bytes the kept entries count. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` at `bytes`, in place of any value under `key`; null when it is too large to keep. */
  set(key: K, value: V, bytes: number): KeptEntry | null {
    this.delete(key);
    if (bytes > this.maxEntryBytes) return null;
    const entry: Entry<V> = { value, bytes, used: false, kept: true };
    this.entries.set(key, entry);
    this.total += bytes;
    this.trim();
    return {
      grow: (more) => {
        if (!entry.kept || entry.bytes + more > this.maxEntryBytes) return false;
        entry.bytes += more;
        this.total += more;
        this.trim();
        return true;
      },
    };
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.drop(entry);
  }

  private drop(entry: Entry<V>) {
    entry.kept = false;
    this.total -= entry.bytes;
  }

  /** Drops the oldest entries not used since they were last passed over, until both bounds hold. */
  private trim() {
    while (this.total > this.maxBytes || this.entries.size > this.maxEntries) {
      const [key, entry] = this.entries.entries().next().value as [K, Entry<V>];
      this.entries.delete(key);
      if (entry.used) {
        entry.used = false;
        this.entries.set(key, entry);
      } else this.drop(entry);
    }
  }
}
