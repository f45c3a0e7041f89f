/** Assertions several suites share. */
import { expect } from 'vitest';

/** The seven read-only tools, sorted. */
export const MCP_TOOL_NAMES = [
  'get_api_index',
  'get_post',
  'get_posts_by_tag',
  'get_series',
  'list_series',
  'list_slide_decks',
  'search_blog_posts',
];

/** A fetch answer's headers, or the header object of node:http and undici's `request`. */
export type HeaderBag = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

/** An answer as the helpers below read it: a fetch `Response`, or any status with its headers. */
export interface Answered {
  status: number;
  headers: HeaderBag;
}

/** One header's value, repeated fields joined as fetch joins them; null when absent. */
export function headerOf(headers: HeaderBag, name: string): string | null {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The five RateLimit headers as the contract writes them at the default quota (300 a 60 s
 * window): `RateLimit` agrees with `RateLimit-Remaining` and `-Reset`, the reset is within the
 * window, and `Retry-After` (the reset) comes with a 429 alone.
 */
export function expectRateHeaders({ status, headers }: Answered) {
  const h = (name: string) => headerOf(headers, name);
  expect(h('ratelimit-policy')).toBe('"default";q=300;w=60');
  expect(h('ratelimit-limit')).toBe('300');
  const remaining = h('ratelimit-remaining');
  const reset = h('ratelimit-reset');
  expect(remaining).toMatch(/^\d+$/);
  expect(reset).toMatch(/^\d+$/);
  expect(h('ratelimit')).toBe(`"default";r=${remaining};t=${reset}`);
  expect(Number(reset)).toBeGreaterThanOrEqual(1);
  expect(Number(reset)).toBeLessThanOrEqual(60);
  expect(h('retry-after')).toBe(status === 429 ? reset : null);
}

/** The headers every /api/ and /mcp answer carries: the version, the RateLimit set and open CORS. */
export function expectApiHeaders(answer: Answered) {
  expectRateHeaders(answer);
  const h = (name: string) => headerOf(answer.headers, name);
  expect(h('x-api-version')).toBe('1.0.0');
  expect(h('access-control-allow-origin')).toBe('*');
  const exposed = h('access-control-expose-headers') ?? '';
  for (const name of [
    'X-API-Version',
    'RateLimit-Policy',
    'RateLimit',
    'RateLimit-Remaining',
    'Retry-After',
    'ETag',
    'X-Total-Count',
  ])
    expect(exposed).toContain(name);
}

/** The headers of every /mcp answer: the API's, no caching and no session. */
export function expectMcpHeaders(answer: Answered) {
  expectApiHeaders(answer);
  expect(headerOf(answer.headers, 'cache-control')).toBe('no-store');
  expect(headerOf(answer.headers, 'mcp-session-id')).toBeNull();
}
