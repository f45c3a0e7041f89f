/** get_series: one series' chapters in reading order (the REST API's series detail). */
import { languageName } from '../../core/languages.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, bodyValue, errorResult, seriesListingPath, toolModule } from '../tool-kit.ts';
import { getSeriesSpec } from '../tool-specs/get-series.ts';

export const getSeries = toolModule(
  getSeriesSpec,
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
);
