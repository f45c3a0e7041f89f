/**
 * The exchanges captured from a running Folio once per benchmark run: the baselines replay these
 * exact bytes (status, headers and body) so every contender serves the same thing.
 */
import { readFileSync } from 'node:fs';

export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  headers: Record<string, string>;
  /** Base64. */
  body: string;
}

export interface Fixture {
  exchanges: Exchange[];
}

/** Response headers that belong to the connection, not the resource. */
export const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface Prepared {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** The answer to a matching If-None-Match, when one was captured. */
  notModified?: Prepared;
  etag?: string;
}

/**
 * The key of a request among the captured exchanges: its method and URL, and its body when it has
 * one, as the MCP routes are calls of different tools at the same URL.
 */
export const exchangeKey = (method: string, url: string, body = '') =>
  body === '' ? `${method} ${url}` : `${method} ${url} ${body}`;

/** Exchanges keyed by `exchangeKey`; the 304 of a conditional request hangs off its 200. */
export function loadPrepared(path: string): { byKey: Map<string, Prepared>; notFound: Prepared } {
  const fixture = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
  const byKey = new Map<string, Prepared>();
  let notFound: Prepared | undefined;
  const conditional: Exchange[] = [];
  for (const exchange of fixture.exchanges) {
    if (exchange.requestHeaders['if-none-match']) {
      conditional.push(exchange);
      continue;
    }
    const prepared = prepare(exchange);
    if (exchange.status === 404 && !notFound) notFound = prepared;
    byKey.set(exchangeKey(exchange.method, exchange.url, exchange.requestBody), prepared);
  }
  for (const exchange of conditional) {
    const full = byKey.get(exchangeKey(exchange.method, exchange.url));
    if (full) full.notModified = prepare(exchange);
  }
  if (!notFound) throw new Error(`${path}: no 404 exchange`);
  return { byKey, notFound };
}

function prepare(exchange: Exchange): Prepared {
  const prepared: Prepared = {
    status: exchange.status,
    headers: exchange.headers,
    body: new Uint8Array(Buffer.from(exchange.body, 'base64')),
  };
  if (exchange.headers.etag) prepared.etag = exchange.headers.etag;
  return prepared;
}
