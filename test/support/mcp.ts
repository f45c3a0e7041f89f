/** One MCP tools/call over HTTP to a running server, as a client without a session sends it. */
export async function callTool(
  baseUrl: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError?: boolean; structuredContent: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  return (
    (await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown> } }
  ).result;
}
