import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, servedData } from './support/data.ts';
import { exchangeOf, type OpenApi, OpenApiDocument } from './support/openapi.ts';

const BASE = 'https://api.example';

let data: SiteData;
let handler: Handler;
let spec: OpenApi;
let document: OpenApiDocument;

beforeAll(async () => {
  data = await servedData();
  // A generous quota: this suite requests every API URL of the blog.
  handler = createHandler(await deployed(data, BASE), { rateLimit: { quota: 10_000 } });
  spec = await (await handler.fetch(new Request(`${BASE}/openapi.json`))).json();
  document = new OpenApiDocument(spec);
});

function validateAgainst(template: string, status: string, mediaType: string, body: unknown): void {
  const validate = document.validator(
    'paths',
    template,
    'get',
    'responses',
    status,
    'content',
    mediaType,
    'schema',
  );
  expect(validate(body), `${template} ${status}: ${document.ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('the OpenAPI description', () => {
  it('is valid OpenAPI 3.1 for a third-party validator', async () => {
    const result = await new Validator().validate(spec as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(spec.openapi).toBe('3.1.0');
  });

  it('declares the servers, the empty security requirement and the licence', () => {
    expect(spec.servers[0]!.url).toBe(BASE);
    expect(spec.security).toEqual([]);
    expect(spec.info.license.name).toBe('CC BY 4.0');
  });

  it('declares every operation with its errors under both problem media types, and valid examples', () => {
    for (const [template, { get }] of Object.entries(spec.paths)) {
      expect(get.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(get.security).toEqual([]);
      for (const status of ['404', '405', '410', '429', '500']) {
        expect(Object.keys(get.responses[status]?.content ?? {}).sort(), `${template} ${status}`).toEqual([
          'application/json',
          'application/problem+json',
        ]);
        validateAgainst(
          template,
          status,
          'application/problem+json',
          get.responses[status]!.content!['application/problem+json']!.example,
        );
      }
      validateAgainst(
        template,
        '200',
        'application/json',
        get.responses['200']!.content!['application/json']!.example,
      );
    }
  });
});

describe('what the OpenAPI description declares for each response', () => {
  const RATE_LIMIT = [
    'RateLimit-Policy',
    'RateLimit',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
  ];
  const CORS = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
  const DEPRECATION = ['Deprecation', 'Sunset', 'Link'];

  it('a 304 declares what it carries (section 6) and no content', () => {
    const expected = [
      'ETag',
      'Cache-Control',
      'Vary',
      'X-API-Version',
      ...RATE_LIMIT,
      ...CORS,
      ...DEPRECATION,
    ];
    for (const [template, { get }] of Object.entries(spec.paths)) {
      const notModified = get.responses['304']!;
      expect(Object.keys(notModified.headers ?? {}).sort(), template).toEqual(expected.sort());
      expect(notModified.content, template).toBeUndefined();
      for (const name of ['ETag', 'Cache-Control', 'X-API-Version', ...RATE_LIMIT, ...CORS]) {
        expect(document.header(notModified.headers![name]!)[1].required, `${template} ${name}`).toBe(true);
      }
    }
  });

  it('every response declares the CORS headers it carries', () => {
    for (const [template, { get }] of Object.entries(spec.paths)) {
      for (const [status, response] of Object.entries(get.responses)) {
        for (const name of CORS)
          expect(response.headers?.[name], `${template} ${status} ${name}`).toBeDefined();
      }
    }
  });

  it('a deprecated endpoint keeps the contract with its deprecation headers: 200, 304, HEAD and 400', async () => {
    const deprecated = createHandler(
      await deployed(
        {
          ...data,
          deprecations: [
            { operationId: 'listPostsInEnglish', since: '2026-01-01', sunset: '2027-01-01', link: null },
          ],
        },
        BASE,
      ),
    );
    const request = async (url: string, method = 'GET', headers: Record<string, string> = {}) =>
      exchangeOf(method, url, await deprecated.fetch(new Request(url, { method, headers })));
    const url = `${BASE}/api/v1/posts-en.json`;
    const ok = await request(url);
    const answers = [
      ok,
      await request(url, 'HEAD'),
      await request(url, 'GET', { 'if-none-match': ok.headers.get('etag')! }),
      await request(`${url}?limit=501`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 304, 400]);
    for (const answer of answers) expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(answers.flatMap((answer) => document.breaches(answer))).toEqual([]);
  });
});

describe('every real API response matches the schema OpenAPI declares for it', () => {
  const fetchJson = async (url: string, method = 'GET') => {
    const response = await handler.fetch(new Request(url, { method }));
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.json(),
    };
  };

  it('every URL of the API index', async () => {
    const index = (await fetchJson(`${BASE}/api/index.json`)).body as { endpoints: { urls: string[] }[] };
    const urls = index.endpoints.flatMap((endpoint) => endpoint.urls);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const { status, body } = await fetchJson(url);
      expect(status, url).toBe(200);
      const [template] = document.operationFor(new URL(url).pathname);
      validateAgainst(template, '200', 'application/json', body);
    }
  });

  it('400, 404, 405 and 410 errors', async () => {
    const gone = data.gone.find((path) => path.startsWith('/api/'))!;
    const cases: [string, string, string][] = [
      [`${BASE}/api/posts.json?limit=0`, 'GET', '400'],
      [`${BASE}/api/series/fr/index.json`, 'GET', '404'],
      [`${BASE}/api/series/en/no-such-series.json`, 'GET', '404'],
      [`${BASE}/api/posts-en.json`, 'DELETE', '405'],
      [BASE + gone, 'GET', '410'],
    ];
    for (const [url, method, status] of cases) {
      const response = await fetchJson(url, method);
      expect(String(response.status), url).toBe(status);
      expect(response.type).toContain('application/problem+json');
      const [template] = document.operationFor(new URL(url).pathname);
      validateAgainst(template, status, 'application/problem+json', response.body);
      validateAgainst(template, status, 'application/json', response.body);
    }
  });
});
