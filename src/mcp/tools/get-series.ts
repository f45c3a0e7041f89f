/** get_series: one series' chapters in reading order (the REST API's series detail). */
import { languageName } from '../../core/languages.ts';
import { SeriesDetailSchema } from '../../core/schemas.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, bodyValue, errorResult, seriesListingPath, toolModule } from '../tool-kit.ts';

export const getSeries = toolModule({
  name: 'get_series',
  title: 'Get a series',
  description:
    'Get the chapters of one series in reading order (position 1 first), each with its date, tags and ' +
    'absolute url. Use it to read a series from the start or to find the chapter before or after a post. ' +
    'Series slugs are the same in every language; list_series gives the valid ones.',
  input: (args) => args.SeriesArguments,
  output: SeriesDetailSchema,
  behaviour:
    ({ manifest, read }) =>
    ({ slug, lang }) =>
      after(read(`/api/series/${lang}/${slug}.json`), (body) => {
        if (body) return bodyResult(body);
        return after(read(seriesListingPath(lang)), (listing) => {
          const slugs = listing
            ? bodyValue<{ series: { slug: string }[] }>(listing).series.map((s) => s.slug)
            : [];
          return errorResult(
            `No series "${slug}" in ${languageName(lang)}. Call list_series with lang "${lang}" for the valid ` +
              `slugs (${slugs.join(', ') || 'none yet'}); they are also listed at ${manifest.baseUrl}${seriesListingPath(lang)}.`,
          );
        });
      }),
});
