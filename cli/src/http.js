/** HTTP with Node's built-in fetch: timeout, one retry after a 429, problem-details errors. */
import { CliError } from './errors.js';

/** The longest Retry-After folio waits before its single retry. */
export const MAX_RETRY_WAIT_SECONDS = 60;
export const MCP_PROTOCOL_VERSION = '2025-06-18';
/** JSON-RPC's code for arguments a method refuses (a language the blog is not written in, say). */
const INVALID_PARAMS = -32602;

/**
 * @typedef {object} Client
 * @property {string} baseUrl
 * @property {number} timeoutMs
 * @property {(line: string) => void} notice Writes one line to stderr.
 * @property {(ms: number) => Promise<void>} [sleep]
 */

/**
 * @typedef {object} Answer
 * @property {string} url
 * @property {number} status
 * @property {Headers} headers
 * @property {string} text
 */

/**
 * One request; on a 429 whose Retry-After is at most 60 s, says so on stderr, waits and retries once.
 * @param {Client} client
 * @param {string} path Starts with `/`.
 * @param {RequestInit} [init]
 * @returns {Promise<Answer>}
 */
export async function request(client, path, init = {}) {
  const url = client.baseUrl + path;
  const answer = await once(client, url, init);
  if (answer.status !== 429) return answer;
  const wait = retryAfterSeconds(answer.headers.get('retry-after'));
  if (wait === undefined) return answer;
  if (wait > MAX_RETRY_WAIT_SECONDS) {
    client.notice(
      `folio: rate limited by ${client.baseUrl}; Retry-After is ${wait} s, longer than the ${MAX_RETRY_WAIT_SECONDS} s folio waits, so not retrying`,
    );
    return answer;
  }
  client.notice(
    `folio: rate limited by ${client.baseUrl} (HTTP 429); waiting ${wait} s (Retry-After), then retrying once`,
  );
  await (client.sleep ?? sleep)(wait * 1000);
  return once(client, url, init);
}

/**
 * GETs a JSON resource under the base URL. Non-2xx answers become a CliError with the problem's
 * detail and hint.
 * @param {Client} client
 * @param {string} path
 * @returns {Promise<{ answer: Answer, data: unknown }>}
 */
export async function getJson(client, path) {
  const answer = await request(client, path, { headers: { Accept: 'application/json' } });
  if (answer.status < 200 || answer.status > 299) throw apiError(client, answer);
  return { answer, data: parseJson(client, answer) };
}

/**
 * Calls an MCP tool with one stateless JSON-RPC `tools/call` POST and returns its structuredContent.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @returns {Promise<unknown>}
 */
export async function callTool(client, name, args) {
  const id = 1;
  const answer = await request(client, '/mcp', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': MCP_PROTOCOL_VERSION,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const type = answer.headers.get('content-type') ?? '';
  /** @type {unknown} */
  let message;
  if (type.includes('text/event-stream')) {
    message = sseMessages(answer.text).find((m) => isObject(m) && m.id === id);
  } else {
    try {
      message = JSON.parse(answer.text);
    } catch {
      message = undefined;
    }
  }
  if (isObject(message) && isObject(message.error) && typeof message.error.code === 'number') {
    throw new CliError(
      `the MCP tool ${name} failed: ${String(message.error.message)} (JSON-RPC error ${message.error.code})`,
      `Check that ${client.baseUrl}/mcp is a Folio MCP server of the same version.`,
      1,
      message.error.code === INVALID_PARAMS ? 400 : undefined,
    );
  }
  if (answer.status < 200 || answer.status > 299) throw apiError(client, answer);
  if (!isObject(message) || !isObject(message.result)) {
    throw new CliError(
      `${answer.url} did not answer with a JSON-RPC result`,
      `Is ${client.baseUrl} a Folio server? Check --base-url or FOLIO_BASE_URL.`,
    );
  }
  const result = message.result;
  const text = Array.isArray(result.content)
    ? result.content
        .filter((block) => isObject(block) && block.type === 'text')
        .map((block) => String(/** @type {Record<string, unknown>} */ (block).text))
        .join(' ')
    : '';
  if (result.isError === true) {
    throw new CliError(text || `the MCP tool ${name} reported an error`, undefined, 1, 400);
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`the MCP tool ${name} returned no structured result`, `Check ${client.baseUrl}/mcp.`);
  }
}

/**
 * @param {Client} client
 * @param {string} url
 * @param {RequestInit} init
 * @returns {Promise<Answer>}
 */
async function once(client, url, init) {
  const signal = AbortSignal.timeout(client.timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'follow' });
    const text = await response.text();
    return { url, status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted || isTimeout(error)) {
      throw new CliError(
        `no answer from ${client.baseUrl} within ${client.timeoutMs / 1000} s (request timed out)`,
        'Try again, or allow more time with --timeout <seconds>.',
      );
    }
    throw new CliError(
      `cannot reach ${client.baseUrl} (${networkReason(error)})`,
      'Is the server running? Set the address with --base-url or FOLIO_BASE_URL.',
    );
  }
}

/**
 * @param {Client} client
 * @param {Answer} answer
 */
function parseJson(client, answer) {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new CliError(
      `${answer.url} did not answer with JSON`,
      `Is ${client.baseUrl} a Folio server? Check --base-url or FOLIO_BASE_URL.`,
    );
  }
}

/**
 * A CliError from a problem-details body (RFC 9457): its detail, and error.hint as the hint.
 * @param {Client} client
 * @param {Answer} answer
 */
export function apiError(client, answer) {
  /** @type {unknown} */
  let body;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  if (isObject(body)) {
    const error = isObject(body.error) ? body.error : {};
    const detail =
      typeof body.detail === 'string'
        ? body.detail
        : typeof error.message === 'string'
          ? error.message
          : undefined;
    if (detail) {
      const code = typeof error.code === 'string' ? ` ${error.code}` : '';
      return new CliError(
        `${detail} (HTTP ${answer.status}${code})`,
        typeof error.hint === 'string' ? error.hint : undefined,
        1,
        answer.status,
      );
    }
  }
  return new CliError(
    `${answer.url} answered HTTP ${answer.status}`,
    `Is ${client.baseUrl} a Folio server? Check --base-url or FOLIO_BASE_URL.`,
    1,
    answer.status,
  );
}

/**
 * Seconds from a Retry-After header (delta-seconds or an HTTP-date); undefined when absent or unreadable.
 * @param {string | null} value
 */
export function retryAfterSeconds(value) {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The JSON messages of a text/event-stream body.
 * @param {string} text
 * @returns {unknown[]}
 */
function sseMessages(text) {
  /** @type {unknown[]} */
  const messages = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      messages.push(JSON.parse(data));
    } catch {
      // not JSON: ignore this event
    }
  }
  return messages;
}

/** @param {unknown} error */
function isTimeout(error) {
  const name = isObject(error) ? error.name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}

/**
 * The most specific reason in a fetch failure (undici nests it in `cause`, sometimes in an AggregateError).
 * @param {unknown} error
 * @returns {string}
 */
function networkReason(error) {
  /** @type {unknown} */
  let current = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (typeof current.code === 'string') return current.code;
    if (Array.isArray(current.errors) && current.errors.length > 0) current = current.errors[0];
    else if (current.cause !== undefined) current = current.cause;
    else break;
  }
  return isObject(current) && typeof current.message === 'string' ? current.message : String(current);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
