/**
 * Tool arguments checked against their valibot schema, with one message per wrong argument that says
 * the argument, what was expected (in words, from the tool's inputSchema) and the value received.
 */
import * as v from 'valibot';
import { expectation } from './expectation.ts';
import type { JsonObject } from './protocol.ts';
import { shown } from './shown.ts';
import type { ArgumentsSchema } from './tool-spec.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Checks a tool's arguments; `inputSchema` is the same schema as the tool publishes it. */
export function argumentsParser<S extends ArgumentsSchema>(
  tool: string,
  schema: S,
  inputSchema: () => JsonObject,
): (args: JsonObject) => Parsed<v.InferOutput<S>> {
  function problem(name: string, args: JsonObject): string {
    const properties = inputSchema().properties as Record<string, JsonObject>;
    if (!Object.hasOwn(properties, name)) {
      const accepted = Object.keys(properties).join(', ') || 'none';
      return `${shown(name)}: not an argument of ${tool}, which takes ${accepted}`;
    }
    const expected = expectation(properties[name]!);
    if (!Object.hasOwn(args, name)) return `${name}: required, expected ${expected}`;
    return `${name}: expected ${expected}, received ${shown(args[name])}`;
  }

  return (args) => {
    const parsed = v.safeParse(schema, args, { abortEarly: false });
    if (parsed.success) return { ok: true, value: parsed.output };
    // The arguments are an object by now, so every issue is about one of its members.
    const names = new Set(parsed.issues.map((issue) => v.getDotPath(issue)!));
    const problems = [...names].map((name) => problem(name, args)).join('; ');
    return { ok: false, message: `Invalid arguments for ${tool}: ${problems}.` };
  };
}
