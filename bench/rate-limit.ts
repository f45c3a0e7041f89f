/**
 * The limiter settings of the Folio contenders. The whole load comes from one loopback client, so
 * the default quota (300 a minute) would turn the run into a 429 benchmark; the largest quota the
 * limiter accepts over a one-second window keeps every request counted and allowed.
 */
import { MAX_QUOTA } from '../src/core/rate-policy.ts';

export const BENCH_RATE_LIMIT = { quota: MAX_QUOTA, windowSeconds: 1 };

/** The same settings as the adapters read them, so the benchmark runs the real adapters unchanged. */
export const BENCH_RATE_LIMIT_ENV = {
  FOLIO_RATE_LIMIT_QUOTA: String(BENCH_RATE_LIMIT.quota),
  FOLIO_RATE_LIMIT_WINDOW: String(BENCH_RATE_LIMIT.windowSeconds),
};
