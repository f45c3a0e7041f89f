/**
 * Astro's content-collections layout (`<site>/src/content`): `series/<slug>.md` shared by every
 * language, with per-language overrides such as `titleEs`, and `tags/<tag>.md`, one file per tag.
 */
import * as v from 'valibot';
import type { TagInfo } from '../data/types.ts';
import type { ContentReader } from './entry-reader.ts';
import { overrideField } from './languages.ts';
import type { LayoutReader, SeriesText } from './layout.ts';
import {
  description,
  imageReference,
  overrides,
  SLUG_EXPECTED,
  SLUG_PATTERN,
  slug,
  tier,
  title,
  wholeNumber,
} from './schema.ts';

const SERIES_FILE = /^series\/([^/]+)\.mdx?$/;
const TAG_FILE = /^tags\/([^/]+)\.mdx?$/;

function seriesSchema(languages: readonly string[]) {
  const translatable = { title, description, name: title, heroImage: imageReference };
  return v.object({
    title,
    description,
    order: wholeNumber,
    name: v.optional(title),
    heroImage: v.optional(imageReference),
    ...overrides(languages, translatable),
  });
}

function tagSchema(languages: readonly string[]) {
  return v.object({
    name: v.optional(title),
    description: v.optional(description),
    tier: v.optional(tier, 'primary'),
    parent: v.optional(slug),
    order: v.optional(wholeNumber),
    ...overrides(languages, { name: title, description }),
  });
}

/** A field in one language: its override (`titleEs`) when present, else the shared value. */
function inLanguage<D extends Record<string, unknown>, K extends keyof D & string>(
  data: D,
  field: K,
  lang: string,
): D[K] {
  return (data[overrideField(field, lang)] ?? data[field]) as D[K];
}

/** The Markdown files of a folder, with their names checked as slugs. */
function namedFiles(reader: ContentReader, pattern: RegExp): { file: string; name: string }[] {
  return reader.paths.flatMap((file) => {
    const name = pattern.exec(file)?.[1];
    if (name === undefined) return [];
    if (SLUG_PATTERN.test(name)) return [{ file, name }];
    reader.problem(file, '(file name)', `${SLUG_EXPECTED}, then .md`, JSON.stringify(name));
    return [];
  });
}

export const astroLayout: LayoutReader = {
  seriesPath: (_lang, slug) => `series/${slug}`,

  series(reader, languages) {
    const schema = seriesSchema(languages);
    return namedFiles(reader, SERIES_FILE).flatMap(({ file, name }) => {
      const entry = reader.entry(file, schema);
      if (!entry) return [];
      const { data, body } = entry;
      return languages.map(
        (lang): SeriesText => ({
          file,
          slug: name,
          lang,
          title: inLanguage(data, 'title', lang),
          description: inLanguage(data, 'description', lang),
          order: data.order,
          heroImage: inLanguage(data, 'heroImage', lang) ?? null,
          body,
        }),
      );
    });
  },

  tags(reader, languages) {
    const schema = tagSchema(languages);
    const tags = namedFiles(reader, TAG_FILE).flatMap(({ file, name }) => {
      const data = reader.entry(file, schema)?.data;
      return data ? [{ file, name, data }] : [];
    });
    const names = new Set(tags.map((tag) => tag.name));
    for (const { file, data } of tags) {
      if (data.parent !== undefined && !names.has(data.parent)) {
        reader.problem(
          file,
          'parent',
          'the name of another tag, with its file tags/<name>.md',
          JSON.stringify(data.parent),
        );
      }
    }
    return tags.map(
      ({ name, data }): TagInfo<string> => ({
        name,
        tier: data.tier,
        description: Object.fromEntries(
          languages.flatMap((lang) => {
            const text = inLanguage(data, 'description', lang);
            return text === undefined ? [] : [[lang, text]];
          }),
        ),
      }),
    );
  },
};
