/**
 * A REST endpoint is a schema, a catalogue entry and a record builder, and nothing else: one added
 * here, in the test, and nowhere in the project, is written at the paths its template gives, listed
 * with its URLs in the API index, described in OpenAPI and the developer portal, and served under
 * both API prefixes with the API's headers, its unknown parameters answered 404.
 */
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiEndpoint, apiEndpoints } from '../src/build/api/catalogue.ts';
import { postsTagged, tagsInUse } from '../src/build/api/records.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { emitIntoMemory } from '../src/build/dev/memory-deployment.ts';
import { bodyKey } from '../src/core/deployment.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { fixtureData } from './support/data.ts';

const BASE = 'https://added.example';

/** The schema. */
const TagCountsSchema = v.object({
  lang: v.string(),
  tags: v.array(v.object({ tag: v.string(), posts: v.number() })),
});

/** The catalogue entry, with its record builder. */
const TAG_COUNTS: ApiEndpoint = {
  operationId: 'getTagCounts',
  summary: 'Tag counts',
  description: 'How many posts of the language carry each of its tags.',
  pathTemplate: '/api/tag-counts/{lang}.json',
  pathParams: ['lang'],
  isPostIndex: false,
  schema: TagCountsSchema,
  *records(data: SiteData) {
    for (const lang of data.site.languages)
      yield {
        params: { lang },
        record: () => ({
          lang,
          tags: tagsInUse(data, lang).map((tag) => ({ tag, posts: postsTagged(data, lang, tag).length })),
        }),
      };
  },
};

let data: SiteData;
let bodies: ReadonlyMap<string, Uint8Array>;
let handler: Handler;

beforeAll(async () => {
  data = await fixtureData('mini');
  const deployment = await emitIntoMemory(data, {
    baseUrl: BASE,
    policy: { quota: 300, windowSeconds: 60 },
    endpoints: [...apiEndpoints(data.site.languages), TAG_COUNTS],
  });
  bodies = deployment.bodies;
  handler = createHandler(deployment);
});

const get = (path: string) => handler.fetch(new Request(BASE + path), { clientAddress: '192.0.2.7' });
const expected = (lang: string) => ({
  lang,
  tags: tagsInUse(data, lang).map((tag) => ({ tag, posts: postsTagged(data, lang, tag).length })),
});

describe('a REST endpoint added as a schema, a catalogue entry and a record builder', () => {
  it('is served at each path its template gives, under both prefixes, with the API headers', async () => {
    for (const lang of data.site.languages)
      for (const prefix of ['/api/', '/api/v1/']) {
        const response = await get(`${prefix}tag-counts/${lang}.json`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(response.headers.get('x-api-version')).not.toBeNull();
        expect(response.headers.get('ratelimit-policy')).not.toBeNull();
        expect(response.headers.get('etag')).toMatch(/^"/);
        expect(await response.json()).toEqual(expected(lang));
      }
  });

  it('answers a language it has no body for with the API’s 404', async () => {
    const response = await get('/api/tag-counts/xx.json');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  });

  it('is listed in the API index with the URL of every body', async () => {
    const index = (await (await get('/api/index.json')).json()) as {
      endpoints: { operationId: string; urls: string[] }[];
    };
    const listed = index.endpoints.find((endpoint) => endpoint.operationId === 'getTagCounts');
    expect(listed?.urls).toEqual(
      data.site.languages.map((lang) => `${BASE}/api/tag-counts/${lang}.json`).sort(),
    );
    for (const url of listed?.urls ?? [])
      expect(bodies.has(bodyKey(url.slice(BASE.length)) as string)).toBe(true);
  });

  it('is described in OpenAPI, its schema a component, its example the record served, cut short', async () => {
    const openapi = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, { get: Record<string, unknown> }>;
      components: { schemas: Record<string, unknown> };
    };
    const operation = openapi.paths['/api/tag-counts/{lang}.json']?.get as {
      operationId: string;
      responses: Record<string, { content?: Record<string, { schema: unknown; example: unknown }> }>;
    };
    expect(operation.operationId).toBe('getTagCounts');
    const ok = operation.responses['200']?.content?.['application/json'];
    expect(ok?.schema).toEqual({ $ref: '#/components/schemas/GetTagCounts' });
    // The example is the first body's record, its lists cut short.
    const example = ok?.example as { lang: string; tags: unknown[] };
    const record = expected(data.site.languages[0]!);
    expect(example.lang).toBe(record.lang);
    expect(example.tags.length).toBeGreaterThan(0);
    expect(record.tags.slice(0, example.tags.length)).toEqual(example.tags);
    expect(openapi.components.schemas.GetTagCounts).toMatchObject({ type: 'object' });
  });

  it('is in the developer portal’s table of endpoints, with its description', async () => {
    const portal = await (await get('/developers')).text();
    expect(portal).toContain('GET /api/tag-counts/{lang}.json');
    expect(portal).toContain(TAG_COUNTS.description);
  });
});
