import { MAX_QUOTA } from '../core/rate-policy.ts';

/** The quota state of one client after a request, as the RateLimit headers report it. */
export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the oldest counted request leaves the window (the window length when none is counted). */
  reset: number;
}

export interface LimiterOptions {
  quota?: number;
  windowSeconds?: number;
  /** Clients tracked at once; past it the least recently seen client is forgotten. */
  maxClients?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

const INITIAL_SLOTS = 1024;
const NONE = -1;
/** Buckets a window is cut into at most: windows up to this many seconds are counted per second. */
export const MAX_BUCKETS = 60;

/**
 * How a window is cut into buckets. A window of up to 60 s has one bucket per second. A longer one
 * has buckets of `width` = ceil(window / 60) seconds, and a request counts until the last second
 * of its bucket leaves the window: never less than the window, at most `width - 1` s more.
 */
export interface Buckets {
  /** Seconds per bucket. */
  width: number;
  /** Buckets kept per client: enough for every bucket that can still count at once (at most 61). */
  ring: number;
}

export function bucketsFor(windowSeconds: number): Buckets {
  const width = Math.ceil(windowSeconds / MAX_BUCKETS);
  return { width, ring: Math.floor((windowSeconds - 2) / width) + 2 };
}

/** The array type of the counts and running totals: 16-bit up to a quota of 65535, 32-bit above. */
const countArrayFor = (quota: number) => (quota > 0xffff ? Uint32Array : Uint16Array);

/**
 * The most memory the limiter's typed arrays hold once grown to `maxClients`: per client a count
 * per bucket, 20 bytes of bookkeeping beside the running total and up to 16 bytes of index, so at
 * most 160 bytes a client for any window (61 buckets) up to a quota of 65535 and 284 above, 16 MB
 * at the default 100,000 clients and quota. While the arrays grow (doubling, from 1,024 clients),
 * the old ones live on until the copy is done.
 */
export function memoryBound(windowSeconds: number, maxClients: number, quota: number): number {
  const perClient = countArrayFor(quota).BYTES_PER_ELEMENT * (bucketsFor(windowSeconds).ring + 1) + 20;
  const slots = Math.max(INITIAL_SLOTS, maxClients);
  return slots * perClient + 4 * 2 ** Math.ceil(Math.log2(slots * 2));
}

/**
 * A sliding-window limiter with at most 61 buckets per client, whatever the window.
 *
 * Every tracked client is one slot in a few typed arrays: a count per bucket, the last
 * second seen, the running total, a 64-bit hash of its key, and its links in a least-recently-seen
 * list. An open-addressing index maps key hashes to slots. No object is allocated per client, so
 * memory is bounded by `maxClients` (see `memoryBound`), the time per request by the bucket count,
 * and forgetting the least recently seen client is O(1). Two keys with the same 64-bit hash would
 * share a quota; among 100,000 clients the odds are below one in a billion.
 */
export class SlidingWindowLimiter {
  readonly quota: number;
  readonly windowSeconds: number;
  readonly maxClients: number;
  private readonly width: number;
  private readonly ring: number;
  private readonly now: () => number;
  private size = 0;
  private capacity = 0;
  private counts: Counts;
  private lastSecond = new Uint32Array(0);
  private totals: Counts;
  private hashLow = new Uint32Array(0);
  private hashHigh = new Uint32Array(0);
  private older = new Int32Array(0);
  private newer = new Int32Array(0);
  private oldest = NONE;
  private newest = NONE;
  /** Open addressing with linear probing: slot + 1, or 0 for an empty cell. */
  private index = new Int32Array(0);
  private indexMask = 0;

  constructor({
    quota = 300,
    windowSeconds = 60,
    maxClients = 100_000,
    now = Date.now,
  }: LimiterOptions = {}) {
    if (!(Number.isInteger(quota) && quota >= 1 && quota <= MAX_QUOTA))
      throw new RangeError(`quota must be a whole number from 1 to ${MAX_QUOTA}`);
    if (windowSeconds < 1 || maxClients < 1)
      throw new RangeError('windowSeconds and maxClients must be positive');
    this.quota = quota;
    const CountArray = countArrayFor(quota);
    this.counts = new CountArray(0);
    this.totals = new CountArray(0);
    this.windowSeconds = windowSeconds;
    this.maxClients = maxClients;
    ({ width: this.width, ring: this.ring } = bucketsFor(windowSeconds));
    this.now = now;
    this.grow();
  }

  /** Counts one request for `key` if it is within the quota. */
  hit(key: string): RateState {
    return this.step(key, true);
  }

  /** The state of `key` without counting a request. */
  peek(key: string): RateState {
    return this.step(key, false);
  }

  /** Bytes of the typed arrays that hold every tracked client (what memoryBound bounds). */
  get allocatedBytes(): number {
    const arrays = [
      this.counts,
      this.lastSecond,
      this.totals,
      this.hashLow,
      this.hashHigh,
      this.older,
      this.newer,
      this.index,
    ];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  get trackedClients(): number {
    return this.size;
  }

  private step(key: string, count: boolean): RateState {
    const nowMs = this.now();
    const second = Math.floor(nowMs / 1000);
    const slot = this.slotFor(key, second);
    this.advance(slot, second);
    const allowed = this.totals[slot]! < this.quota;
    if (count && allowed) {
      this.counts[slot * this.ring + this.cell(Math.floor(second / this.width))]!++;
      this.totals[slot]!++;
    }
    return {
      allowed,
      limit: this.quota,
      remaining: this.quota - this.totals[slot]!,
      reset: this.secondsUntilOldestLeaves(slot, second, nowMs),
    };
  }

  private cell(bucket: number): number {
    return ((bucket % this.ring) + this.ring) % this.ring;
  }

  /** The last bucket whose requests have all left the window at `second`. */
  private lastExpired(second: number): number {
    return Math.floor((second - this.windowSeconds + 1) / this.width) - 1;
  }

  /** The second at which the requests of `bucket` leave the window. */
  private leaves(bucket: number): number {
    return (bucket + 1) * this.width - 1 + this.windowSeconds;
  }
  private slotFor(key: string, second: number): number {
    const low = hash32(key, 0x811c9dc5, 0x01000193);
    const high = hash32(key, 0x9747b28c, 0x5bd1e995);
    const found = this.find(low, high);
    if (found !== NONE) {
      this.markNewest(found);
      return found;
    }
    const slot = this.size < this.maxClients ? this.allocate() : this.forgetOldest();
    this.hashLow[slot] = low;
    this.hashHigh[slot] = high;
    this.counts.fill(0, slot * this.ring, (slot + 1) * this.ring);
    this.totals[slot] = 0;
    this.lastSecond[slot] = second;
    this.insertIndex(slot);
    this.append(slot);
    return slot;
  }

  private find(low: number, high: number): number {
    for (let cell = low & this.indexMask; ; cell = (cell + 1) & this.indexMask) {
      const entry = this.index[cell]!;
      if (entry === 0) return NONE;
      const slot = entry - 1;
      if (this.hashLow[slot] === low && this.hashHigh[slot] === high) return slot;
    }
  }

  private allocate(): number {
    if (this.size === this.capacity) this.grow();
    return this.size++;
  }

  /** Unlinks the least recently seen client and hands its slot over. */
  private forgetOldest(): number {
    const slot = this.oldest;
    this.unlink(slot);
    this.removeIndex(slot);
    return slot;
  }

  private grow() {
    const capacity = Math.min(this.maxClients, Math.max(INITIAL_SLOTS, this.capacity * 2));
    this.counts = resized(this.counts, capacity * this.ring);
    this.lastSecond = resized(this.lastSecond, capacity);
    this.totals = resized(this.totals, capacity);
    this.hashLow = resized(this.hashLow, capacity);
    this.hashHigh = resized(this.hashHigh, capacity);
    this.older = resized(this.older, capacity);
    this.newer = resized(this.newer, capacity);
    this.capacity = capacity;
    // At most half full keeps probe sequences short.
    this.index = new Int32Array(2 ** Math.ceil(Math.log2(capacity * 2)));
    this.indexMask = this.index.length - 1;
    for (let slot = 0; slot < this.size; slot++) this.insertIndex(slot);
  }

  private insertIndex(slot: number) {
    let cell = this.hashLow[slot]! & this.indexMask;
    while (this.index[cell] !== 0) cell = (cell + 1) & this.indexMask;
    this.index[cell] = slot + 1;
  }

  /** Backward-shift deletion: later entries of the probe run move up, so no tombstone is left. */
  private removeIndex(slot: number) {
    const mask = this.indexMask;
    let hole = this.hashLow[slot]! & mask;
    while (this.index[hole] !== slot + 1) hole = (hole + 1) & mask;
    this.index[hole] = 0;
    for (let cell = (hole + 1) & mask; this.index[cell] !== 0; cell = (cell + 1) & mask) {
      const home = this.hashLow[this.index[cell]! - 1]! & mask;
      // The entry may fill the hole unless its home lies cyclically in (hole, cell].
      const homeAfterHole = (home - hole - 1 + mask + 1) & mask;
      const cellAfterHole = (cell - hole - 1 + mask + 1) & mask;
      if (homeAfterHole <= cellAfterHole) continue;
      this.index[hole] = this.index[cell]!;
      this.index[cell] = 0;
      hole = cell;
    }
  }

  private markNewest(slot: number) {
    if (slot === this.newest) return;
    this.unlink(slot);
    this.append(slot);
  }

  private append(slot: number) {
    this.older[slot] = this.newest;
    this.newer[slot] = NONE;
    if (this.newest === NONE) this.oldest = slot;
    else this.newer[this.newest] = slot;
    this.newest = slot;
  }

  private unlink(slot: number) {
    const older = this.older[slot]!;
    const newer = this.newer[slot]!;
    if (older === NONE) this.oldest = newer;
    else this.newer[older] = newer;
    if (newer === NONE) this.newest = older;
    else this.older[newer] = older;
  }

  /** Drops the buckets whose requests have left the window since the slot was last seen. */
  private advance(slot: number, second: number) {
    const last = this.lastSecond[slot]!;
    if (second <= last) return;
    const base = slot * this.ring;
    const from = this.lastExpired(last) + 1;
    const to = this.lastExpired(second);
    if (to - from + 1 >= this.ring) {
      this.counts.fill(0, base, base + this.ring);
      this.totals[slot] = 0;
    } else {
      for (let bucket = from; bucket <= to; bucket++) {
        const cell = base + this.cell(bucket);
        this.totals[slot]! -= this.counts[cell]!;
        this.counts[cell] = 0;
      }
    }
    this.lastSecond[slot] = second;
  }

  private secondsUntilOldestLeaves(slot: number, second: number, nowMs: number): number {
    if (this.totals[slot] === 0) return this.windowSeconds;
    const base = slot * this.ring;
    const current = Math.floor(second / this.width);
    for (let bucket = this.lastExpired(second) + 1; bucket <= current; bucket++) {
      if (this.counts[base + this.cell(bucket)]! > 0) {
        return Math.max(1, Math.ceil((this.leaves(bucket) * 1000 - nowMs) / 1000));
      }
    }
    return this.windowSeconds;
  }
}

type Counts = Uint16Array | Uint32Array;
type TypedArray = Counts | Int32Array;

function resized<T extends TypedArray>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

/** A 32-bit FNV-style hash of the key's UTF-16 code units. */
function hash32(key: string, seed: number, prime: number): number {
  let hash = seed ^ key.length;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), prime);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return (hash ^ (hash >>> 13)) >>> 0;
}
