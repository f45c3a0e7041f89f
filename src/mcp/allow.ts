/** The methods the MCP endpoint answers (Allow on its 405, its CORS preflight). */
export const MCP_ALLOW = 'POST, OPTIONS';
