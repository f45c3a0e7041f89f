import type { RateState } from './limiter.ts';

/**
 * Where the quota is kept: the in-memory limiter answers at once, a shared store (Redis) with a
 * promise. Both count a request with `hit` and look without counting with `peek`.
 */
export interface RateStore {
  readonly quota: number;
  readonly windowSeconds: number;
  hit(key: string): RateState | Promise<RateState>;
  peek(key: string): RateState | Promise<RateState>;
}
