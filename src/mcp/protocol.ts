/**
 * The parts of the MCP protocol this server speaks, named as in the MCP TypeScript SDK's types
 * (the SDK itself is not a runtime dependency).
 */

/** The answer to an `initialize` with a version not listed here. */
export const DEFAULT_PROTOCOL_VERSION = '2025-06-18';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  DEFAULT_PROTOCOL_VERSION,
  '2025-03-26',
  '2025-11-25',
];

export function negotiateProtocolVersion(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : DEFAULT_PROTOCOL_VERSION;
}

/**
 * The version a request without an MCP-Protocol-Version header speaks (basic/transports). This server
 * keeps no session, so the header, which clients send with the version initialize negotiated, is
 * the only other source.
 */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

/** From 2025-11-25 (SEP-1303), arguments that fail the input schema are a tool result with isError. */
export function inputErrorsAreToolResults(protocolVersion: string): boolean {
  return protocolVersion >= '2025-11-25';
}

export type JsonObject = Record<string, unknown>;

export interface Implementation {
  name: string;
  title: string;
  version: string;
}

export interface InitializeResult {
  protocolVersion: string;
  capabilities: { tools: { listChanged: boolean } };
  serverInfo: Implementation;
  instructions: string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonObject;
  outputSchema: JsonObject;
  annotations: ToolAnnotations;
}

export interface ListToolsResult {
  tools: Tool[];
}

export interface TextContent {
  type: 'text';
  text: string;
}

export type CallToolResult =
  | { content: [TextContent]; structuredContent: JsonObject; isError?: never }
  | { content: [TextContent]; isError: true; structuredContent?: never };

export function toolErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** What an agent may rely on for every tool here: nothing is written, asking twice is harmless. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
