/**
 * Every API resource of a site, each made when asked for and not kept: the build writes each once,
 * and a large blog's lists would otherwise all stay in memory until the end.
 */

import { expandTemplate, type Params } from '../../core/endpoints.ts';
import { postIndexOperationId } from '../../core/languages.ts';
import type { ApiIndex, Post } from '../../core/schemas.ts';
import { compareText } from '../data/order.ts';
import type { SiteData } from '../data/types.ts';
import { type Prerendered, prerenderJson } from '../prerender.ts';
import { type ApiEndpoint, apiEndpoints } from './catalogue.ts';
import { buildApiIndex, type RateLimitPolicy } from './index-document.ts';
import { postsIn, toPost } from './records.ts';

export interface Resource<T> {
  value: () => T;
  body: () => Prerendered;
}

export interface ListResource<T> {
  value: () => T[];
  /** The items made one at a time, for a body serialized as they come (SerializedList). */
  items: () => Iterable<T>;
}

function resource<T>(make: () => T): Resource<T> {
  return { value: make, body: () => prerenderJson(make()) };
}

function listResource<T>(make: () => Iterable<T>): ListResource<T> {
  return { value: () => [...make()], items: make };
}

export type ApiResource =
  | { kind: 'document'; resource: Resource<unknown> }
  | { kind: 'postIndex'; resource: ListResource<Post> };

/** A body of a document endpoint, at its template filled with its parameters. */
export interface ApiDocument {
  path: string;
  resource: Resource<unknown>;
}

/**
 * The resources of a site's API, for the endpoints of `endpoints` (the project's catalogue unless
 * a caller's): every path is its endpoint's template filled with the parameters of a body.
 */
export function createApiResources(
  data: SiteData,
  baseUrl: string,
  policy: RateLimitPolicy,
  endpoints: readonly ApiEndpoint[] = apiEndpoints(data.site.languages),
) {
  const byId = new Map(endpoints.map((endpoint) => [endpoint.operationId, endpoint]));
  const pathOf = (endpoint: ApiEndpoint, params: Params) => expandTemplate(endpoint.pathTemplate, params);
  /** The parameters of every body of an endpoint: the API index's URLs and the written paths both come from them. */
  const paramsOf = (endpoint: ApiEndpoint): Params[] =>
    endpoint.records ? [...endpoint.records(data, baseUrl)].map((made) => made.params) : [{}];

  /** Every post index by operationId: all posts, then one per language. */
  const posts = new Map(
    endpoints
      .filter((endpoint) => endpoint.isPostIndex)
      .map((endpoint) => {
        const lang =
          data.site.languages.find((code) => endpoint.operationId === postIndexOperationId(code)) ?? null;
        return [
          endpoint.operationId,
          listResource(function* () {
            for (const post of postsIn(data, lang)) yield toPost(post, baseUrl);
          }),
        ] as const;
      }),
  );

  function urls(operationId: string): string[] {
    const endpoint = byId.get(operationId);
    if (!endpoint) return [];
    return paramsOf(endpoint)
      .map((params) => baseUrl + pathOf(endpoint, params))
      .sort(compareText);
  }

  const index = resource<ApiIndex>(() => buildApiIndex(data, baseUrl, policy, endpoints, urls));

  /** Every body of the document endpoints, in catalogue order, each made when it is reached. */
  function* documents(): Generator<ApiDocument> {
    for (const endpoint of endpoints)
      for (const made of endpoint.records?.(data, baseUrl) ?? [])
        yield { path: pathOf(endpoint, made.params), resource: resource(made.record) };
  }

  /** The path of a post index. */
  const listPath = (operationId: string) => pathOf(byId.get(operationId) as ApiEndpoint, {});

  function find(operationId: string, params: Params): ApiResource | undefined {
    const postIndexFound = posts.get(operationId);
    if (postIndexFound) return { kind: 'postIndex', resource: postIndexFound };
    if (operationId === 'getApiIndex') return { kind: 'document', resource: index };
    const endpoint = byId.get(operationId);
    if (!endpoint?.records) return undefined;
    const path = pathOf(endpoint, params);
    for (const made of endpoint.records(data, baseUrl))
      if (pathOf(endpoint, made.params) === path)
        return { kind: 'document', resource: resource(made.record) };
    return undefined;
  }

  return { endpoints, find, urls, index, posts, listPath, documents };
}
export type ApiResources = ReturnType<typeof createApiResources>;
