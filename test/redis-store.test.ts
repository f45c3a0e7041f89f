/**
 * The shared quota over a real redis-server: Node and Bun servers sharing one Redis limit a client
 * exactly as one server would, keep answering (never 5xx) while Redis hangs or is gone, and share
 * the quota again once it is back. FOLIO_WORKERS=2 shares one port, and with Redis one quota.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverSettings } from '../src/adapters/env.ts';
import { type LimiterOptions, type RateState, SlidingWindowLimiter } from '../src/runtime/limiter.ts';
import { connectRedisRateStore } from '../src/runtime/rate-stores/redis.ts';
import { expectRateHeaders } from './support/expect.ts';
import { type RunningRedis, startRedis } from './support/redis.ts';
import { freePort, ROOT, type RunningServer, startBun, startNode } from './support/server.ts';

/**
 * A store timeout of seconds, for the tests of a shared quota: on a loaded machine Redis can take
 * longer than the default timeout to answer, and the server would then count in memory, which is
 * the subject of other tests here, not of these.
 */
const PATIENT = { FOLIO_RATE_LIMIT_STORE_TIMEOUT: '5000' };

interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Local milliseconds when the request was sent and its answer received. */
  sentMs: number;
  receivedMs: number;
}

/** GET /api/index.json through `pool` (one loopback client address per pool). */
async function get(pool: Pool): Promise<Reply> {
  const sentMs = Date.now();
  const response = await pool.request({ path: '/api/index.json', method: 'GET' });
  await response.body.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
  return { status: response.statusCode, headers, sentMs, receivedMs: Date.now() };
}

/** Pools to each server from one client address. */
function clientOf(servers: RunningServer[], localAddress: string): Pool[] {
  return servers.map((server) => new Pool(server.url, { connections: 1, localAddress }));
}

/** `count` requests in turn over the pools (one client spread over every server). */
async function spread(pools: Pool[], count: number): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < count; i++) replies.push(await get(pools[i % pools.length]!));
  return replies;
}

describe('the Redis store in process', () => {
  let redis: RunningRedis;

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  /** Every key of database `db`, as Redis lists them. */
  async function keysIn(db: number): Promise<string[]> {
    const admin = createClient({ url: redis.url(db) });
    await admin.connect();
    try {
      return await admin.keys('*');
    } finally {
      admin.destroy();
    }
  }

  /** The store on database `db` and an in-memory limiter with the same settings, to compare answers. */
  async function storeBesideMemory(db: number, rateLimit: LimiterOptions) {
    // A generous wait: a late answer would come from memory.
    const store = await connectRedisRateStore({
      url: redis.url(db),
      timeoutMs: 1000,
      rateLimit,
      log: () => {},
    });
    return { store, memory: new SlidingWindowLimiter(rateLimit) };
  }

  it.each([60, 61, 86_400])(
    'answers as the in-memory limiter does, reset included, with a %i s window',
    async (windowSeconds) => {
      // One clock for both, a second further at each request.
      let nowMs = Date.now();
      const rateLimit = { quota: 3, windowSeconds, now: () => nowMs };
      const { store, memory } = await storeBesideMemory(1, rateLimit);
      try {
        expect(await store.peek('a')).toEqual(memory.peek('a'));
        for (let i = 0; i < 5; i++, nowMs += 1000) expect(await store.hit('a')).toEqual(memory.hit('a'));
        expect(await store.peek('a')).toMatchObject({ allowed: false, remaining: 0 });
        expect(await store.peek('b')).toMatchObject({ allowed: true, remaining: 3, reset: windowSeconds });
      } finally {
        store.close();
      }
    },
  );

  it('sends the script again to a Redis that lost it (SCRIPT FLUSH), still counting in Redis', async () => {
    const lines: string[] = [];
    const store = await connectRedisRateStore({
      url: redis.url(4),
      timeoutMs: 1000,
      rateLimit: { quota: 5, windowSeconds: 60 },
      log: (line) => lines.push(line),
    });
    const admin = createClient({ url: redis.url(4) });
    await admin.connect();
    try {
      expect(await store.hit('a')).toMatchObject({ allowed: true, remaining: 4 });
      expect(await admin.sendCommand(['SCRIPT', 'FLUSH'])).toBe('OK');
      expect(await store.hit('a')).toMatchObject({ allowed: true, remaining: 3 });
      expect(await admin.hGet(`folio:quota:60:a`, 't')).toBe('2');
      expect(lines).toEqual([]);
    } finally {
      admin.destroy();
      store.close();
    }
  });

  it('answers as the in-memory limiter does while buckets leave the window, several at once', async () => {
    // One clock for both, read by the store's script instead of Redis's: each step is at a known second.
    const start = Math.ceil(Date.now() / 1000) * 1000;
    let nowMs = start;
    const atSecond = (second: number) => {
      nowMs = start + second * 1000 + 100;
    };
    const { store, memory } = await storeBesideMemory(3, { quota: 3, windowSeconds: 3, now: () => nowMs });
    const both = async (count: boolean) => {
      const shared = await (count ? store.hit('a') : store.peek('a'));
      expect(shared).toEqual(count ? memory.hit('a') : memory.peek('a'));
      return shared;
    };
    try {
      atSecond(0);
      expect(await both(true)).toMatchObject({ allowed: true, remaining: 2 });
      atSecond(1);
      expect(await both(true)).toMatchObject({ allowed: true, remaining: 1 });
      atSecond(2);
      expect(await both(true)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await both(true)).toMatchObject({ allowed: false, remaining: 0 });
      // Seconds 0 and 1 have left together; second 2's request leaves in a second.
      atSecond(4);
      expect(await both(false)).toMatchObject({ allowed: true, remaining: 2, reset: 1 });
      expect(await both(true)).toMatchObject({ allowed: true, remaining: 1 });
      // Every bucket has left, and the key with them.
      atSecond(8);
      expect(await both(false)).toMatchObject({ allowed: true, remaining: 3, reset: 3 });
      expect(await keysIn(3)).toEqual([]);
    } finally {
      store.close();
    }
  });

  it.each([{}, { FOLIO_RATE_LIMIT_STORE_TIMEOUT: '120' }])(
    'waits for a hung Redis as long as docs/rate-limiting.md says, or as set, then limits in memory (%o)',
    async (setting) => {
      const doc = readFileSync(resolve(ROOT, 'docs/rate-limiting.md'), 'utf8');
      const stated = Number(/If Redis cannot be reached or takes more than (\d+) ms/.exec(doc)?.[1]);
      const expected = Number(setting.FOLIO_RATE_LIMIT_STORE_TIMEOUT ?? stated);
      expect(stated, 'docs/rate-limiting.md states the timeout').toBeGreaterThan(0);
      const store = serverSettings({ FOLIO_RATE_LIMIT_STORE: redis.url(2), ...setting }).store!;
      expect(store.timeoutMs).toBe(expected);
      const lines: string[] = [];
      const limiter = await connectRedisRateStore({
        ...store,
        rateLimit: { quota: 5 },
        log: (line) => lines.push(line),
      });
      redis.pause();
      // The store's clock and timers from here on are the test's: time moves only when it says so.
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setImmediate'] });
      try {
        let answered: RateState | undefined;
        const state = Promise.resolve(limiter.hit('a')).then((answer) => (answered = answer));
        await vi.advanceTimersByTimeAsync(expected - 1);
        expect(answered, `answered ${expected - 1} ms after Redis hung`).toBeUndefined();
        expect(lines).toEqual([]);
        // The deadline is checked in the turn of the event loop after the timer's (once the socket
        // data already received is read): a fake millisecond later.
        await vi.advanceTimersByTimeAsync(2);
        expect(answered, `answered ${expected + 1} ms after Redis hung`).toBeDefined();
        expect(await state).toMatchObject({ allowed: true, remaining: 4 });
        expect(lines).toEqual([expect.stringContaining(`(no answer within ${expected} ms)`)]);
      } finally {
        vi.useRealTimers();
        redis.resume();
        limiter.close();
      }
    },
  );

  it('limits in memory at once, logging one line, when Redis cannot be reached', async () => {
    const lines: string[] = [];
    const store = await connectRedisRateStore({
      url: `redis://127.0.0.1:${await freePort()}`,
      timeoutMs: 50,
      rateLimit: { quota: 5 },
      log: (line) => lines.push(line),
    });
    try {
      const states = Array.from({ length: 200 }, () => store.hit('a'));
      expect(states.some((state) => state instanceof Promise)).toBe(false);
      expect(states.filter((state) => (state as RateState).allowed)).toHaveLength(5);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^folio: rate-limit store redis:\/\/127\.0\.0\.1:\d+ unavailable \(.+\); limiting in memory/,
      );
    } finally {
      store.close();
    }
  });
});

const storeLines = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('folio: rate-limit store'));

describe('three Node servers and one Bun server sharing one Redis', () => {
  let redis: RunningRedis;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const env = { FOLIO_RATE_LIMIT_STORE: redis.url(3), ...PATIENT };
    servers = await Promise.all([startNode(env), startNode(env), startNode(env), startBun(env)]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
  });

  it('answer 400 requests from one client with exactly 300 200s, then 429s with the true Retry-After', async () => {
    const pools = clientOf(servers, '127.0.0.1');
    try {
      const replies = await spread(pools, 400);
      const outputs = servers.map((server) => server.output()).join('');
      expect(
        replies.map((reply) => reply.status),
        outputs,
      ).toEqual([...Array<number>(300).fill(200), ...Array<number>(100).fill(429)]);
      replies.forEach(expectRateHeaders);
      expect(replies.map((reply) => Number(reply.headers['ratelimit-remaining']))).toEqual([
        ...Array.from({ length: 300 }, (_, i) => 299 - i),
        ...Array<number>(100).fill(0),
      ]);
      // The first request leaves the window 60 s after the second it was counted in.
      const first = replies[0]!;
      for (const reply of replies.slice(300)) {
        const retryAfter = Number(reply.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(
          Math.ceil((59_000 - (reply.receivedMs - first.sentMs)) / 1000),
        );
        expect(retryAfter).toBeLessThanOrEqual(
          Math.ceil((60_000 - (reply.sentMs - first.receivedMs)) / 1000),
        );
      }
      expect(servers.map(storeLines)).toEqual([[], [], [], []]);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});

describe('Node and Bun servers whose Redis hangs, then goes away, then comes back', () => {
  let redis: RunningRedis;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    // Longer than the default, for a loaded machine, and well under the second after which a server
    // whose Redis failed tries it again (one request a second waits this long while Redis hangs).
    const env = { FOLIO_RATE_LIMIT_STORE: redis.url(), FOLIO_RATE_LIMIT_STORE_TIMEOUT: '200' };
    servers = await Promise.all([startNode(env), startNode(env), startBun(env)]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    redis?.resume();
    await redis?.stop();
  });

  /** `count` requests in turn over the pools, paced over `ms`. */
  async function paced(pools: Pool[], count: number, ms: number): Promise<Reply[]> {
    const replies: Reply[] = [];
    const start = Date.now();
    for (let i = 0; i < count; i++) {
      await new Promise((r) => setTimeout(r, Math.max(0, start + (i * ms) / count - Date.now())));
      replies.push(await get(pools[i % pools.length]!));
    }
    return replies;
  }

  /** True when consecutive requests over every server count down one shared quota. */
  async function shared(pools: Pool[]): Promise<boolean> {
    const remaining = (await spread(pools, pools.length)).map((r) =>
      Number(r.headers['ratelimit-remaining']),
    );
    return remaining.every((value, i) => i === 0 || value === remaining[i - 1]! - 1);
  }

  it('keep answering with well-formed headers and no 5xx, and share the quota again once Redis is back', async () => {
    const client = clientOf(servers, '127.0.0.2');
    const probe = clientOf(servers, '127.0.0.3');
    const fresh = clientOf(servers, '127.0.0.4');
    try {
      const outputs = () => servers.map((server) => server.output()).join('');
      const before = await spread(client, 30);
      expect(
        before.map((r) => Number(r.headers['ratelimit-remaining'])),
        outputs(),
      ).toEqual(Array.from({ length: 30 }, (_, i) => 299 - i));

      redis.pause();
      const hung = await paced(client, 150, 2500);
      redis.resume();
      await redis.stop();
      const gone = await paced(client, 150, 1500);
      for (const replies of [hung, gone]) {
        // Each server limits from memory, counting what it served itself (well under 300).
        expect(replies.filter((reply) => reply.status !== 200)).toEqual([]);
        replies.forEach(expectRateHeaders);
      }

      redis = await startRedis(redis.port);
      // The servers try Redis again every second: the quota is shared again after a few (a server
      // that never comes back to Redis fails this test by its timeout).
      while (!(await shared(probe))) await sleep(100);

      const after = await spread(fresh, 320);
      expect(
        after.filter((reply) => reply.status === 200),
        outputs(),
      ).toHaveLength(300);
      expect(
        after.map((r) => Number(r.headers['ratelimit-remaining'])),
        outputs(),
      ).toEqual([...Array.from({ length: 300 }, (_, i) => 299 - i), ...Array<number>(20).fill(0)]);
      after.forEach(expectRateHeaders);
      // One line for the outage; the recovery falls within the same minute.
      for (const server of servers) expect(storeLines(server), outputs()).toHaveLength(1);
    } finally {
      await Promise.all([...client, ...probe, ...fresh].map((pool) => pool.close()));
    }
  }, 60_000);
});

/** Status of GET /api/index.json over a connection of its own (so the workers take turns). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((done, fail) => {
    request(`${url}/api/index.json`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    })
      .on('error', fail)
      .end();
  });
}

describe('FOLIO_WORKERS=2 on Node', () => {
  async function okOf400(env: Record<string, string>): Promise<number> {
    const server = await startNode({ FOLIO_WORKERS: '2', ...env });
    try {
      let ok = 0;
      for (let i = 0; i < 400; i++) if ((await getOnNewConnection(server.url)) === 200) ok += 1;
      expect(server.output()).toContain('with 2 workers');
      return ok;
    } finally {
      await server.stop();
    }
  }

  it('multiplies the in-memory quota: both workers serve, each with its own count', async () => {
    expect(await okOf400({})).toBeGreaterThan(300);
  });

  it('keeps one exact quota across both workers with the Redis store', async () => {
    const redis = await startRedis();
    try {
      expect(await okOf400({ FOLIO_RATE_LIMIT_STORE: redis.url(), ...PATIENT })).toBe(300);
    } finally {
      await redis.stop();
    }
  });
});
