/**
 * Every API resource of a site, each made when asked for and not kept: the build writes each once,
 * and a large blog's lists would otherwise all stay in memory until the end.
 */

import {
  endpointsFor,
  expandTemplate,
  type Params,
  postIndexEndpoint,
  type SharedOperationId,
} from '../../core/endpoints.ts';
import type { ApiIndex, Post } from '../../core/schemas.ts';
import { compareText } from '../data/order.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { type Prerendered, prerenderJson } from '../prerender.ts';
import { buildApiIndex, type RateLimitPolicy } from './index-document.ts';
import {
  postsIn,
  seriesDetail,
  seriesListing,
  slideTimeline,
  tagsInUse,
  tagTimeline,
  toPost,
} from './records.ts';

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

const key = (lang: string | undefined, name = '') => `${lang}/${name}`;

export function createApiResources(data: SiteData, baseUrl: string, policy: RateLimitPolicy) {
  const { languages } = data.site;
  const endpoints = endpointsFor(languages);
  const langs = languages.map((lang) => ({ lang }));
  const seriesParams = data.series.map((series) => ({ lang: series.lang, slug: series.slug, series }));
  const tagParams = languages.flatMap((lang) => tagsInUse(data, lang).map((tag) => ({ lang, tag })));
  /** The concrete parameters of every resource: the maps below and the index's URLs both come from them. */
  const parameterSets: Record<SharedOperationId, Params[]> = {
    getApiIndex: [{}],
    listPosts: [{}],
    listSeries: langs,
    getSeries: seriesParams,
    getTimelineByTag: tagParams,
    getSlidesTimeline: langs,
  };

  const postIndex = (lang: Lang | null) =>
    listResource(function* () {
      for (const post of postsIn(data, lang)) yield toPost(post, baseUrl);
    });
  /** Every post index by operationId: all posts, then one per language. */
  const posts = new Map([
    ['listPosts', postIndex(null)],
    ...languages.map((lang) => [postIndexEndpoint(lang).operationId, postIndex(lang)] as const),
  ]);
  const seriesListings = new Map(
    langs.map(({ lang }) => [key(lang), resource(() => seriesListing(data, lang, baseUrl))]),
  );
  const seriesDetails = new Map(
    seriesParams.map(({ lang, slug, series }) => [
      key(lang, slug),
      resource(() => seriesDetail(data, series, baseUrl)),
    ]),
  );
  const timelines = new Map(
    tagParams.map(({ lang, tag }) => [key(lang, tag), resource(() => tagTimeline(data, tag, lang, baseUrl))]),
  );
  const slides = new Map(
    langs.map(({ lang }) => [key(lang), resource(() => slideTimeline(data, lang, baseUrl))]),
  );

  function urls(operationId: string): string[] {
    const template = endpoints.find((endpoint) => endpoint.operationId === operationId)?.pathTemplate ?? '';
    const params = parameterSets[operationId as SharedOperationId] ?? [{}];
    return params.map((params) => baseUrl + expandTemplate(template, params)).sort(compareText);
  }

  const index = resource<ApiIndex>(() => buildApiIndex(data, baseUrl, policy, urls));

  function find(operationId: string, params: Params): ApiResource | undefined {
    const document = (found: Resource<unknown> | undefined) =>
      found && { kind: 'document' as const, resource: found };
    const postIndexFound = posts.get(operationId);
    if (postIndexFound) return { kind: 'postIndex', resource: postIndexFound };
    switch (operationId) {
      case 'getApiIndex':
        return document(index);
      case 'listSeries':
        return document(seriesListings.get(key(params.lang)));
      case 'getSeries':
        return document(seriesDetails.get(key(params.lang, params.slug)));
      case 'getTimelineByTag':
        return document(timelines.get(key(params.lang, params.tag)));
      case 'getSlidesTimeline':
        return document(slides.get(key(params.lang)));
    }
  }

  return { find, urls, index, posts, seriesListings, seriesDetails, timelines, slides };
}

export type ApiResources = ReturnType<typeof createApiResources>;
