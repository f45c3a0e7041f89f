/** Build time: the tools/list descriptors, each schema converted from its valibot source. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { type JsonObject, READ_ONLY, type Tool } from '../../mcp/protocol.ts';
import { TOOL_SPECS } from '../../mcp/tool-specs.ts';

/** JSON Schema 2020-12, the dialect MCP assumes for tool schemas (the converter's default is draft-07). */
function jsonSchema(schema: v.GenericSchema): JsonObject {
  return toJsonSchema(schema, { target: 'draft-2020-12' }) as JsonObject;
}

export function toolDescriptors(): Tool[] {
  return TOOL_SPECS.map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: jsonSchema(spec.input),
    outputSchema: jsonSchema(spec.output),
    annotations: READ_ONLY,
  }));
}
