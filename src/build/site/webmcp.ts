/**
 * The script every page loads to register Folio's read-only tools with WebMCP, for an agent that
 * works in the reader's browser. It carries the tools as /mcp's tools/list gives them (the same
 * descriptors, written into it at build time, so a page view costs no request to /mcp) and answers
 * each call through /mcp's tools/call, a tool's `lang` defaulting to the page's. Without
 * `document.modelContext` (or the older `navigator.modelContext`) it does nothing; a call that
 * fails is an `isError` result, never a throw. Beside a built site, the site's own pages load it
 * only where the owner says so (site.yaml `webmcpOnSitePages`).
 */
import type { Tool } from '../../mcp/protocol.ts';

export const WEBMCP_PATH = '/webmcp.js';
/** How a page loads it: same origin, deferred. */
export const WEBMCP_TAG = `<script src="${WEBMCP_PATH}" defer></script>`;

export const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

/**
 * A page of the owner's with the script added just before its first `</head>`, every other byte
 * as it was (searched as Latin-1, which maps each byte to one character); a page with no
 * `</head>` is left as it is.
 */
export function withWebmcpTag(html: Uint8Array): Uint8Array {
  const at = Buffer.from(html.buffer, html.byteOffset, html.byteLength)
    .toString('latin1')
    .search(/<\/head\s*>/i);
  if (at < 0) return html;
  return Buffer.concat([html.subarray(0, at), Buffer.from(WEBMCP_TAG), html.subarray(at)]);
}

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
  // Registered once the page has loaded, after the page's own scripts: where one of them registered
  // a tool of the same name (an owner's page), the page's own is kept.
  const register = () => {
    for (const tool of ${JSON.stringify(tools)}) {
      const takesLang = Boolean(tool.inputSchema && tool.inputSchema.properties && tool.inputSchema.properties.lang);
      const execute = async (args) => {
        try {
          const given = args && typeof args === 'object' ? args : {};
          const call = takesLang && given.lang === undefined ? { ...given, lang } : given;
          const answer = await rpc('tools/call', { name: tool.name, arguments: call });
          return answer.error ? failed(answer.error.message) : answer.result;
        } catch (error) {
          return failed(String((error && error.message) || error));
        }
      };
      const annotations = { ...tool.annotations, readOnlyHint: true };
      const { name, title, description, inputSchema } = tool;
      try {
        context.registerTool({ name, title, description, inputSchema, annotations, execute });
      } catch {}
    }
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
})();
`;
