/**
 * The endpoints of the catalogue (src/core/endpoints.ts) with what the build makes for each: a
 * document endpoint's record builder gives every body it has, with the path parameters it is at,
 * and its path is always its template filled with them. A new document endpoint is a schema, a
 * catalogue entry and a builder here (the Record type refuses a catalogue entry without one).
 */
import {
  type EndpointSpec,
  endpointsFor,
  type Params,
  type SharedOperationId,
} from '../../core/endpoints.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { seriesDetail, seriesListing, slideTimeline, tagsInUse, tagTimeline } from './records.ts';

/** One body of a document endpoint: the parameters its path is filled with, and its record, made when asked for. */
export interface EndpointRecord {
  params: Params;
  record: () => unknown;
}

/** Every body of a document endpoint in a site, in the order they are written. */
export type RecordBuilder = (data: SiteData, baseUrl: string) => Iterable<EndpointRecord>;

/** A catalogue entry as the build reads it: a post index (a list), the API index, or a document with its records. */
export interface ApiEndpoint extends EndpointSpec {
  records?: RecordBuilder;
}

function* perLanguage(data: SiteData, record: (lang: Lang) => unknown): Iterable<EndpointRecord> {
  for (const lang of data.site.languages) yield { params: { lang }, record: () => record(lang) };
}

/** The record builder of each document endpoint; the API index and the post indexes are made apart. */
const RECORDS: Record<Exclude<SharedOperationId, 'getApiIndex' | 'listPosts'>, RecordBuilder> = {
  listSeries: (data, baseUrl) => perLanguage(data, (lang) => seriesListing(data, lang, baseUrl)),
  *getSeries(data, baseUrl) {
    for (const series of data.series)
      yield {
        params: { lang: series.lang, slug: series.slug },
        record: () => seriesDetail(data, series, baseUrl),
      };
  },
  *getTimelineByTag(data, baseUrl) {
    for (const lang of data.site.languages)
      for (const tag of tagsInUse(data, lang))
        yield { params: { lang, tag }, record: () => tagTimeline(data, tag, lang, baseUrl) };
  },
  getSlidesTimeline: (data, baseUrl) => perLanguage(data, (lang) => slideTimeline(data, lang, baseUrl)),
};

/** The catalogue of a site in these languages, each document endpoint with its record builder. */
export function apiEndpoints(languages: readonly Lang[]): ApiEndpoint[] {
  return endpointsFor(languages).map((endpoint) =>
    Object.hasOwn(RECORDS, endpoint.operationId)
      ? { ...endpoint, records: RECORDS[endpoint.operationId as keyof typeof RECORDS] }
      : endpoint,
  );
}
