/**
 * The parts of the MCP protocol this server speaks. The shapes shared by every revision are the MCP
 * TypeScript SDK's own (`import type`: nothing of the SDK is loaded at run time, and a shape that
 * drifts from it fails `tsc`); what only the stateless revision adds is declared here, as its schema
 * names it.
 */
import type {
  CallToolResult,
  CompleteResult,
  Implementation,
  InitializeResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool as SdkTool,
  ServerCapabilities,
  TextResourceContents,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/spec.types.js';
import { CACHE_MAX_AGE_SECONDS } from '../http/api-headers.ts';

/** The stateless revision: version and capabilities in every request's `_meta`, no `initialize`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The revisions that open with `initialize`, newest first; the first answers an unknown version. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26'];
export const DEFAULT_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[0]!;
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  MODERN_PROTOCOL_VERSION,
  ...LEGACY_PROTOCOL_VERSIONS,
];

export function negotiateProtocolVersion(requested: string): string {
  return LEGACY_PROTOCOL_VERSIONS.includes(requested) ? requested : DEFAULT_PROTOCOL_VERSION;
}

/**
 * The version a legacy request without an MCP-Protocol-Version header speaks (basic/transports). This
 * server keeps no session, so the header, which clients send with the version initialize negotiated,
 * is the only other source.
 */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

/** How a request is served: statelessly (2026-07-28) or as a legacy revision. */
export type Era = { modern: true; version: string } | { modern: false; version: string };

/** From 2025-11-25 (SEP-1303), arguments that fail the input schema are a tool result with isError. */
export function inputErrorsAreToolResults(protocolVersion: string): boolean {
  return protocolVersion >= '2025-11-25';
}

/** The `_meta` keys of the stateless revision. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** Error codes the stateless revision defines (its schema's names). */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * The caching hints of a cacheable result (`CacheableResult` in the 2026-07-28 schema): every result
 * here is built from the same data as the HTTP documents, so it is fresh as long as they are.
 */
export interface CacheHints {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

export const CACHE_HINTS: CacheHints = { ttlMs: CACHE_MAX_AGE_SECONDS * 1000, cacheScope: 'public' };

/** `DiscoverResult` of the 2026-07-28 schema, without what every stateless result carries. */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions: string;
}

export type JsonObject = Record<string, unknown>;

export type {
  CompleteResult,
  Implementation,
  InitializeResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  TextResourceContents,
  ToolAnnotations,
};

/** A tool as tools/list publishes it here: every field present, schemas as plain JSON objects. */
export interface Tool extends Required<Pick<SdkTool, 'name' | 'title' | 'description' | 'annotations'>> {
  inputSchema: JsonObject & SdkTool['inputSchema'];
  outputSchema: JsonObject & NonNullable<SdkTool['outputSchema']>;
}

export interface ListToolsResult {
  tools: Tool[];
}

export function toolErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The capabilities every era announces: tools, resources and argument completion, none of them changing. */
export const SERVER_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  completions: {},
};

/** What an agent may rely on for every tool here: nothing is written, asking twice is harmless. */
export const READ_ONLY: Required<
  Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>
> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
