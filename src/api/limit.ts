/**
 * The `limit` query parameter: a whole number within bounds, given once, else 400. The post
 * indexes take 1 to 500; the search takes its own bounds (src/api/search-parameters.ts).
 */
import { LIMIT_MAX, LIMIT_MIN } from '../core/deployment.ts';
import { queryValues } from '../http/request-target.ts';

export type LimitResult = { ok: true; value: number | null } | { ok: false; detail: string };

const DIGITS = /^[0-9]+$/;

/** `limit` on the post indexes: 1 to 500, null when absent. */
export const parseLimit = (search: string): LimitResult => parseLimitWithin(search, LIMIT_MIN, LIMIT_MAX);

/** `limit` from `min` to `max`, null when absent. */
export function parseLimitWithin(search: string, min: number, max: number): LimitResult {
  if (!search.includes('limit') && !search.includes('%')) return { ok: true, value: null };
  const values = queryValues(search, 'limit');
  if (values.length === 0) return { ok: true, value: null };
  if (values.length > 1) {
    return {
      ok: false,
      detail: `The limit parameter was given ${values.length} times; give it once, as a whole number from ${min} to ${max}.`,
    };
  }
  const raw = values[0] ?? '';
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (value >= min && value <= max) return { ok: true, value };
  return {
    ok: false,
    detail: `The limit parameter must be a whole number from ${min} to ${max}; received ${JSON.stringify(raw)}.`,
  };
}
