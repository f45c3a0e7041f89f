/** JSON-RPC 2.0 as MCP uses it: one message per POST, ids that are strings or integers. */
import { INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR } from '../core/json-rpc-codes.ts';
import { jsonBoundsProblem } from './json-bounds.ts';
import { rawMember } from './json-member.ts';

/** A request id (a string or an integer) as the JSON text the client sent, echoed unchanged. */
export interface RequestId {
  json: string;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A message the client sent, once it is known to be well formed. */
export type IncomingMessage =
  | { kind: 'request'; id: RequestId; method: string; params: unknown }
  | { kind: 'notification'; method: string }
  /** A client's answer to a server request; this server sends none, so it is only acknowledged. */
  | { kind: 'response' };

/** A message that cannot be answered as a request, with the id to echo when one could be read. */
export interface Rejection {
  error: JsonRpcError;
  id: RequestId | null;
}

export type Classified = { ok: true; message: IncomingMessage } | { ok: false; rejection: Rejection };

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

function invalid(message: string, id: RequestId | null = null): Classified {
  return { ok: false, rejection: { error: { code: INVALID_REQUEST, message }, id } };
}

/**
 * Sorts a parsed JSON value into a request, a notification or a response, or says why it is none;
 * `text` is the JSON it was parsed from, where the id is read as written.
 */
function classify(value: unknown, text: string): Classified {
  if (Array.isArray(value)) {
    return invalid('Invalid Request: batches are not supported; send one JSON-RPC message per POST.');
  }
  if (!isObject(value)) return invalid('Invalid Request: expected a JSON-RPC 2.0 object.');
  const hasId = 'id' in value;
  if (hasId && !isRequestId(value.id)) {
    return invalid('Invalid Request: "id" must be a string or an integer.');
  }
  const id = hasId ? { json: rawMember(text, 'id')! } : null;
  if (value.jsonrpc !== '2.0') return invalid('Invalid Request: "jsonrpc" must be "2.0".', id);
  if (!('method' in value)) {
    const hasResult = 'result' in value;
    const hasError = 'error' in value;
    const isResponse = hasId && hasResult !== hasError;
    return isResponse
      ? { ok: true, message: { kind: 'response' } }
      : invalid('Invalid Request: expected a "method".', id);
  }
  if (typeof value.method !== 'string') return invalid('Invalid Request: "method" must be a string.', id);
  if ('params' in value && (typeof value.params !== 'object' || value.params === null)) {
    return invalid('Invalid Request: "params" must be an object.', id);
  }
  const { method, params } = value;
  return {
    ok: true,
    message: id === null ? { kind: 'notification', method } : { kind: 'request', id, method, params },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const parseError = (why: string): Classified => ({
  ok: false,
  rejection: { error: { code: PARSE_ERROR, message: `Parse error: ${why}.` }, id: null },
});

/**
 * A request body as a JSON-RPC message; bytes that are not UTF-8 JSON, or JSON past the shape
 * bounds (json-bounds.ts), are a parse error.
 */
export function parseMessage(body: Uint8Array): Classified {
  let text: string;
  let value: unknown;
  try {
    text = utf8.decode(body);
    const outOfBounds = jsonBoundsProblem(text);
    if (outOfBounds) return parseError(`the body is JSON past this server's bounds: ${outOfBounds}`);
    value = JSON.parse(text);
  } catch {
    return parseError('the body is not UTF-8 JSON');
  }
  return classify(value, text);
}

const encoder = new TextEncoder();

/**
 * A result as the end of its response message (`,"result":…}`) in UTF-8, made once: a result that
 * is kept (a body's, a cached search's) is encoded once, and each answer only adds its id in front.
 */
export interface EncodedResult {
  readonly end: Uint8Array;
}

/** The answer to a request: its encoded result, or the JSON-RPC error that replaces it. */
export type Reply = { ok: true; result: EncodedResult } | { ok: false; error: JsonRpcError };

/** A reply refusing the request's params, with a message that says what was expected. */
export const invalidParams = (message: string, data?: Record<string, unknown>): Reply => ({
  ok: false,
  error: data === undefined ? { code: INVALID_PARAMS, message } : { code: INVALID_PARAMS, message, data },
});

export function encodedResult(resultJson: string): EncodedResult {
  return { end: encoder.encode(`,"result":${resultJson}}`) };
}

const MESSAGE_START = encoder.encode('{"jsonrpc":"2.0","id":');
/** The most UTF-8 bytes a UTF-16 code unit takes. */
const MAX_BYTES_PER_UNIT = 3;

/** A response around an encoded result, as UTF-8; the id as it was sent. */
export function resultMessage(id: RequestId, result: EncodedResult): Uint8Array {
  const { end } = result;
  const bytes = new Uint8Array(
    MESSAGE_START.byteLength + id.json.length * MAX_BYTES_PER_UNIT + end.byteLength,
  );
  bytes.set(MESSAGE_START);
  const { written } = encoder.encodeInto(id.json, bytes.subarray(MESSAGE_START.byteLength));
  const length = MESSAGE_START.byteLength + written + end.byteLength;
  bytes.set(end, length - end.byteLength);
  return bytes.subarray(0, length);
}

export function errorMessage(id: RequestId | null, error: JsonRpcError): string {
  return `{"jsonrpc":"2.0","id":${id?.json ?? 'null'},"error":${JSON.stringify(error)}}`;
}
