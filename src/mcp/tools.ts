/**
 * The tools at run time, from their modules (tools/): each call's arguments are checked against the
 * module's schema for the blog's languages, then its behaviour answers from the prerendered bodies.
 * A result is encoded once per body (or per kept result), and a call whose bodies are in memory is
 * answered without a promise.
 */
import type { Manifest } from '../core/deployment.ts';
import { MCP_TOOLS_KEY } from '../core/deployment.ts';
import { after, loadOnce } from '../runtime/after.ts';
import { type BodyCache, bodyText } from '../runtime/body-cache.ts';
import type { JsonObject, ListToolsResult } from './protocol.ts';
import { argumentSchemas } from './schemas.ts';
import { type Call, toolContext } from './tool-kit.ts';
import { TOOL_MODULES } from './tools/index.ts';

export interface McpTool {
  name: string;
  /** The first protocol revision that lists it; absent for the original tools. */
  since?: string;
  call: Call;
}

/** Each tool's inputSchema as published in tools/list: the words of every argument error come from it. */
function publishedInputSchemas(bodies: BodyCache) {
  const schemas = loadOnce(() =>
    after(bodies.get(MCP_TOOLS_KEY), (body) => {
      const { tools } = (body ? JSON.parse(bodyText(body)) : { tools: [] }) as ListToolsResult;
      return new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
    }),
  );
  return (name: string) => after(schemas(), (byName): JsonObject => byName.get(name) ?? { properties: {} });
}

export function createTools(manifest: Manifest, bodies: BodyCache): McpTool[] {
  const args = argumentSchemas(manifest.languages);
  const context = toolContext(manifest, bodies);
  const inputSchemaOf = publishedInputSchemas(bodies);
  return TOOL_MODULES.map((tool) => ({
    name: tool.name,
    ...(tool.since !== undefined && { since: tool.since }),
    call: tool.calls(context, args, () => inputSchemaOf(tool.name)),
  }));
}
