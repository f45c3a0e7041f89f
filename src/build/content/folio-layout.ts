/** Folio's own layout: `tags.yaml` (one taxonomy file) and `series/<lang>/<slug>.md`, one file per language. */
import * as v from 'valibot';
import type { TagInfo } from '../data/types.ts';
import { inSiteLanguages } from './entries.ts';
import type { LayoutReader, SeriesText } from './layout.ts';
import {
  description,
  imageReference,
  SLUG_EXPECTED,
  SLUG_PATTERN,
  slug,
  tier,
  title,
  wholeNumber,
} from './schema.ts';

const SERIES_FILE = /^series\/([^/]+)\/([^/]+)\.mdx?$/;

const seriesSchema = v.object({
  title,
  description,
  order: wholeNumber,
  heroImage: v.optional(imageReference),
});

function tagsSchema(languages: readonly string[]) {
  const descriptions = languages.map((lang) => `description_${lang}`);
  return v.record(
    slug,
    v.strictObject(
      { tier, ...Object.fromEntries(descriptions.map((field) => [field, description])) },
      `a mapping with tier and ${descriptions.join(', ')}`,
    ),
    'a mapping from each tag to its tier and descriptions',
  );
}

export const folioLayout: LayoutReader = {
  seriesPath: (lang, slug) => `series/${lang}/${slug}`,

  series(reader, languages) {
    const files = reader.paths.flatMap((file) => {
      const [, lang = '', name = ''] = SERIES_FILE.exec(file) ?? [];
      return lang ? [{ file, lang, name }] : [];
    });
    return inSiteLanguages(reader, files, languages).flatMap(({ file, lang, name }): SeriesText[] => {
      if (!SLUG_PATTERN.test(name)) {
        reader.problem(file, '(file name)', `${SLUG_EXPECTED}, then .md`, JSON.stringify(name));
        return [];
      }
      const entry = reader.entry(file, seriesSchema);
      if (!entry) return [];
      const { data, body } = entry;
      return [{ file, slug: name, lang, ...data, heroImage: data.heroImage ?? null, body }];
    });
  },

  tags(reader, languages) {
    if (!reader.has('tags.yaml')) {
      reader.problem(
        'tags.yaml',
        '(file)',
        'the tag taxonomy (each tag: { tier, description_<language> })',
        'no such file',
      );
      return [];
    }
    const taxonomy = reader.yaml('tags.yaml', tagsSchema(languages)) ?? {};
    return Object.entries(taxonomy).map(([name, tag]): TagInfo<string> => {
      // The schema requires a description_<language> text for each language.
      const fields: Record<string, unknown> = tag;
      const description = languages.map((lang) => [lang, fields[`description_${lang}`] as string]);
      return { name, tier: tag.tier, description: Object.fromEntries(description) };
    });
  },
};
