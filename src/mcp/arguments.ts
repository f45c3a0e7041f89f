/** Tool arguments checked against their valibot schema, with errors that name the argument. */
import * as v from 'valibot';

export type ArgumentsSchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;

const SHOWN_LENGTH = 60;

/** A value a client sent, as JSON, cut short when long so a message never repeats a whole body. */
export function shown(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.length <= SHOWN_LENGTH) return json;
  const what = typeof value === 'string' ? `a string of ${value.length} characters` : 'a value';
  return `${what} starting ${json.slice(0, SHOWN_LENGTH)}…`;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function describe(issue: v.BaseIssue<unknown>, accepted: string): string {
  const name = v.getDotPath(issue);
  if (name === null) return `the arguments must be an object, received ${issue.received}`;
  const isKeyIssue = issue.type === 'strict_object';
  if (isKeyIssue && issue.received === 'undefined') return `missing required argument "${name}"`;
  if (isKeyIssue && issue.expected === 'never') return `unknown argument "${name}" (accepted: ${accepted})`;
  return `argument "${name}": expected ${issue.expected}, received ${issue.received}`;
}

export function parseArguments<S extends ArgumentsSchema>(
  tool: string,
  schema: S,
  args: unknown,
): Parsed<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, args, { abortEarly: false });
  if (parsed.success) return { ok: true, value: parsed.output };
  const accepted = Object.keys(schema.entries).join(', ') || 'none';
  const problems = parsed.issues.map((issue) => describe(issue, accepted)).join('; ');
  return { ok: false, message: `Invalid arguments for ${tool}: ${problems}.` };
}
