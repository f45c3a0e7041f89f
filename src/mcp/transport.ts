/**
 * The Streamable HTTP rules a POST must meet before its body is read (MCP 2025-06-18, basic/transports):
 * the client accepts both JSON and SSE answers and sends JSON. The protocol version is checked with
 * the message (era.ts), so that a refusal can echo the request's id. Answers are made per request
 * and sent as they are, on every runtime: a client whose Accept-Encoding refuses that gets 406,
 * as for an Accept it cannot be answered in.
 */

import { acceptedCodings, type MediaRange, parseAccept, qualityOf } from '../http/negotiate.ts';
import { memo } from '../runtime/memo.ts';

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
const refusesIdentity = memo(KEPT_VALUES, (encoding: string) => acceptedCodings(encoding).identity === 0);

export function checkPost(request: Request): Refusal | null {
  if (!acceptsBoth(request.headers.get('accept') ?? '')) {
    return {
      status: 406,
      message: 'Not Acceptable: the Accept header must list both application/json and text/event-stream.',
    };
  }
  const encoding = request.headers.get('accept-encoding');
  if (encoding !== null && refusesIdentity(encoding)) {
    return {
      status: 406,
      message:
        'Not Acceptable: the Accept-Encoding header refuses the answer as it is (identity), the only way /mcp sends one.',
    };
  }
  if (!isJson(request.headers.get('content-type') ?? '')) {
    return { status: 415, message: 'Unsupported Media Type: the Content-Type must be application/json.' };
  }
  return null;
}
