/**
 * Front-matter dates: `YYYY-MM-DD` (midnight UTC) or a date-time, ISO 8601 or YAML timestamp style
 * (`2026-03-04T10:00:00`, `2026-03-04 10:00:00.5 +01:00`); a date-time without an offset is UTC.
 * Quoted or not makes no difference: the YAML reader leaves timestamps as text.
 */
export interface ParsedDate {
  /** ISO 8601 UTC with milliseconds. */
  iso: string;
  /** The calendar day as written (before any offset is applied), `YYYY-MM-DD`. */
  day: string;
}

export const DATE_EXPECTED =
  'a date such as 2026-03-04 or a date-time such as 2026-03-04T10:00:00 (UTC unless an offset such as +01:00 follows)';

const DATE = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;
const DATE_TIME =
  /^(?<year>\d{4})-(?<month>\d{1,2})-(?<day>\d{1,2})(?:[Tt]|[ \t]+)(?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.(?<fraction>\d+))?)?[ \t]*(?:[Zz]|(?<sign>[+-])(?<offsetHours>\d{1,2})(?::?(?<offsetMinutes>\d{2}))?)?$/;

export function parseDate(value: string): ParsedDate | null {
  const parts = (DATE.exec(value) ?? DATE_TIME.exec(value))?.groups;
  if (!parts) return null;
  const number = (name: string) => Number(parts[name] ?? 0);
  if (number('offsetHours') > 23 || number('offsetMinutes') > 59) return null;
  const written = [
    number('year'),
    number('month') - 1,
    number('day'),
    number('hour'),
    number('minute'),
    number('second'),
  ] as const;
  const local = new Date(Date.UTC(...written));
  // Date.UTC rolls impossible values over (2026-02-30 becomes March 2nd): refuse them instead.
  const read = [
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
  ];
  if (written.some((part, i) => part !== read[i])) return null;
  const millis = Number((parts.fraction ?? '').slice(0, 3).padEnd(3, '0'));
  const offset = (parts.sign === '-' ? -1 : 1) * (number('offsetHours') * 60 + number('offsetMinutes'));
  const instant = new Date(local.getTime() + millis - offset * 60_000);
  return { iso: instant.toISOString(), day: local.toISOString().slice(0, 10) };
}
