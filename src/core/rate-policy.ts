/**
 * The quota as settings give it: what the build announces in its documents and what the run time
 * enforces, read the same way on both sides from the same environment variables.
 */
import type { RatePolicy } from './deployment.ts';

/** The largest quota the limiter counts (its running totals stay exact in 32 bits). */
export const MAX_QUOTA = 1_000_000_000;
/** The longest window: a day. */
export const MAX_WINDOW_SECONDS = 86_400;

/** The quota the build announces in its documents (the run time's default): 300 per 60 s unless set. */
export function ratePolicyFromEnv(env: Record<string, string | undefined>): RatePolicy {
  return {
    quota: wholeNumber(env, 'FOLIO_RATE_LIMIT_QUOTA', MAX_QUOTA) ?? 300,
    windowSeconds: wholeNumber(env, 'FOLIO_RATE_LIMIT_WINDOW', MAX_WINDOW_SECONDS) ?? 60,
  };
}

/** A setting that is unset (undefined) or a whole number from 1 to `max`; anything else is refused by name. */
export function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  max: number,
): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (number >= 1 && number <= max) return number;
  throw new RangeError(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
}
