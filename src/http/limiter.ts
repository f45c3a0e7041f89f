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

/**
 * A sliding-window limiter with one-second buckets. Each tracked client costs one slot in a few
 * typed arrays (a 16-bit count per second of the window, the last second seen and the running
 * total) plus its Map entry; the Map's insertion order doubles as the least-recently-seen list.
 */
export class SlidingWindowLimiter {
  readonly quota: number;
  readonly windowSeconds: number;
  readonly maxClients: number;
  private readonly now: () => number;
  private readonly slots = new Map<string, number>();
  private capacity = 0;
  private counts = new Uint16Array(0);
  private lastSecond = new Uint32Array(0);
  private totals = new Uint16Array(0);

  constructor({
    quota = 300,
    windowSeconds = 60,
    maxClients = 100_000,
    now = Date.now,
  }: LimiterOptions = {}) {
    if (quota < 1 || quota > 0xffff) throw new RangeError('quota must be from 1 to 65535');
    if (windowSeconds < 1 || maxClients < 1)
      throw new RangeError('windowSeconds and maxClients must be positive');
    this.quota = quota;
    this.windowSeconds = windowSeconds;
    this.maxClients = maxClients;
    this.now = now;
  }

  /** Counts one request for `key` if it is within the quota. */
  hit(key: string): RateState {
    return this.step(key, true);
  }

  /** The state of `key` without counting a request. */
  peek(key: string): RateState {
    return this.step(key, false);
  }

  get trackedClients(): number {
    return this.slots.size;
  }

  private step(key: string, count: boolean): RateState {
    const nowMs = this.now();
    const second = Math.floor(nowMs / 1000);
    const slot = this.slotFor(key, second);
    this.advance(slot, second);
    const allowed = this.totals[slot]! < this.quota;
    if (count && allowed) {
      const bucket = slot * this.windowSeconds + (second % this.windowSeconds);
      this.counts[bucket]!++;
      this.totals[slot]!++;
    }
    return {
      allowed,
      limit: this.quota,
      remaining: this.quota - this.totals[slot]!,
      reset: this.secondsUntilOldestLeaves(slot, second, nowMs),
    };
  }

  private slotFor(key: string, second: number): number {
    const existing = this.slots.get(key);
    if (existing !== undefined) {
      this.slots.delete(key);
      this.slots.set(key, existing);
      return existing;
    }
    let slot: number;
    if (this.slots.size >= this.maxClients) {
      const [oldestKey, oldestSlot] = this.slots.entries().next().value as [string, number];
      this.slots.delete(oldestKey);
      slot = oldestSlot;
    } else {
      slot = this.slots.size;
      if (slot >= this.capacity) this.grow();
    }
    this.counts.fill(0, slot * this.windowSeconds, (slot + 1) * this.windowSeconds);
    this.totals[slot] = 0;
    this.lastSecond[slot] = second;
    this.slots.set(key, slot);
    return slot;
  }

  private grow() {
    const capacity = Math.min(this.maxClients, Math.max(INITIAL_SLOTS, this.capacity * 2));
    const counts = new Uint16Array(capacity * this.windowSeconds);
    counts.set(this.counts);
    const lastSecond = new Uint32Array(capacity);
    lastSecond.set(this.lastSecond);
    const totals = new Uint16Array(capacity);
    totals.set(this.totals);
    this.counts = counts;
    this.lastSecond = lastSecond;
    this.totals = totals;
    this.capacity = capacity;
  }

  /** Drops the buckets of the seconds that have left the window since the slot was last seen. */
  private advance(slot: number, second: number) {
    const window = this.windowSeconds;
    const last = this.lastSecond[slot]!;
    if (second <= last) return;
    const base = slot * window;
    if (second - last >= window) {
      this.counts.fill(0, base, base + window);
      this.totals[slot] = 0;
    } else {
      for (let s = last + 1; s <= second; s++) {
        const bucket = base + (s % window);
        this.totals[slot]! -= this.counts[bucket]!;
        this.counts[bucket] = 0;
      }
    }
    this.lastSecond[slot] = second;
  }

  private secondsUntilOldestLeaves(slot: number, second: number, nowMs: number): number {
    const window = this.windowSeconds;
    if (this.totals[slot] === 0) return window;
    const base = slot * window;
    for (let s = second - window + 1; s <= second; s++) {
      if (this.counts[base + (s % window)]! > 0)
        return Math.max(1, Math.ceil(((s + window) * 1000 - nowMs) / 1000));
    }
    return window;
  }
}
