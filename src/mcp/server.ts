/** The MCP methods: initialize, ping, tools/list and tools/call. */
import { API_VERSION } from '../api/endpoints.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { once } from '../http/body.ts';
import { INVALID_PARAMS, isObject, type JsonRpcError, METHOD_NOT_FOUND } from './json-rpc.ts';
import {
  type InitializeResult,
  inputErrorsAreToolResults,
  type JsonObject,
  type ListToolsResult,
  negotiateProtocolVersion,
  toolErrorResult,
} from './protocol.ts';
import { shown } from './shown.ts';
import type { McpTool } from './tools.ts';

/** The answer to a request: its result, or the JSON-RPC error that replaces it. */
export type Reply = { ok: true; result: object } | { ok: false; error: JsonRpcError };

type Method = (params: JsonObject, protocolVersion: string) => Reply;

const ok = (result: object): Reply => ({ ok: true, result });
const invalidParams = (message: string): Reply => ({ ok: false, error: { code: INVALID_PARAMS, message } });

/** What an agent reads once, at initialize: what the blog holds and which tool answers what. */
export function instructionsFor(data: SiteData): string {
  const count = (lang: Lang) => data.posts.filter((post) => post.lang === lang).length;
  const series = new Set(data.series.map((series) => series.slug)).size;
  return [
    `${data.site.name}: ${data.site.description}`,
    `It holds ${count('en')} published posts in English and ${count('es')} in Spanish, ${series} multi-part ` +
      `series and ${data.decks.length} slide decks, ` +
      `all read-only and licensed ${data.site.license} (cite the post url when you use them).`,
    'Tools: search_blog_posts finds posts about a subject by full-text search; list_series and then ' +
      'get_series give a series and its chapters in reading order; get_posts_by_tag lists the posts with a ' +
      'tag; list_slide_decks lists talks; get_api_index describes the REST API and lists every series slug ' +
      'and tag in use.',
    'Every tool but get_api_index takes lang "en" or "es" (default "en"); series slugs are English in both ' +
      'languages. Results carry absolute urls to the posts.',
  ].join('\n');
}

export function createServer(data: SiteData, tools: readonly McpTool[]) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const toolNames = tools.map((tool) => tool.name).join(', ');
  const listed = once((): ListToolsResult => ({ tools: tools.map((tool) => tool.descriptor()) }));
  const instructions = once(() => instructionsFor(data));

  const methods: Record<string, Method> = {
    initialize(params) {
      if (typeof params.protocolVersion !== 'string') {
        return invalidParams('Invalid params: "protocolVersion" must be a string, e.g. "2025-06-18".');
      }
      const result: InitializeResult = {
        protocolVersion: negotiateProtocolVersion(params.protocolVersion),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'folio', title: data.site.name, version: API_VERSION },
        instructions: instructions(),
      };
      return ok(result);
    },
    ping: () => ok({}),
    'tools/list': () => ok(listed()),
    'tools/call'(params, protocolVersion) {
      if (typeof params.name !== 'string')
        return invalidParams(`Invalid params: "name" must be a tool name (${toolNames}).`);
      const tool = byName.get(params.name);
      if (!tool) return invalidParams(`Unknown tool "${params.name}"; the tools are ${toolNames}.`);
      const args = 'arguments' in params ? params.arguments : {};
      if (!isObject(args)) {
        return invalidParams(`Invalid params: "arguments" must be an object, received ${shown(args)}.`);
      }
      const called = tool.call(args);
      if (called.ok) return ok(called.value);
      return inputErrorsAreToolResults(protocolVersion)
        ? ok(toolErrorResult(called.message))
        : invalidParams(called.message);
    },
  };

  return function answer(method: string, params: unknown, protocolVersion: string): Reply {
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!run) return { ok: false, error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    if (params !== undefined && !isObject(params))
      return invalidParams('Invalid params: "params" must be an object.');
    return run(params ?? {}, protocolVersion);
  };
}
