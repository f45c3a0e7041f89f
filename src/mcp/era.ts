/**
 * Which revision a request speaks, and the checks the stateless revision (2026-07-28) puts on every
 * request before it is served: `_meta` with the protocol version and the client's capabilities, and
 * the headers that mirror the body (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`), which must
 * agree with it so that a gateway routing on them sees what the server serves.
 */
import { INVALID_PARAMS } from '../core/json-rpc-codes.ts';
import { isObject, type JsonRpcError } from './json-rpc.ts';
import {
  ASSUMED_PROTOCOL_VERSION,
  type Era,
  HEADER_MISMATCH,
  LEGACY_PROTOCOL_VERSIONS,
  META,
  MODERN_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  UNSUPPORTED_PROTOCOL_VERSION,
  type UnsupportedProtocolVersionErrorData,
} from './protocol.ts';
import { shown } from './shown.ts';

/** A request refused before it is served: always 400 on HTTP. */
export interface EraRefusal {
  refused: true;
  error: JsonRpcError;
}

/** The body member each method's `Mcp-Name` header mirrors. */
const NAMED: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'resources/read': 'uri',
  'prompts/get': 'name',
};

const refused = (code: number, message: string, data?: unknown): EraRefusal => ({
  refused: true,
  error: data === undefined ? { code, message } : { code, message, data },
});

function unsupported(requested: string): EraRefusal {
  return refused(
    UNSUPPORTED_PROTOCOL_VERSION,
    `Unsupported protocol version ${shown(requested)}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested } satisfies UnsupportedProtocolVersionErrorData,
  );
}

const mismatch = (message: string) => refused(HEADER_MISMATCH, `Header mismatch: ${message}`);

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A header value as the client meant it: `=?base64?…?=` is the UTF-8 text it encodes; null if undecodable. */
export function decodedHeader(value: string): string | null {
  const encoded = SENTINEL.exec(value);
  if (!encoded) return value;
  try {
    return utf8.decode(Uint8Array.from(atob(encoded[1]!), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The checks of a request that carries the stateless revision's `_meta` (or its version header). */
function modernEra(headers: Headers, method: string, params: unknown): Era | EraRefusal {
  const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
  const version = meta?.[META.protocolVersion];
  if (typeof version !== 'string') {
    return refused(
      INVALID_PARAMS,
      `Invalid params: a ${MODERN_PROTOCOL_VERSION} request carries "_meta" with "${META.protocolVersion}" and "${META.clientCapabilities}".`,
    );
  }
  // The header must mirror the body before either is believed: a supported header over an
  // unsupported _meta version is a mismatch, not a version this server lacks.
  const header = headers.get('mcp-protocol-version');
  if (header === null) return mismatch('the MCP-Protocol-Version header is required.');
  if (header.trim() !== version) {
    return mismatch(
      `MCP-Protocol-Version ${shown(header)} does not match the _meta version ${shown(version)}.`,
    );
  }
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return unsupported(version);
  if (!isObject(meta![META.clientCapabilities])) {
    return refused(
      INVALID_PARAMS,
      `Invalid params: "_meta" must carry "${META.clientCapabilities}" (an object, {} when the client declares none).`,
    );
  }
  const methodHeader = headers.get('mcp-method');
  if (methodHeader === null) return mismatch('the Mcp-Method header is required.');
  if (methodHeader.trim() !== method) {
    return mismatch(`Mcp-Method ${shown(methodHeader)} does not match the method ${shown(method)}.`);
  }
  const member = NAMED[method];
  if (member !== undefined) {
    const nameHeader = headers.get('mcp-name');
    if (nameHeader === null) return mismatch(`the Mcp-Name header is required for ${method}.`);
    const named = (params as Record<string, unknown>)[member];
    if (typeof named === 'string' && decodedHeader(nameHeader.trim()) !== named) {
      return mismatch(`Mcp-Name ${shown(nameHeader)} does not match params.${member} ${shown(named)}.`);
    }
  }
  return { modern: !LEGACY_PROTOCOL_VERSIONS.includes(version), version };
}

/** An MCP-Protocol-Version header naming a version this server does not serve, refused. */
export function unsupportedHeader(headers: Headers): EraRefusal | null {
  return unsupportedVersion(versionHeader(headers));
}

const versionHeader = (headers: Headers) => headers.get('mcp-protocol-version')?.trim() ?? null;
const unsupportedVersion = (header: string | null) =>
  header !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(header) ? unsupported(header) : null;

/**
 * The era of a request: stateless when it carries the `_meta` protocol version, or the 2026-07-28
 * version header on any method but `initialize` (a handshake client may send the header it would
 * like to speak; a request with `_meta` is stateless, and its initialize is a method that revision
 * removed), else the legacy revision its header names, 2025-03-26 without one.
 */
export function eraOf(headers: Headers, method: string, params: unknown): Era | EraRefusal {
  const header = versionHeader(headers);
  const claimsMeta = isObject(params) && isObject(params._meta) && META.protocolVersion in params._meta;
  if (claimsMeta || (method !== 'initialize' && header === MODERN_PROTOCOL_VERSION)) {
    return modernEra(headers, method, params);
  }
  const refusal = unsupportedVersion(header);
  if (refusal) return refusal;
  const version =
    header !== null && LEGACY_PROTOCOL_VERSIONS.includes(header) ? header : ASSUMED_PROTOCOL_VERSION;
  return { modern: false, version };
}

export const isRefusal = (era: Era | EraRefusal): era is EraRefusal => 'refused' in era;
