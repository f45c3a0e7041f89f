/** Build time: the tools/list descriptors, each schema converted from its valibot source. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Lang } from '../../core/languages.ts';
import { type JsonObject, READ_ONLY, type Tool } from '../../mcp/protocol.ts';
import { toolList } from '../../mcp/tool-specs.ts';
import { withLanguageEnum } from '../language-enum.ts';

export function toolDescriptors(languages: readonly Lang[]): Tool[] {
  /** JSON Schema 2020-12, the dialect MCP assumes for tool schemas (the converter's default is draft-07). */
  const jsonSchema = (schema: v.GenericSchema) =>
    toJsonSchema(schema, {
      target: 'draft-2020-12',
      overrideSchema: withLanguageEnum(languages),
    }) as JsonObject;
  return toolList(languages).map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    // The converter's objects are typed loosely; these are object schemas (the tests compile them).
    inputSchema: jsonSchema(spec.input) as Tool['inputSchema'],
    outputSchema: jsonSchema(spec.output) as Tool['outputSchema'],
    annotations: READ_ONLY,
  }));
}
