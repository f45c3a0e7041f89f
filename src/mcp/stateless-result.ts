/**
 * A result as the stateless revision (2026-07-28) sends it: `resultType: "complete"`, the server's
 * identity in `_meta`, and the caching hints on the results that are cacheable. The members go in
 * front of an already encoded result; the copy of a result kept with a body is kept with the same
 * body, counted against the budget, so it is re-encoded once per kind, not per request.
 */
import { API_VERSION } from '../core/api.ts';
import { deriveFrom } from '../runtime/body-cache.ts';
import type { EncodedResult } from './json-rpc.ts';
import { CACHE_HINTS, META } from './protocol.ts';

/** The methods whose results carry `ttlMs` and `cacheScope`. */
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

const encoder = new TextEncoder();
/** Where an encoded result's own members begin: just past `,"result":{`. */
const RESULT_OPEN = ',"result":{'.length;
const CLOSE_BRACE = '}'.charCodeAt(0);

export function statelessResults(serverName: string, title: string) {
  const common = `"resultType":"complete","_meta":${JSON.stringify({ [META.serverInfo]: { name: serverName, title, version: API_VERSION } })}`;
  const heads = {
    plain: encoder.encode(common),
    cacheable: encoder.encode(
      `${common},"ttlMs":${CACHE_HINTS.ttlMs},"cacheScope":"${CACHE_HINTS.cacheScope}"`,
    ),
  };

  function withHead(result: EncodedResult, head: Uint8Array): EncodedResult {
    const { end } = result;
    const empty = end[RESULT_OPEN] === CLOSE_BRACE;
    const bytes = new Uint8Array(end.byteLength + head.byteLength + (empty ? 0 : 1));
    bytes.set(end.subarray(0, RESULT_OPEN));
    bytes.set(head, RESULT_OPEN);
    let at = RESULT_OPEN + head.byteLength;
    if (!empty) bytes[at++] = ','.charCodeAt(0);
    bytes.set(end.subarray(RESULT_OPEN), at);
    return { end: bytes };
  }

  /**
   * The stateless form of a method's result, from the reply that carries it: the result is kept
   * with a body (a tool's), or the reply is (resources/read's), or neither (made per request).
   */
  return (method: string, reply: { result: EncodedResult }): EncodedResult => {
    const kind = CACHEABLE.has(method) ? 'cacheable' : 'plain';
    const { result } = reply;
    return deriveFrom(
      [result, reply],
      `stateless-${kind}`,
      () => withHead(result, heads[kind]),
      (stateless) => stateless.end.byteLength,
    );
  };
}
