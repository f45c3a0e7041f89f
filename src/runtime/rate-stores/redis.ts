/**
 * The shared quota of Node and Bun servers: the limiter's sliding window kept in Redis (or Valkey),
 * one script call per request, with the in-memory limiter standing in whenever Redis does not
 * answer in time. The client is Redis's own (@redis/client): it writes the commands of one
 * event-loop turn together, and runs the script by its SHA-1, sending the script itself only to a
 * Redis that does not have it yet (a new or restarted one).
 */
import { type CommandParser, createClient, defineScript } from '@redis/client';
import { bucketsFor, type LimiterOptions, type RateState, SlidingWindowLimiter } from '../limiter.ts';
import type { RateStore } from '../rate-store.ts';

/** After a failure, requests are limited in memory for this long before Redis is tried again. */
const RETRY_AFTER_MS = 1000;
/** The longest a connection may take; a starting server waits up to 3 of them. */
const CONNECT_TIMEOUT_MS = 1000;
const LOG_INTERVAL_MS = 60_000;

/**
 * The limiter's window (see `bucketsFor`) over one Redis hash per client, timed by the Redis
 * server's clock so every instance agrees (or by the milliseconds ARGV[5] gives, when the store's
 * options carry a clock, as the tests' do): bucket number -> count, with the running total under
 * `t` and the oldest bucket counted under `o`, so a request reads two fields whatever the number of
 * buckets, not every bucket of the window. The
 * buckets that left the window are deleted when the oldest one has (from `o` to the current
 * bucket: at most twice the buckets of a window, since the key expires when its newest bucket
 * leaves the window, set when that bucket is made).
 * KEYS[1]: the client. ARGV: window seconds, bucket width, quota, 1 to count the request or 0, and
 * optionally the time in milliseconds since the epoch.
 * Returns allowed (1 or 0), remaining, and the seconds until the oldest counted request leaves.
 */
const SLIDING_WINDOW_LUA = `
local window, width, quota = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local now_ms = tonumber(ARGV[5])
if now_ms == nil then
  local time = redis.call('TIME')
  now_ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local second = math.floor(now_ms / 1000)
local expired = math.floor((second - window + 1) / width) - 1
local current = math.floor(second / width)
local state = redis.call('HMGET', KEYS[1], 't', 'o')
local total, oldest = tonumber(state[1]) or 0, tonumber(state[2])
local changed = false
if oldest ~= nil and oldest <= expired then
  local buckets = {}
  for bucket = oldest, current do buckets[#buckets + 1] = bucket end
  local counts = redis.call('HMGET', KEYS[1], unpack(buckets))
  local gone = {}
  oldest = nil
  for i, bucket in ipairs(buckets) do
    local count = tonumber(counts[i])
    if count ~= nil and bucket <= expired then
      total = total - count
      gone[#gone + 1] = bucket
    elseif count ~= nil and oldest == nil then
      oldest = bucket
    end
  end
  redis.call('HDEL', KEYS[1], unpack(gone))
  changed = true
end
local allowed = total < quota
if allowed and ARGV[4] == '1' then
  if redis.call('HINCRBY', KEYS[1], current, 1) == 1 then
    redis.call('EXPIREAT', KEYS[1], (current + 1) * width - 1 + window)
  end
  total = total + 1
  if oldest == nil then oldest = current end
  changed = true
end
if changed and oldest ~= nil then
  redis.call('HSET', KEYS[1], 't', total, 'o', oldest)
elseif changed then
  redis.call('DEL', KEYS[1])
end
local reset = window
if oldest ~= nil then
  reset = math.max(1, math.ceil((((oldest + 1) * width - 1 + window) * 1000 - now_ms) / 1000))
end
return { allowed and 1 or 0, quota - total, reset }
`;

/** The script's answer: allowed (1 or 0), remaining, reset. */
type ScriptReply = [number, number, number];

const slidingWindow = defineScript({
  SCRIPT: SLIDING_WINDOW_LUA,
  NUMBER_OF_KEYS: 1,
  parseCommand(
    parser: CommandParser,
    key: string,
    scriptArguments: readonly string[],
    count: boolean,
    nowMs?: number,
  ) {
    parser.pushKey(key);
    parser.push(...scriptArguments, count ? '1' : '0');
    if (nowMs !== undefined) parser.push(String(nowMs));
  },
  transformReply: (reply: unknown): ScriptReply => reply as ScriptReply,
});

export interface RedisRateStoreOptions {
  /** A redis:// or rediss:// URL, with the database number as its path. */
  url: string;
  /**
   * The longest a request waits for Redis before the in-memory limiter answers it; once Redis has
   * failed, only one request a second waits this long again.
   */
  timeoutMs: number;
  /** The quota and window; a clock here (`now`) also times Redis's window, instead of Redis's own. */
  rateLimit?: LimiterOptions | undefined;
  log?: (line: string) => void;
}

/** Connects, waiting at most 3 s for the client's ready event; until then requests are limited in memory. */
export async function connectRedisRateStore(options: RedisRateStoreOptions): Promise<RedisRateStore> {
  const store = new RedisRateStore(options);
  await store.ready(3 * CONNECT_TIMEOUT_MS);
  return store;
}

/** The client, with the script as one of its commands. */
function connectClient(url: string) {
  return createClient({
    url,
    scripts: { slidingWindow },
    // A request never waits for a connection, and an answered request is never sent again.
    disableOfflineQueue: true,
    // `Waiting` keeps the deadline for every request at once; the client's own costs a timer each.
    commandOptions: { timeout: 0 },
    maintNotifications: 'disabled',
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (attempt) => Math.min((attempt + 1) * 100, RETRY_AFTER_MS),
    },
  });
}

export class RedisRateStore implements RateStore {
  readonly quota: number;
  readonly windowSeconds: number;
  private readonly width: number;
  private readonly local: SlidingWindowLimiter;
  private readonly redis: ReturnType<typeof connectClient>;
  private readonly waiting: Waiting;
  private readonly name: string;
  private readonly log: (line: string) => void;
  private readonly scriptArguments: string[];
  /** The clock the options give, read for each script call; none: Redis's own. */
  private readonly now: (() => number) | undefined;
  private failing = false;
  private retryAt = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;

  constructor({ url, timeoutMs, rateLimit, log = console.error }: RedisRateStoreOptions) {
    this.local = new SlidingWindowLimiter(rateLimit);
    this.quota = this.local.quota;
    this.windowSeconds = this.local.windowSeconds;
    this.width = bucketsFor(this.windowSeconds).width;
    this.scriptArguments = [String(this.windowSeconds), String(this.width), String(this.quota)];
    this.now = rateLimit?.now;
    this.waiting = new Waiting(timeoutMs, () => this.fail(new Error(`no answer within ${timeoutMs} ms`)));
    this.log = log;
    const parsed = new URL(url);
    this.name = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
    this.redis = connectClient(url);
    this.redis.on('error', (error: Error) => this.fail(error));
    this.redis.connect().catch((error: Error) => this.fail(error));
  }

  hit(key: string): RateState | Promise<RateState> {
    return this.ask(key, true);
  }

  peek(key: string): RateState | Promise<RateState> {
    return this.ask(key, false);
  }

  /** Resolves once the client is ready (its ready event), Redis has failed, or `timeoutMs` has passed. */
  ready(timeoutMs: number): Promise<void> {
    if (this.redis.isReady || this.failing) return Promise.resolve();
    return new Promise((done) => {
      const settle = () => {
        clearTimeout(timer);
        this.redis.off('ready', settle).off('error', settle);
        done();
      };
      const timer = setTimeout(() => {
        settle();
        if (!this.redis.isReady) this.fail(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.redis.on('ready', settle).on('error', settle);
    });
  }

  close(): void {
    this.waiting.clear();
    this.redis.destroy();
  }

  private ask(key: string, count: boolean): RateState | Promise<RateState> {
    if (!this.usable()) return this.fromMemory(key, count);
    return new Promise((resolve) => {
      const request = this.waiting.add(() => resolve(this.fromMemory(key, count)));
      const client = `folio:quota:${this.windowSeconds}:${key}`;
      this.redis.slidingWindow(client, this.scriptArguments, count, this.now?.()).then(
        (reply) => {
          if (request.settle()) resolve(this.fromRedis(key, count, reply as ScriptReply));
        },
        (error: Error) => {
          if (!request.settle()) return;
          this.fail(error);
          resolve(this.fromMemory(key, count));
        },
      );
    });
  }

  /**
   * Redis is asked when it is connected and no failure is recent; after a failure one request
   * tries it again every second while the others are limited in memory.
   */
  private usable(): boolean {
    if (!this.redis.isReady) return false;
    if (!this.failing) return true;
    const now = Date.now();
    if (now < this.retryAt) return false;
    this.retryAt = now + RETRY_AFTER_MS;
    return true;
  }

  private fromRedis(key: string, count: boolean, [allowed, remaining, reset]: ScriptReply): RateState {
    if (this.failing) {
      this.failing = false;
      this.note(`folio: rate-limit store ${this.name} answers again; the quota is shared again`);
    }
    // The local count follows, so that an outage starts from what this instance has served.
    if (count && allowed === 1) this.local.hit(key);
    return { allowed: allowed === 1, limit: this.quota, remaining, reset };
  }

  private fromMemory(key: string, count: boolean): RateState {
    return count ? this.local.hit(key) : this.local.peek(key);
  }

  private fail(error: Error) {
    this.failing = true;
    this.retryAt = Date.now() + RETRY_AFTER_MS;
    this.note(
      `folio: rate-limit store ${this.name} unavailable (${error.message}); limiting in memory per instance until it answers`,
    );
  }

  /** At most one line a minute, however long an outage lasts. */
  private note(line: string) {
    const now = Date.now();
    if (now - this.loggedAt < LOG_INTERVAL_MS) return;
    this.loggedAt = now;
    this.log(line);
  }
}

/** A request waiting for Redis, answered once: by its reply or at its deadline, whichever is first. */
class WaitingRequest {
  private settled = false;

  constructor(
    readonly due: number,
    readonly expire: () => void,
  ) {}

  get waiting(): boolean {
    return !this.settled;
  }

  /** True the first time only: whoever gets true answers the request. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    return true;
  }
}

/**
 * The requests waiting for Redis, oldest first, with one timer for all of them: one connection's
 * replies come in the order its commands were sent, so the oldest request is the first to be late.
 * A late request is answered by its `expire`, and its reply, when it comes, is ignored. The deadline
 * is checked after the socket data already received is read (setImmediate runs after I/O), so an
 * event loop busy for a while is not taken for a slow Redis.
 */
class Waiting {
  private queue: WaitingRequest[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly onLate: () => void,
  ) {}

  add(expire: () => void): WaitingRequest {
    const request = new WaitingRequest(Date.now() + this.timeoutMs, expire);
    this.queue.push(request);
    this.timer ??= setTimeout(this.check, this.timeoutMs);
    return request;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  private readonly check = () => setImmediate(this.expireLate);

  private readonly expireLate = () => {
    const now = Date.now();
    let done = 0;
    let late = false;
    for (const request of this.queue) {
      if (request.waiting && request.due > now) break;
      if (request.settle()) {
        late = true;
        request.expire();
      }
      done++;
    }
    this.queue.splice(0, done);
    const oldest = this.queue[0];
    this.timer = oldest ? setTimeout(this.check, oldest.due - now) : undefined;
    if (late) this.onLate();
  };
}
