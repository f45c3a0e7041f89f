/** The protocol pieces on their own: conditional requests, problem bodies, encodings, targets, body keys. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyKey } from '../src/core/deployment.ts';
import { problem } from '../src/core/errors.ts';
import { etagOf } from '../src/core/etag.ts';
import { OFFERS } from '../src/http/coding-offers.ts';
import { matchesIfNoneMatch, notModifiedHeaders } from '../src/http/conditional.ts';
import { acceptedCodings, chooseOffered } from '../src/http/negotiate.ts';
import { writeRateHeaders } from '../src/http/rate-limit-headers.ts';
import { parseTarget, queryValues } from '../src/http/request-target.ts';
import { createBodyCache } from '../src/runtime/body-cache.ts';

describe('If-None-Match (RFC 9110 13.1.2)', () => {
  const etag = '"abc-1"';
  it.each([
    ['"abc-1"', true],
    ['W/"abc-1"', true],
    ['"x", "abc-1"', true],
    ['*', true],
    ['"abc"', false],
    ['', false],
    [',,,', false],
  ])('%j matches: %s', (header, matches) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(matches);
  });

  it('a 304 drops representation metadata and keeps validators and caching headers', () => {
    const kept = notModifiedHeaders({
      etag,
      'cache-control': 'public, max-age=3600',
      vary: 'Accept',
      'content-type': 'application/json',
      'content-length': '10',
      'x-total-count': '3',
      'x-markdown-tokens': '2',
      'content-encoding': 'br',
      'x-api-version': '1',
      deprecation: '@1',
      sunset: 'Thu, 01 Jan 2099 00:00:00 GMT',
      link: '<https://b.example/developers#versioning>; rel="deprecation"',
      'access-control-allow-origin': '*',
      'ratelimit-remaining': '3',
    });
    expect(kept).toEqual({
      etag,
      'cache-control': 'public, max-age=3600',
      vary: 'Accept',
      'x-api-version': '1',
      deprecation: '@1',
      sunset: 'Thu, 01 Jan 2099 00:00:00 GMT',
      link: '<https://b.example/developers#versioning>; rel="deprecation"',
      'access-control-allow-origin': '*',
      'ratelimit-remaining': '3',
    });
  });

  it('ETags are strong, differ with the bytes and carry the length', () => {
    const a = etagOf(new TextEncoder().encode('hello'));
    expect(a).toMatch(/^"[0-9a-z]+-5"$/);
    expect(etagOf(new TextEncoder().encode('hellp'))).not.toBe(a);
  });
});

describe('problem details (RFC 9457)', () => {
  it('names the documentation anchor, the code, and repeats the detail as the message', () => {
    expect(
      problem('https://b.example', 'invalid_request', 'limit is bad', '/api/posts.json?limit=0'),
    ).toEqual({
      type: 'https://b.example/developers#endpoints',
      title: 'Bad Request',
      status: 400,
      detail: 'limit is bad',
      instance: '/api/posts.json?limit=0',
      error: {
        code: 'invalid_request',
        message: 'limit is bad',
        hint: expect.stringContaining('1 to 500'),
        documentation_url: 'https://b.example/developers',
      },
    });
    expect(problem('https://b.example', 'rate_limited', 'd', '/x').type).toBe(
      'https://b.example/developers#rate-limits',
    );
    expect(problem('https://b.example', 'uri_too_long', 'd', '/x').status).toBe(414);
  });

  it('RateLimit headers state the quota, and Retry-After only when refused', () => {
    const headers: Record<string, string> = {};
    writeRateHeaders(
      headers,
      { allowed: false, limit: 300, remaining: 0, reset: 12 },
      '"default";q=300;w=60',
    );
    expect(headers).toEqual({
      'ratelimit-policy': '"default";q=300;w=60',
      ratelimit: '"default";r=0;t=12',
      'ratelimit-limit': '300',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '12',
      'retry-after': '12',
    });
  });
});

describe('Accept-Encoding (RFC 9110 12.5.3)', () => {
  // The header; the coding chosen for a whole body, a derived one (a list prefix), a small one;
  // null when the client refuses every coding the body can be sent in (a 406).
  it.each([
    [null, 'identity', 'identity', 'identity'],
    ['', 'identity', 'identity', 'identity'],
    ['identity', 'identity', 'identity', 'identity'],
    ['gzip', 'gzip', 'gzip', 'identity'],
    ['x-gzip', 'gzip', 'gzip', 'identity'],
    ['gzip, br', 'br', 'gzip', 'identity'],
    ['gzip, deflate', 'gzip', 'gzip', 'identity'],
    ['BR', 'br', 'identity', 'identity'],
    ['br;q=0, gzip', 'gzip', 'gzip', 'identity'],
    ['br;q=0, gzip;q=0', 'identity', 'identity', 'identity'],
    ['gzip;q=0, *', 'br', 'identity', 'identity'],
    ['gzip;q=0, br;q=0, *', 'identity', 'identity', 'identity'],
    ['*', 'br', 'gzip', 'identity'],
    ['*;q=0', null, null, null],
    ['*;q=0, gzip', 'gzip', 'gzip', 'gzip'],
    ['*;q=0, identity', 'identity', 'identity', 'identity'],
    ['identity;q=0, gzip', 'gzip', 'gzip', 'gzip'],
    ['identity;q=0, br', 'br', 'br', 'br'],
    ['identity;q=0, *', 'br', 'gzip', 'br'],
    ['identity;q=0, br;q=0.5, gzip;q=0.1', 'br', 'gzip', 'br'],
    ['identity;q=0', null, null, null],
    ['identity;q=0, br;q=0', null, null, null],
    ['IDENTITY;Q=0, deflate', null, null, null],
    ['gzip;q=0.5, br;q=0.8', 'br', 'gzip', 'identity'],
    ['gzip;q=1, br;q=0.8', 'gzip', 'gzip', 'identity'],
    ['gzip;q=0.5, identity', 'identity', 'identity', 'identity'],
    ['gzip;q=0.001', 'gzip', 'gzip', 'identity'],
    ['gzip;q=2, br', 'br', 'identity', 'identity'],
    ['gzip;q=abc', 'identity', 'identity', 'identity'],
    ['gzip ; Q=0.5 , br;q=0.4', 'gzip', 'gzip', 'identity'],
    ['deflate, compress', 'identity', 'identity', 'identity'],
  ] as const)('%j: whole %s, derived %s, small %s', (header, whole, derived, small) => {
    const accepted = acceptedCodings(header);
    expect(chooseOffered(accepted, OFFERS.whole)).toBe(whole);
    expect(chooseOffered(accepted, OFFERS.derived)).toBe(derived);
    expect(chooseOffered(accepted, OFFERS.small)).toBe(small);
  });
});

describe('request targets', () => {
  const target = (url: string, headers: Record<string, string> = {}) =>
    parseTarget({ url, headers: new Headers(headers) } as Request);

  it('reads the path and query of an absolute URL, an origin-form one and a glued Host', () => {
    expect(target('http://h.example/a/b?x=1#f')).toEqual({
      ok: true,
      target: { path: '/a/b', search: '?x=1' },
    });
    expect(target('/a?x')).toEqual({ ok: true, target: { path: '/a', search: '?x' } });
    expect(target('http://h.example/api/x.json', { host: 'h.example/api' })).toMatchObject({
      ok: false,
      status: 400,
      path: '/x.json',
    });
    expect(target('http://h/a/../b/./c')).toEqual({ ok: true, target: { path: '/b/c', search: '' } });
  });

  it('refuses an unusable Host, a long target and too many parameters', () => {
    expect(target('http://a b/x')).toMatchObject({ ok: false, status: 400 });
    expect(target(`http://h/${'a'.repeat(9000)}`)).toMatchObject({ ok: false, status: 414 });
    expect(target(`http://h/x?${'a=1&'.repeat(70)}`)).toMatchObject({ ok: false, status: 400 });
  });

  it('reads every value of one parameter in one pass, decoded', () => {
    expect(queryValues('?limit=5&x=1&limit=%30%35&l%69mit=+7', 'limit')).toEqual(['5', '05', ' 7']);
    expect(queryValues('?limit', 'limit')).toEqual(['']);
  });
});

describe('body keys', () => {
  it('are the same whatever escapes the client chose, and never hide a file', () => {
    expect(bodyKey('/api/timeline/en/c%2B%2B.json')).toBe(bodyKey('/api/timeline/en/c++.json'));
    expect(bodyKey('/tags/a~b/')).toBe('/tags/a~7Eb/');
    expect(bodyKey('/.well-known/api-catalog')).toBe('/~2Ewell-known/api-catalog');
    expect(bodyKey('/bad/%E0%A4%A')).toBeNull();
  });

  it('are the same for a path as for the path with every character escaped', () => {
    const escapedWhole = (segment: string) =>
      [...new TextEncoder().encode(segment)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    const segment = fc.string({
      unit: fc.constantFrom(...'aZ09-_.!*\'()~ é:@+,;=$&?#[]"<>^`{|}\\'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(bodyKey(path)).toBe(bodyKey(`/${segments.map(escapedWhole).join('/')}`));
      }),
    );
  });

  it('the body cache answers a kept body without a promise and remembers a miss', async () => {
    let reads = 0;
    const cache = createBodyCache({
      read: async (key) => {
        reads++;
        return key === '/a' ? new Uint8Array([1, 2, 3]) : null;
      },
    });
    const first = await cache.get('/a');
    expect(first?.bytes).toEqual(new Uint8Array([1, 2, 3]));
    expect(cache.get('/a')).toBe(first);
    expect(await cache.get('/missing')).toBeNull();
    expect(cache.get('/missing')).toBeNull();
    expect(reads).toBe(2);
  });

  it('the body cache answers a key its source lacks at once, without reading it', () => {
    let reads = 0;
    const cache = createBodyCache({
      read: async () => {
        reads++;
        return null;
      },
      lacks: (key) => key !== '/a',
    });
    expect(cache.get('/missing')).toBeNull();
    expect(cache.answer('/missing')).toBeNull();
    expect(reads).toBe(0);
    expect(cache.get('/a')).toBeInstanceOf(Promise);
  });
});
