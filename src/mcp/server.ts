/**
 * The MCP methods of both eras: `initialize` and `ping` for the legacy revisions, `server/discover`
 * for the stateless one, and the tools, resources and completion methods they share.
 */

import { API_VERSION } from '../core/api.ts';
import { type Manifest, MCP_TOOLS_KEY } from '../core/deployment.ts';
import { METHOD_NOT_FOUND } from '../core/json-rpc-codes.ts';
import { after } from '../runtime/after.ts';
import { type Body, type BodyCache, bodyText, derive } from '../runtime/body-cache.ts';
import { type EncodedResult, encodedResult, invalidParams, isObject, type Reply } from './json-rpc.ts';
import {
  type DiscoverResult,
  type Era,
  type InitializeResult,
  inputErrorsAreToolResults,
  type JsonObject,
  type ListToolsResult,
  negotiateProtocolVersion,
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
  toolErrorResult,
} from './protocol.ts';
import { createResources } from './resources.ts';
import { shown } from './shown.ts';
import { statelessResults } from './stateless-result.ts';
import { encodedCost } from './tool-kit.ts';
import type { McpTool } from './tools.ts';

type Method = (params: JsonObject, protocolVersion: string) => Reply | Promise<Reply>;

/** The methods only one era has: a legacy client opens with initialize, a stateless one may discover. */
const LEGACY_ONLY = new Set(['initialize', 'ping']);
const MODERN_ONLY = new Set(['server/discover']);

const ok = (result: EncodedResult): Reply => ({ ok: true, result });
const EMPTY_RESULT = encodedResult('{}');

export function createServer(manifest: Manifest, bodies: BodyCache, tools: readonly McpTool[]) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const toolNames = tools.map((tool) => tool.name).join(', ');
  const serverInfo = { name: 'folio', title: manifest.mcp.title, version: API_VERSION };
  const stateless = statelessResults(serverInfo.name, serverInfo.title);
  const discovered: DiscoverResult = {
    supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: SERVER_CAPABILITIES,
    instructions: manifest.mcp.instructions,
  };
  const DISCOVER_RESULT = encodedResult(JSON.stringify(discovered));

  /** What a client of each revision is listed, worked out once: the tools but those added later. */
  const listings = new Map(
    SUPPORTED_PROTOCOL_VERSIONS.map((version) => [version, toolListing(tools, version)]),
  );

  const methods: Record<string, Method> = {
    ...createResources(manifest, bodies),
    initialize(params) {
      if (typeof params.protocolVersion !== 'string') {
        return invalidParams('Invalid params: "protocolVersion" must be a string, e.g. "2025-11-25".');
      }
      const result: InitializeResult = {
        protocolVersion: negotiateProtocolVersion(params.protocolVersion),
        capabilities: SERVER_CAPABILITIES,
        serverInfo,
        instructions: manifest.mcp.instructions,
      };
      return ok(encodedResult(JSON.stringify(result)));
    },
    ping: () => ok(EMPTY_RESULT),
    'server/discover': () => ok(DISCOVER_RESULT),
    'tools/list': (_params, protocolVersion) =>
      after(bodies.get(MCP_TOOLS_KEY), (listed) => {
        if (!listed) throw new Error('folio: the tool list is missing from the deployment');
        const { name, unlisted } = listings.get(protocolVersion) ?? toolListing(tools, protocolVersion);
        const list = () =>
          unlisted.size === 0 ? bodyText(listed) : JSON.stringify(listedWithout(listed, unlisted));
        return ok(derive(listed, name, () => encodedResult(list()), encodedCost));
      }),
    'tools/call'(params, protocolVersion) {
      if (typeof params.name !== 'string')
        return invalidParams(`Invalid params: "name" must be a tool name (${toolNames}).`);
      const tool = byName.get(params.name);
      if (!tool) return invalidParams(`Unknown tool "${params.name}"; the tools are ${toolNames}.`);
      const args = 'arguments' in params ? params.arguments : {};
      if (!isObject(args)) {
        return invalidParams(`Invalid params: "arguments" must be an object, received ${shown(args)}.`);
      }
      return after(tool.call(args), (called) => {
        if (called.ok) return ok(called.value);
        return inputErrorsAreToolResults(protocolVersion)
          ? ok(encodedResult(JSON.stringify(toolErrorResult(called.message))))
          : invalidParams(called.message);
      });
    },
  };

  /** Whether the era has this method: a stateless request for one it lacks is a 404. */
  const knows = (method: string, era: Era) =>
    Object.hasOwn(methods, method) && !(era.modern ? LEGACY_ONLY : MODERN_ONLY).has(method);

  function answer(method: string, params: unknown, era: Era): Reply | Promise<Reply> {
    if (!knows(method, era)) {
      return { ok: false, error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    }
    if (params !== undefined && !isObject(params))
      return invalidParams('Invalid params: "params" must be an object.');
    const reply = methods[method]!(params ?? {}, era.version);
    if (!era.modern) return reply;
    return after(reply, (done) => (done.ok ? ok(stateless(method, done)) : done));
  }

  return { answer, knows };
}

/**
 * The tools a client of `protocolVersion` is not listed (those added in a later revision), and the
 * name its tools/list result is kept under beside the published list.
 */
function toolListing(tools: readonly McpTool[], protocolVersion: string) {
  const unlisted = new Set(
    tools.filter((tool) => tool.since !== undefined && protocolVersion < tool.since).map((tool) => tool.name),
  );
  const name = unlisted.size === 0 ? 'mcp-list-result' : `mcp-list-result:${[...unlisted].join(',')}`;
  return { name, unlisted };
}

/** The published tools/list without the named tools. */
function listedWithout(listed: Body, unlisted: ReadonlySet<string>): ListToolsResult {
  const all = JSON.parse(bodyText(listed)) as ListToolsResult;
  return { ...all, tools: all.tools.filter((tool) => !unlisted.has(tool.name)) };
}
