import * as v from 'valibot';
import { LANGS, TAG_TIERS } from '../data/types.ts';
import { toIsoDate } from './dates.ts';

/** Slugs of posts, series, decks and tags. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

const text = v.pipe(v.string('expected a string'), v.trim(), v.minLength(1, 'expected a non-empty string'));
const slug = v.pipe(
  v.string('expected a string'),
  v.regex(SLUG_PATTERN, 'expected a slug matching ^[a-z0-9-]+$'),
);
const sitePath = v.pipe(
  v.string('expected a string'),
  v.startsWith('/', 'expected a site-relative path starting with /'),
);
const absoluteUrl = v.pipe(v.string('expected a string'), v.url('expected an absolute URL'));

const isoDate = v.pipe(
  v.union([v.string(), v.date()], 'expected a date (YYYY-MM-DD or ISO 8601 date-time)'),
  v.transform((value) => (value instanceof Date ? value.toISOString() : toIsoDate(value))),
  v.string('expected a date (YYYY-MM-DD or ISO 8601 date-time)'),
);

const draft = v.optional(v.boolean('expected true or false'), false);
const optionalHero = v.optional(sitePath);

export const siteSchema = v.strictObject({
  name: text,
  description: text,
  baseUrl: v.pipe(
    absoluteUrl,
    v.transform((url) => url.replace(/\/+$/, '')),
  ),
  author: v.strictObject({ name: text, url: v.optional(absoluteUrl) }),
  license: text,
  languages: v.pipe(
    v.array(v.picklist(LANGS, 'expected en or es')),
    v.check((langs) => LANGS.every((lang) => langs.includes(lang)), 'expected both languages: [en, es]'),
  ),
  deprecations: v.optional(
    v.array(
      v.strictObject({
        operationId: text,
        since: isoDate,
        sunset: isoDate,
        link: v.optional(absoluteUrl),
      }),
    ),
    [],
  ),
});

export const tagsSchema = v.record(
  slug,
  v.strictObject({
    tier: v.picklist(TAG_TIERS, 'expected primary, secondary or subtopic'),
    description_en: text,
    description_es: text,
  }),
);

export const seriesSchema = v.strictObject({
  title: text,
  description: text,
  order: v.pipe(v.number('expected an integer'), v.integer('expected an integer')),
  heroImage: optionalHero,
});

export const postSchema = v.pipe(
  v.strictObject({
    title: text,
    description: text,
    pubDate: isoDate,
    updatedDate: v.optional(isoDate),
    tags: v.array(slug, 'expected a list of tags'),
    heroImage: optionalHero,
    series: v.optional(slug),
    seriesOrder: v.optional(
      v.pipe(
        v.number('expected a positive integer'),
        v.integer('expected a positive integer'),
        v.minValue(1),
      ),
    ),
    draft,
  }),
  v.forward(
    v.check(
      (post) => post.seriesOrder === undefined || post.series !== undefined,
      'seriesOrder needs series',
    ),
    ['seriesOrder'],
  ),
);

const deckFields = {
  title: text,
  description: text,
  pubDate: isoDate,
  provider: v.optional(text),
  eventName: v.optional(text),
  eventDate: v.optional(isoDate),
  heroImage: optionalHero,
  draft,
};

export const deckSchema = v.variant(
  'type',
  [
    v.strictObject({ ...deckFields, type: v.literal('native') }),
    v.strictObject({ ...deckFields, type: v.literal('external'), externalUrl: absoluteUrl }),
  ],
  'expected type: native or external',
);

export const goneSchema = v.strictObject({
  paths: v.array(sitePath, 'expected a list of paths'),
});

export type SiteConfig = v.InferOutput<typeof siteSchema>;
export type PostFrontMatter = v.InferOutput<typeof postSchema>;
export type DeckFrontMatter = v.InferOutput<typeof deckSchema>;
