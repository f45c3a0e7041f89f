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

/** Goes on with the state at once when the store answered at once, so memory costs no promise hop. */
export function withRate<T>(
  state: RateState | Promise<RateState>,
  then: (rate: RateState) => T | Promise<T>,
): T | Promise<T> {
  return state instanceof Promise ? state.then(then) : then(state);
}
