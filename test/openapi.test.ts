import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/data/types.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { deployed, sampleData } from './support/data.ts';

const BASE = 'https://api.example';
const SCHEMA_ID = 'https://api.example/openapi.json';

interface Operation {
  operationId: string;
  security: unknown[];
  parameters: unknown[];
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
}
interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  info: { license: { name: string } };
  paths: Record<string, { get: Operation }>;
}

let data: SiteData;
let handler: Handler;
let spec: OpenApi;
let ajv: Ajv2020;

beforeAll(async () => {
  data = await sampleData();
  // A generous quota: this suite requests every API URL of the sample blog.
  handler = createHandler(await deployed(data, BASE), { rateLimit: { quota: 10_000 } });
  spec = await (await handler.fetch(new Request(`${BASE}/openapi.json`))).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...spec, $id: SCHEMA_ID });
});

/** The operation whose path template matches a concrete API path. */
function operationFor(pathname: string): [string, Operation] {
  const found = Object.entries(spec.paths).find(([template]) =>
    new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname),
  );
  if (!found) throw new Error(`No OpenAPI path for ${pathname}`);
  return [found[0], found[1].get];
}

const pointer = (...parts: string[]) =>
  `${SCHEMA_ID}#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

function validateAgainst(template: string, status: string, mediaType: string, body: unknown): void {
  const validate = ajv.getSchema(
    pointer('paths', template, 'get', 'responses', status, 'content', mediaType, 'schema'),
  );
  if (!validate) throw new Error(`OpenAPI declares no ${mediaType} schema for ${status} on ${template}`);
  expect(validate(body), `${template} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
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
      const [template] = operationFor(new URL(url).pathname);
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
      const [template] = operationFor(new URL(url).pathname);
      validateAgainst(template, status, 'application/problem+json', response.body);
      validateAgainst(template, status, 'application/json', response.body);
    }
  });
});
