/**
 * The shared quota of a Cloudflare Worker's instances: each client's sliding window lives in one
 * Durable Object named for the client (the FOLIO_RATE_LIMITER binding of wrangler.toml), which
 * every instance asks. Whenever the object fails or does not answer within a second, the
 * instance's in-memory limiter answers instead, as with the Redis store of the servers.
 */
import { type LimiterOptions, type RateState, SlidingWindowLimiter } from '../limiter.ts';
import type { RateStore } from '../rate-store.ts';

/** The Durable Object namespace binding (FOLIO_RATE_LIMITER) as the worker sees it. */
export type RateLimiterNamespace = DurableObjectNamespace;

const ANSWER_TIMEOUT_MS = 1000;
const LOG_INTERVAL_MS = 60_000;

/** The Durable Object: the sliding window of the one client it is named for, in memory. */
export class FolioRateLimiter implements DurableObject {
  private limiter: SlidingWindowLimiter | undefined;

  fetch(request: Request): Response {
    const query = new URL(request.url).searchParams;
    const quota = Number(query.get('quota'));
    const windowSeconds = Number(query.get('window'));
    if (this.limiter?.quota !== quota || this.limiter.windowSeconds !== windowSeconds)
      this.limiter = new SlidingWindowLimiter({ quota, windowSeconds, maxClients: 1 });
    const key = query.get('key') ?? '';
    return Response.json(query.get('count') === '1' ? this.limiter.hit(key) : this.limiter.peek(key));
  }
}

export class DurableObjectRateStore implements RateStore {
  readonly quota: number;
  readonly windowSeconds: number;
  private readonly local: SlidingWindowLimiter;
  private loggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly namespace: RateLimiterNamespace,
    rateLimit: LimiterOptions,
    private readonly log: (line: string) => void = console.error,
  ) {
    this.local = new SlidingWindowLimiter(rateLimit);
    this.quota = this.local.quota;
    this.windowSeconds = this.local.windowSeconds;
  }

  hit(key: string): Promise<RateState> {
    return this.ask(key, true);
  }

  peek(key: string): Promise<RateState> {
    return this.ask(key, false);
  }

  private async ask(key: string, count: boolean): Promise<RateState> {
    const query = new URLSearchParams({
      key,
      count: count ? '1' : '0',
      quota: String(this.quota),
      window: String(this.windowSeconds),
    });
    try {
      const stub = this.namespace.get(this.namespace.idFromName(key));
      const response = await withinTimeout(stub.fetch(`https://rate-limiter/?${query}`));
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const state = (await response.json()) as RateState;
      // The local count follows, so that an outage starts from what this instance has served.
      if (count && state.allowed) this.local.hit(key);
      return state;
    } catch (error) {
      this.note(
        `folio: rate-limit Durable Object unavailable (${(error as Error).message}); limiting in memory per instance`,
      );
      return count ? this.local.hit(key) : this.local.peek(key);
    }
  }

  /** At most one line a minute, however long an outage lasts. */
  private note(line: string) {
    const now = Date.now();
    if (now - this.loggedAt < LOG_INTERVAL_MS) return;
    this.loggedAt = now;
    this.log(line);
  }
}

function withinTimeout<T>(answer: Promise<T>): Promise<T> {
  let timer: number | null = null;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
