/**
 * What a tool is, apart from what it does: its name, wording, input and output schemas and
 * annotations. The build publishes these (tools/list, the server card, llms.txt, the portal) and
 * the run time checks each call's arguments against them; a spec loads no run-time module, so the
 * build reaches none (the behaviours are in tools/, one module per tool).
 */
import type * as v from 'valibot';
import { READ_ONLY, type ToolAnnotations } from './protocol.ts';
import type { argumentSchemas } from './schemas.ts';

/** The argument schemas of a blog in given languages (every `lang` names them). */
export type Arguments = ReturnType<typeof argumentSchemas>;

/** A tool's arguments: a strict object, so an argument it does not take is refused by name. */
export type ArgumentsSchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;

/** A tool as its spec module writes it. */
export interface ToolSpecOf<I extends ArgumentsSchema, O extends v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  /**
   * The first protocol revision whose tools/list names it, for a tool added after the original six:
   * a client of an earlier revision is shown the tool set that revision was published with.
   */
  since?: string;
  /** Its arguments, for a blog in the languages these schemas were made for. */
  input: (args: Arguments) => I;
  output: O;
}

/** A tool's spec as it is published, every tool read-only. */
export interface ToolSpec<
  I extends ArgumentsSchema = ArgumentsSchema,
  O extends v.GenericSchema = v.GenericSchema,
> extends ToolSpecOf<I, O> {
  annotations: ToolAnnotations;
}

export const toolSpec = <I extends ArgumentsSchema, O extends v.GenericSchema>(
  spec: ToolSpecOf<I, O>,
): ToolSpec<I, O> => ({ ...spec, annotations: READ_ONLY });
