/** One MCP request over HTTP to a running server, as a client without a session sends it: its JSON-RPC result. */
export async function mcpCall<Result>(
  baseUrl: string,
  method: string,
  params: Record<string, unknown>,
): Promise<Result> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: Result }).result;
}

/** One MCP tools/call over HTTP to a running server, as a client without a session sends it. */
export function callTool(
  baseUrl: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError?: boolean; structuredContent: Record<string, unknown> }> {
  return mcpCall(baseUrl, 'tools/call', { name, arguments: args });
}

/** Every resource resources/list gives, following its cursors. */
export async function listResources(baseUrl: string): Promise<{ uri: string; title: string }[]> {
  const resources: { uri: string; title: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await mcpCall<{ resources: { uri: string; title: string }[]; nextCursor?: string }>(
      baseUrl,
      'resources/list',
      cursor === undefined ? {} : { cursor },
    );
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return resources;
}
