const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A `YYYY-MM-DD` date (midnight UTC) or a full ISO 8601 date-time with an offset, as ISO with milliseconds; null when invalid. */
export function toIsoDate(value: string): string | null {
  if (!DATE_ONLY.test(value) && !DATE_TIME.test(value)) return null;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  // Reject dates the parser rolled over, such as 2026-02-30.
  if (DATE_ONLY.test(value) && !iso.startsWith(value)) return null;
  return iso;
}
