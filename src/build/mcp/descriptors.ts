/** Build time: the tools/list descriptors, from the tools' specs, each schema converted from its valibot source. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Lang } from '../../core/languages.ts';
import type { JsonObject, Tool } from '../../mcp/protocol.ts';
import { argumentSchemas } from '../../mcp/schemas.ts';
import { TOOL_SPECS } from '../../mcp/tool-specs/index.ts';
import { withLanguageEnum } from '../language-enum.ts';

export function toolDescriptors(languages: readonly Lang[]): Tool[] {
  const args = argumentSchemas(languages);
  /** JSON Schema 2020-12, the dialect MCP assumes for tool schemas (the converter's default is draft-07). */
  const jsonSchema = (schema: v.GenericSchema) =>
    toJsonSchema(schema, {
      target: 'draft-2020-12',
      overrideSchema: withLanguageEnum(languages),
    }) as JsonObject;
  return TOOL_SPECS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // The converter's objects are typed loosely; these are object schemas (the tests compile them).
    inputSchema: jsonSchema(tool.input(args)) as Tool['inputSchema'],
    outputSchema: jsonSchema(tool.output) as Tool['outputSchema'],
    annotations: tool.annotations as Tool['annotations'],
  }));
}
