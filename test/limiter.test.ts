import { describe, expect, it } from 'vitest';
import { MAX_QUOTA } from '../src/core/rate-policy.ts';
import { addressFromHeader, clientKey } from '../src/runtime/client-key.ts';
import { bucketsFor, MAX_BUCKETS, memoryBound, SlidingWindowLimiter } from '../src/runtime/limiter.ts';

function clockAt(ms: number) {
  const clock = { now: ms, advance: (by: number) => (clock.now += by) };
  return clock;
}

function limiterWith(clock: { now: number }, options: { quota?: number; maxClients?: number } = {}) {
  return new SlidingWindowLimiter({ quota: 3, windowSeconds: 60, now: () => clock.now, ...options });
}

describe('SlidingWindowLimiter', () => {
  it('counts down the quota and then refuses without counting', () => {
    const clock = clockAt(1_000_000);
    const limiter = limiterWith(clock);
    expect([1, 2, 3].map(() => limiter.hit('a').remaining)).toEqual([2, 1, 0]);
    const refused = limiter.hit('a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3 });
    expect(limiter.peek('a').remaining).toBe(0);
  });

  it('reports the window length as reset when nothing is counted', () => {
    const limiter = limiterWith(clockAt(5_000));
    expect(limiter.peek('fresh')).toEqual({ allowed: true, limit: 3, remaining: 3, reset: 60 });
  });

  it('reports the true seconds until the oldest counted request leaves', () => {
    const clock = clockAt(100_000);
    const limiter = limiterWith(clock);
    limiter.hit('a');
    clock.advance(10_500);
    const state = limiter.hit('a');
    // The first request (second 100) leaves the window at second 160; it is now 110.5 s.
    expect(state.reset).toBe(50);
  });

  it('frees a request exactly when its second leaves the 60 s window', () => {
    const clock = clockAt(200_000);
    const limiter = limiterWith(clock);
    for (let i = 0; i < 3; i++) limiter.hit('a');
    clock.advance(59_999);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.peek('a').reset).toBe(1);
    clock.advance(1);
    const state = limiter.hit('a');
    expect(state.allowed).toBe(true);
    // All three were counted in the same second, so all three left together.
    expect(state.remaining).toBe(2);
  });

  it('slides: requests spread over the window leave one by one', () => {
    const clock = clockAt(0);
    const limiter = limiterWith(clock);
    limiter.hit('a'); // second 0
    clock.advance(20_000);
    limiter.hit('a'); // second 20
    clock.advance(20_000);
    limiter.hit('a'); // second 40
    expect(limiter.hit('a').allowed).toBe(false);
    clock.advance(20_000); // second 60: the first left
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0, reset: 20 });
    clock.advance(120_000); // everything left
    expect(limiter.peek('a')).toMatchObject({ remaining: 3, reset: 60 });
  });

  it('keeps clients apart', () => {
    const limiter = limiterWith(clockAt(0));
    for (let i = 0; i < 3; i++) limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('does not count a peek', () => {
    const limiter = limiterWith(clockAt(0));
    limiter.peek('a');
    limiter.peek('a');
    expect(limiter.hit('a').remaining).toBe(2);
  });

  it('forgets the least recently seen client past the cap, and only it', () => {
    const limiter = limiterWith(clockAt(0), { maxClients: 2 });
    for (let i = 0; i < 3; i++) limiter.hit('a');
    limiter.hit('b');
    limiter.hit('a'); // a is now the most recently seen
    limiter.hit('c'); // evicts b
    expect(limiter.trackedClients).toBe(2);
    expect(limiter.peek('a').allowed).toBe(false);
    expect(limiter.peek('c').remaining).toBe(2);
    expect(limiter.peek('b').remaining).toBe(3); // b was forgotten and starts afresh, evicting c
    expect(limiter.trackedClients).toBe(2);
  });

  it('stays bounded under many distinct clients', () => {
    const limiter = new SlidingWindowLimiter({ maxClients: 1000, now: () => 0 });
    for (let i = 0; i < 50_000; i++) limiter.hit(`client-${i}`);
    expect(limiter.trackedClients).toBe(1000);
  });

  it('allocates for the clients it tracks, not for the window: a day-long window at the largest cap', () => {
    const limiter = new SlidingWindowLimiter({ windowSeconds: 86_400, maxClients: 10_000_000 });
    expect(limiter.allocatedBytes).toBeLessThan(256 * 1024);
    for (let i = 0; i < 20_000; i++) limiter.hit(`198.51.${i >> 8}.${i & 255}`);
    // 20,000 clients grow the arrays to 32,768 slots.
    expect(limiter.allocatedBytes).toBeLessThanOrEqual(memoryBound(86_400, 32_768, 300));
    expect(memoryBound(86_400, 10_000_000, 300) / 10_000_000).toBeLessThanOrEqual(160);
  });

  it('counts past 65535 in a window when the quota is above it, in 32-bit counts', () => {
    const clock = { now: 0 };
    const limiter = limiterWith(clock, { quota: 100_000 });
    let state = limiter.hit('a');
    for (let i = 1; i < 70_000; i++) state = limiter.hit('a');
    expect(state).toMatchObject({ allowed: true, limit: 100_000, remaining: 30_000 });
    for (let i = 0; i < 30_000; i++) state = limiter.hit('a');
    expect(state).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('a')).toMatchObject({ allowed: false, remaining: 0 });
    clock.now = 60_000;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 99_999 });
    for (let i = 0; i < 5000; i++) limiter.hit(`198.51.${i >> 8}.${i & 255}`);
    expect(limiter.allocatedBytes).toBeLessThanOrEqual(memoryBound(60, 8192, 100_000));
    expect(memoryBound(86_400, 10_000_000, MAX_QUOTA) / 10_000_000).toBeLessThanOrEqual(284);
  });

  it('keeps at most 61 buckets and 160 bytes a client for every window the servers accept (1 s to a day), up to a quota of 65535', () => {
    let buckets = 0;
    let bytesPerClient = 0;
    for (let windowSeconds = 1; windowSeconds <= 86_400; windowSeconds++) {
      buckets = Math.max(buckets, bucketsFor(windowSeconds).ring);
      bytesPerClient = Math.max(bytesPerClient, memoryBound(windowSeconds, 10_000_000, 65_535) / 10_000_000);
    }
    expect(buckets).toBe(MAX_BUCKETS + 1);
    expect(bytesPerClient).toBeLessThanOrEqual(160);
  });

  it('rejects impossible settings', () => {
    expect(() => new SlidingWindowLimiter({ quota: 0 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ quota: MAX_QUOTA + 1 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ quota: 2.5 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ maxClients: 0 })).toThrow(RangeError);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 prefix', () => {
    const a = clientKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it.each([
    '192.0.2.1',
    '192.000.002.001',
    '192.0.002.1',
    ' 192.0.2.1 ',
    '192.0.2.1:4711',
    '192.000.002.001:80',
    '::ffff:192.0.2.1',
    '::FFFF:192.0.2.1',
    '::ffff:192.000.002.001',
    '0:0:0:0:0:ffff:192.0.2.1',
    '0000:0000:0000:0000:0000:ffff:192.0.2.1',
    '::ffff:c000:201',
    '::FFFF:C000:0201',
    '0:0:0:0:0:ffff:c000:201',
    '0000:0000:0000:0000:0000:ffff:c000:0201',
    '0::ffff:c000:201',
    '[::ffff:c000:201]',
    '[::ffff:c000:201]:8080',
    '[::ffff:192.0.2.1]:443',
    '[0000:0000:0000:0000:0000:ffff:c000:0201]:1',
    '::ffff:c000:201%eth0',
  ])('keys %j as the one client 192.0.2.1', (spelling) => {
    expect(clientKey(spelling)).toBe('192.0.2.1');
  });

  it.each([
    ['::ffff:c000:202', '192.0.2.2'],
    ['::ffff:ffff:ffff', '255.255.255.255'],
    ['::ffff:0:0', '0.0.0.0'],
    // Not mapped: other IPv6 addresses that end in an IPv4 address stay IPv6, grouped by /64.
    ['::c000:201', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['::1:ffff:c000:201', '0:0:0:0::/64'],
  ])('keys %j as %j', (spelling, key) => {
    expect(clientKey(spelling)).toBe(key);
  });

  it.each(['192.0.2.256', '192.0.2', '1:2:3:4:5:6:7:8:9', '1::2::3', 'not an address', '::ffff:1.2.3.4.5'])(
    'keys %j, which is no IP address, as itself',
    (text) => {
      expect(clientKey(text)).toBe(text);
    },
  );

  it('drops the port of an ip:port value, as some proxies write the forwarding header', () => {
    expect(clientKey('203.0.113.5:4711')).toBe('203.0.113.5');
    expect(clientKey(' 203.0.113.5:80 ')).toBe('203.0.113.5');
    expect(clientKey('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[::ffff:198.51.100.4]:8080')).toBe('198.51.100.4');
    expect(clientKey('[fe80::1%eth0]:22')).toBe('fe80:0:0:0::/64');
    // Without brackets the last group of an IPv6 address is not a port.
    expect(clientKey('2001:db8:1:2::443')).toBe('2001:db8:1:2::/64');
  });

  it('puts clients without an address in one shared bucket', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
  });

  it('takes the hop the nearest proxy appended from a forwarding header', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4' });
    expect(addressFromHeader(headers, 'x-forwarded-for')).toBe('198.51.100.4');
    expect(addressFromHeader(headers, 'x-real-ip')).toBeNull();
  });
});

describe('SlidingWindowLimiter against a reference model', () => {
  /**
   * A plain model of the same contract: timestamps per client, least recently seen forgotten. A
   * request counts until the last second of its bucket leaves the window: for windows up to 60 s a
   * bucket is one second (an exact sliding window), past that ceil(window / 60) seconds.
   */
  class Reference {
    private readonly clients = new Map<string, number[]>();
    private readonly width: number;
    constructor(
      private readonly quota: number,
      private readonly maxClients: number,
      private readonly windowSeconds = 60,
    ) {
      this.width = Math.ceil(windowSeconds / 60);
    }
    /** The second at which a request made at `second` leaves the window. */
    private leaves(second: number): number {
      return (Math.floor(second / this.width) + 1) * this.width - 1 + this.windowSeconds;
    }
    hit(key: string, nowMs: number): { allowed: boolean; remaining: number; reset: number } {
      const second = Math.floor(nowMs / 1000);
      const seconds = (this.clients.get(key) ?? []).filter((s) => this.leaves(s) > second);
      this.clients.delete(key);
      if (this.clients.size >= this.maxClients)
        this.clients.delete(this.clients.keys().next().value as string);
      const allowed = seconds.length < this.quota;
      if (allowed) seconds.push(second);
      this.clients.set(key, seconds);
      const reset = seconds.length
        ? Math.max(1, Math.ceil((this.leaves(seconds[0]!) * 1000 - nowMs) / 1000))
        : this.windowSeconds;
      return { allowed, remaining: this.quota - seconds.length, reset };
    }
  }

  /** A seeded pseudo-random source, so a failing run can be replayed. */
  function seeded(seed: number) {
    return () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
  }

  it.each([1, 7, 60, 61, 97, 3600, 86_400])(
    'agrees on every answer, reset included, with a %i s window',
    (windowSeconds) => {
      const random = seeded(windowSeconds);
      const quota = 5;
      const keys = 8;
      const clock = { now: 1_700_000_000_000 };
      const limiter = new SlidingWindowLimiter({ quota, windowSeconds, maxClients: 6, now: () => clock.now });
      const reference = new Reference(quota, 6, windowSeconds);
      // About one window's quota per client per window, with now and then a jump of a few windows.
      const meanStepMs = (windowSeconds * 1000) / (quota * keys);
      for (let i = 0; i < 20_000; i++) {
        clock.now += Math.floor(
          random() < 0.01 ? random() * 3 * windowSeconds * 1000 : random() * 2 * meanStepMs,
        );
        const key = `client-${Math.floor(random() * keys)}`;
        const { allowed, remaining, reset } = limiter.hit(key);
        expect({ allowed, remaining, reset }, `request ${i} from ${key}`).toEqual(
          reference.hit(key, clock.now),
        );
      }
    },
  );

  it('agrees on every answer over a long random run with eviction', () => {
    const random = seeded(42);
    const clock = { now: 1_700_000_000_000 };
    const limiter = new SlidingWindowLimiter({ quota: 5, maxClients: 50, now: () => clock.now });
    const reference = new Reference(5, 50);
    for (let i = 0; i < 50_000; i++) {
      clock.now += Math.floor(random() * 400);
      const key = `198.51.${Math.floor(random() * 3)}.${Math.floor(random() * 40)}`;
      const { allowed, remaining, reset } = limiter.hit(key);
      expect({ allowed, remaining, reset }, `request ${i} from ${key}`).toEqual(
        reference.hit(key, clock.now),
      );
    }
    expect(limiter.trackedClients).toBe(50);
  });

  it('keeps answering after its tables grow and clients are forgotten many times over', () => {
    const limiter = new SlidingWindowLimiter({ quota: 1, maxClients: 3000, now: () => 0 });
    for (let i = 0; i < 10_000; i++) expect(limiter.hit(`2001:db8::${i.toString(16)}`).allowed).toBe(true);
    for (let i = 7000; i < 10_000; i++)
      expect(limiter.hit(`2001:db8::${i.toString(16)}`).allowed).toBe(false);
    expect(limiter.hit('2001:db8::0').allowed).toBe(true);
  });
});
