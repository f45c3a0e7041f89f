/**
 * The parts of the MCP protocol this server speaks, typed after the MCP TypeScript SDK (`import type`:
 * nothing of the SDK is loaded at run time, and a shape that drifts from it fails `tsc`): the shapes
 * every revision shares from the v1 SDK's copy of the specification's schema, what the stateless
 * revision (2026-07-28) adds from the v2 SDK (`@modelcontextprotocol/client`), and, declared here,
 * the little of that revision neither SDK exports.
 */
import type {
  CacheScope,
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  DiscoverResult as SdkDiscoverResult,
  SERVER_INFO_META_KEY,
  UnsupportedProtocolVersionErrorData,
} from '@modelcontextprotocol/client';
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
import { CACHE_MAX_AGE_SECONDS } from '../core/api.ts';

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

/**
 * The first revision whose tools/list names the reading tool (get_post). The API's description of the
 * 2025-06-18 endpoint publishes six tools, so clients of that revision and earlier are listed those
 * six; get_post still answers a call from any revision.
 */
export const READING_SINCE = '2025-11-25';

/** From 2025-11-25 (SEP-1303), arguments that fail the input schema are a tool result with isError. */
export function inputErrorsAreToolResults(protocolVersion: string): boolean {
  return protocolVersion >= '2025-11-25';
}

/** The `_meta` keys of the stateless revision. */
export const META: {
  protocolVersion: typeof PROTOCOL_VERSION_META_KEY;
  clientCapabilities: typeof CLIENT_CAPABILITIES_META_KEY;
  serverInfo: typeof SERVER_INFO_META_KEY;
} = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
};

/** Error codes the stateless revision defines. */
export const UNSUPPORTED_PROTOCOL_VERSION: ProtocolErrorCode.UnsupportedProtocolVersion = -32022;
// HeaderMismatch: the 2026-07-28 schema's code, which ProtocolErrorCode of the v2 SDK does not name.
export const HEADER_MISMATCH = -32020;

/**
 * The caching hints of a cacheable result (`CacheableResult` in the 2026-07-28 schema; the v2 SDK
 * types only its scope): every result here is built from the same data as the HTTP documents, so it
 * is fresh as long as they are.
 */
export interface CacheHints {
  ttlMs: number;
  cacheScope: CacheScope;
}

export const CACHE_HINTS: CacheHints = { ttlMs: CACHE_MAX_AGE_SECONDS * 1000, cacheScope: 'public' };

/** `DiscoverResult` of the 2026-07-28 schema, with the instructions this server always gives. */
export type DiscoverResult = SdkDiscoverResult & { instructions: string };

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
  UnsupportedProtocolVersionErrorData,
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

/**
 * The capabilities every era announces: tools, resources and argument completion, none of them
 * changing. One object for `initialize` and `server/discover`, so it must fit both SDKs' types.
 */
export const SERVER_CAPABILITIES: ServerCapabilities & SdkDiscoverResult['capabilities'] = {
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
