/**
 * The Streamable HTTP rules a POST must meet before its body is read (MCP 2025-06-18, basic/transports):
 * the client accepts both JSON and SSE answers, sends JSON, and speaks a protocol version we know.
 */
import { memo } from '../http/memo.ts';
import { type MediaRange, parseAccept, qualityOf } from '../http/negotiate.ts';
import { ASSUMED_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.ts';

/** A POST refused at the HTTP level, before any JSON-RPC message is read. */
export interface Refusal {
  status: 400 | 406 | 415;
  message: string;
}

/** RFC 9110 12.5.1: the most specific matching range decides; q=0 means "not acceptable". */
function accepts(ranges: readonly MediaRange[], mediaType: string): boolean {
  return qualityOf(ranges, mediaType) > 0;
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** Distinct Accept and Content-Type values whose check is kept. */
const KEPT_VALUES = 256;
const acceptsBoth = memo(KEPT_VALUES, (accept: string) => {
  const ranges = parseAccept(accept);
  return accepts(ranges, 'application/json') && accepts(ranges, 'text/event-stream');
});
const isJson = memo(KEPT_VALUES, (contentType: string) => mediaTypeOf(contentType) === 'application/json');

export function checkPost(request: Request): Refusal | null {
  if (!acceptsBoth(request.headers.get('accept') ?? '')) {
    return {
      status: 406,
      message: 'Not Acceptable: the Accept header must list both application/json and text/event-stream.',
    };
  }
  if (!isJson(request.headers.get('content-type') ?? '')) {
    return { status: 415, message: 'Unsupported Media Type: the Content-Type must be application/json.' };
  }
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version.trim())) {
    return {
      status: 400,
      message: `Bad Request: unsupported MCP-Protocol-Version ${version}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    };
  }
  return null;
}

/** The protocol version of a POST that passed checkPost. */
export function protocolVersionOf(request: Request): string {
  return request.headers.get('mcp-protocol-version')?.trim() ?? ASSUMED_PROTOCOL_VERSION;
}
