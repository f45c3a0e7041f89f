/** The API's error codes and what each means: status, title, documentation anchor, hint. */

export const ERROR_CODES = [
  'invalid_request',
  'uri_too_long',
  'resource_not_found',
  'method_not_allowed',
  'not_acceptable',
  'gone',
  'rate_limited',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

interface ErrorKind {
  status: number;
  title: string;
  anchor: 'endpoints' | 'rate-limits' | 'errors';
  hint: string;
}

export const ERROR_KINDS: Record<ErrorCode, ErrorKind> = {
  invalid_request: {
    status: 400,
    title: 'Bad Request',
    anchor: 'endpoints',
    hint: 'Retry without limit, or with a whole number from 1 to 500.',
  },
  uri_too_long: {
    status: 414,
    title: 'URI Too Long',
    anchor: 'endpoints',
    hint: 'Request targets are at most 8192 characters; endpoint paths are short and take only limit.',
  },
  resource_not_found: {
    status: 404,
    title: 'Not Found',
    anchor: 'errors',
    hint: 'Every endpoint is listed at /api/index.json and described at /openapi.json; endpoint paths end in .json.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method Not Allowed',
    anchor: 'errors',
    hint: 'The API is read-only: retry with GET (or HEAD).',
  },
  not_acceptable: {
    status: 406,
    title: 'Not Acceptable',
    anchor: 'errors',
    hint: 'Accept the body as it is (leave out identity;q=0 and *;q=0), or one of the codings the server sends (br, gzip).',
  },
  gone: {
    status: 410,
    title: 'Gone',
    anchor: 'errors',
    hint: 'This resource was removed for good; current resources are listed at /api/index.json.',
  },
  rate_limited: {
    status: 429,
    title: 'Too Many Requests',
    anchor: 'rate-limits',
    hint: 'Wait the number of seconds in Retry-After and retry; the quota is in RateLimit-Policy.',
  },
  internal_error: {
    status: 500,
    title: 'Internal Server Error',
    anchor: 'errors',
    hint: 'The request could not be completed; retrying is safe.',
  },
};

/**
 * What was wrong with a refused request target (a 400 before any route is looked up), each with
 * the hint that mends it; the hint of `invalid_request` itself speaks of `limit`, the one query
 * parameter an endpoint reads.
 */
export const TARGET_FAULT_HINTS = {
  host: 'Send a Host header that is a host name or an IP address, with an optional port.',
  path: 'Send a request target that is a path starting with / (or an absolute URL).',
  encoding:
    'Percent-encode the request target: a space, ", <, >, \\ and every byte outside printable ASCII are sent as %XX.',
  parameters: 'Send at most 64 query parameters; the endpoints take only limit.',
} as const;
export type TargetFault = keyof typeof TARGET_FAULT_HINTS;

/** Problem details (RFC 9457) as every error body carries them, the build's error pages included. */
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  error: { code: ErrorCode; message: string; hint: string; documentation_url: string };
}

export function problem(
  baseUrl: string,
  code: ErrorCode,
  detail: string,
  instance: string,
  hint?: string,
): Problem {
  const kind = ERROR_KINDS[code];
  return {
    type: `${baseUrl}/developers#${kind.anchor}`,
    title: kind.title,
    status: kind.status,
    detail,
    instance,
    error: { code, message: detail, hint: hint ?? kind.hint, documentation_url: `${baseUrl}/developers` },
  };
}
