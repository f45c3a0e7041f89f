/**
 * The script every page loads to register Folio's read-only tools with WebMCP, for an agent that
 * works in the reader's browser. It carries the tools as /mcp's tools/list gives them (the same
 * descriptors, written into it at build time, so a page view costs no request to /mcp) and answers
 * each call through /mcp's tools/call, a tool's `lang` defaulting to the page's. Without
 * `document.modelContext` (or the older `navigator.modelContext`) it does nothing; a call that
 * fails is an `isError` result, never a throw.
 */
import type { Tool } from '../../mcp/protocol.ts';

export const WEBMCP_PATH = '/webmcp.js';
export const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

export const webmcpScript = (tools: readonly Tool[]): string => `(() => {
  const context = document.modelContext ?? navigator.modelContext;
  if (!context || typeof context.registerTool !== 'function') return;
  const lang = document.documentElement.lang;
  let id = 0;
  const rpc = (method, params) =>
    fetch('/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    }).then((response) => response.json());
  const failed = (text) => ({ content: [{ type: 'text', text }], isError: true });
  for (const tool of ${JSON.stringify(tools)}) {
    const takesLang = Boolean(tool.inputSchema && tool.inputSchema.properties && tool.inputSchema.properties.lang);
    context.registerTool({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { ...tool.annotations, readOnlyHint: true },
      async execute(args) {
        try {
          const given = args && typeof args === 'object' ? args : {};
          const call = takesLang && given.lang === undefined ? { ...given, lang } : given;
          const answer = await rpc('tools/call', { name: tool.name, arguments: call });
          return answer.error ? failed(answer.error.message) : answer.result;
        } catch (error) {
          return failed(String((error && error.message) || error));
        }
      },
    });
  }
})();
`;
