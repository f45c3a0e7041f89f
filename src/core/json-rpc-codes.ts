/** The JSON-RPC 2.0 error codes MCP answers with: the area's, and an adapter's for a request it cannot hand over. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** Implementation-defined server error; the MCP SDK uses it for transport-level refusals. */
export const SERVER_ERROR = -32000;
/** An unexpected error while answering a request. */
export const INTERNAL_ERROR = -32603;
