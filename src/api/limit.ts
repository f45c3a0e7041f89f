/** The `limit` query parameter of the post indexes: a whole number from 1 to 500, given once, else 400. */
import { LIMIT_MAX, LIMIT_MIN } from '../core/deployment.ts';
import { queryValues } from '../http/request-target.ts';

export type LimitResult = { ok: true; value: number | null } | { ok: false; detail: string };

const DIGITS = /^[0-9]+$/;

export function parseLimit(search: string): LimitResult {
  if (!search.includes('limit') && !search.includes('%')) return { ok: true, value: null };
  const values = queryValues(search, 'limit');
  if (values.length === 0) return { ok: true, value: null };
  if (values.length > 1) {
    return {
      ok: false,
      detail: `The limit parameter was given ${values.length} times; give it once, as a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}.`,
    };
  }
  const raw = values[0] ?? '';
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (value >= LIMIT_MIN && value <= LIMIT_MAX) return { ok: true, value };
  return {
    ok: false,
    detail: `The limit parameter must be a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}; received ${JSON.stringify(raw)}.`,
  };
}
