/**
 * Plain one-line problems from valibot's issues: the field as a path (`author.url`, `tags[3]`), what
 * the schema expects (each schema here carries that as its message) and the value received.
 */
import type * as v from 'valibot';
import type { ContentIssue } from './errors.ts';
import type { UnreadableFile } from './files.ts';
import { MAX_FILE_BYTES } from './limits.ts';

type PathKey = string | number;

/**
 * The parts of valibot's schema objects this module walks to find what a field expects (a piped
 * schema carries its first schema's properties, an optional one wraps its schema).
 */
interface SchemaShape {
  message?: unknown;
  wrapped?: SchemaShape;
  entries?: Record<string, SchemaShape>;
  options?: readonly SchemaShape[];
  item?: SchemaShape;
  value?: SchemaShape;
}

const MISSING = 'nothing (the field is missing)';

const OBJECTS = new Set(['object', 'strict_object', 'loose_object']);

/** A value as a reader of the file would recognise it. */
export function describeValue(value: unknown): string {
  if (value === undefined) return MISSING;
  if (value === null) return 'an empty value';
  if (typeof value === 'string') {
    return value.length > 80
      ? `${JSON.stringify(`${value.slice(0, 60)}…`)} (${value.length} characters)`
      : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'a mapping of fields';
  return String(value);
}

function fieldPath(keys: readonly PathKey[]): string {
  return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/** One plain problem for each of valibot's issues about `input`, checked against `schema`. */
export function plainIssues(
  file: string,
  schema: v.GenericSchema,
  input: unknown,
  issues: readonly v.BaseIssue<unknown>[],
): ContentIssue[] {
  return issues.map((issue) => {
    const keys = (issue.path ?? []).map((item) => item.key as PathKey);
    const field = fieldPath(keys) || '(file)';
    const onKey = issue.path?.at(-1)?.origin === 'key';
    // An object reports a field it does not know (expecting "never") or a field that is missing.
    if (onKey && OBJECTS.has(issue.type)) {
      return issue.expected === 'never'
        ? unknownFieldIssue(file, field, fieldsOf(schemaAt(schema, keys.slice(0, -1))))
        : {
            file,
            field,
            expected: expectationOf(schemaAt(schema, keys)) ?? issue.message,
            received: MISSING,
          };
    }
    // A record reports a key that fails its key schema.
    const value = onKey ? keys.at(-1) : valueAt(input, keys);
    return { file, field, expected: issue.message, received: describeValue(value) };
  });
}

export function unknownFieldIssue(
  file: string,
  field: string,
  known: readonly string[],
  received = 'a field Folio does not know',
): ContentIssue {
  return { file, field, expected: `one of the fields ${known.join(', ')}`, received };
}

export function unreadableIssue(file: string, content: UnreadableFile): ContentIssue {
  switch (content.unreadable) {
    case 'not-utf8':
      return {
        file,
        field: '(file)',
        expected: 'UTF-8 text',
        received: 'bytes that are not UTF-8 (save the file as UTF-8)',
      };
    case 'too-large':
      return {
        file,
        field: '(file)',
        expected: `a file of at most ${MAX_FILE_BYTES / 1024 / 1024} MiB`,
        received: `${(content.bytes / 1024 / 1024).toFixed(1)} MiB (${content.bytes} bytes)`,
      };
    case 'outside':
      return {
        file,
        field: '(file)',
        expected: 'a file inside the content folder (a symbolic link may only lead to one)',
        received: `a symbolic link to ${content.target}, outside it (copy the file in instead)`,
      };
  }
}

/** The field names an object schema (or a variant of object schemas) declares. */
export function fieldsOf(schema: v.GenericSchema | SchemaShape | undefined): string[] {
  const shape = unwrap(schema as SchemaShape | undefined);
  if (shape?.entries) return Object.keys(shape.entries);
  return [...new Set((shape?.options ?? []).flatMap((option) => fieldsOf(option)))];
}

function unwrap(schema: SchemaShape | undefined): SchemaShape | undefined {
  return schema?.wrapped ? unwrap(schema.wrapped) : schema;
}

function schemaAt(schema: v.GenericSchema, keys: readonly PathKey[]): SchemaShape | undefined {
  let shape: SchemaShape | undefined = schema as SchemaShape;
  for (const key of keys) {
    const outer = unwrap(shape);
    shape =
      outer?.entries?.[key] ??
      outer?.options?.map(unwrap).find((option) => option?.entries?.[key])?.entries?.[key] ??
      outer?.item ??
      outer?.value;
  }
  return shape;
}

function expectationOf(schema: SchemaShape | undefined): string | undefined {
  if (typeof schema?.message === 'string') return schema.message;
  return schema?.wrapped ? expectationOf(schema.wrapped) : undefined;
}

function valueAt(input: unknown, keys: readonly PathKey[]): unknown {
  let value = input;
  for (const key of keys) value = (value as Record<PathKey, unknown> | null | undefined)?.[key];
  return value;
}
