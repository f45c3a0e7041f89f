/**
 * The limiter settings of the Folio contenders. The whole load comes from one loopback client, so
 * the default quota (300 a minute) would turn the run into a 429 benchmark; the largest quota the
 * limiter accepts over a one-second window keeps every request counted and allowed.
 */
export const BENCH_RATE_LIMIT = { quota: 65_535, windowSeconds: 1 };
