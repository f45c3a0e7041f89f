/** list_series: the series of one language, newest activity first (the REST API's listing). */
import { languageName } from '../../core/languages.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, errorResult, seriesListingPath, toolModule } from '../tool-kit.ts';
import { listSeriesSpec } from '../tool-specs/list-series.ts';

export const listSeries = toolModule(
  listSeriesSpec,
  ({ read }) =>
    ({ lang }) =>
      after(read(seriesListingPath(lang)), (body) =>
        body ? bodyResult(body) : errorResult(`No series in ${languageName(lang)}.`),
      ),
);
