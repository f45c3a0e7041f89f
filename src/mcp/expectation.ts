/**
 * What a tool argument's JSON Schema accepts, in plain words ("an integer from 1 to 50"), for messages
 * that tell a client which argument was wrong and what it should have been. It covers the keywords the
 * tools' arguments use: enum, type (string or integer), the bounds, and pattern.
 */
import type { JsonObject } from './protocol.ts';

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function either(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  if (shown.length <= 2) return shown.join(' or ');
  return `one of ${shown.join(', ')}`;
}

/** "from 1 to 50", "of at least 1", "of at most 50", or nothing. */
function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

function characters(min: number | undefined, max: number | undefined): string {
  if (min === 1 && max === undefined) return 'a non-empty string';
  if (min !== undefined && max !== undefined) return `a string of ${min} to ${max} characters`;
  if (min !== undefined) return `a string of at least ${min} characters`;
  if (max !== undefined) return `a string of at most ${max} characters`;
  return 'a string';
}

export function expectation(schema: JsonObject): string {
  if (Array.isArray(schema.enum)) return either(schema.enum);
  switch (schema.type) {
    case 'integer':
      return `an integer${range(number(schema.minimum), number(schema.maximum))}`;
    case 'string': {
      const text = characters(number(schema.minLength), number(schema.maxLength));
      return typeof schema.pattern === 'string' ? `${text} matching the pattern ${schema.pattern}` : text;
    }
    default:
      return `a value valid under ${JSON.stringify(schema)}`;
  }
}
