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

/** X-API-Version, the five RateLimit headers at the default quota, and open CORS. */
export function expectRateHeaders(response: Response) {
  const h = response.headers;
  expect(h.get('x-api-version')).toBe('1.0.0');
  expect(h.get('ratelimit-policy')).toBe('"default";q=300;w=60');
  expect(h.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
  expect(h.get('ratelimit-limit')).toBe('300');
  expect(h.get('ratelimit-remaining')).toMatch(/^\d+$/);
  expect(h.get('ratelimit-reset')).toMatch(/^\d+$/);
  expect(h.get('access-control-allow-origin')).toBe('*');
}
