/** list_series: the series of one language, newest activity first (the REST API's listing). */
import { languageName } from '../../core/languages.ts';
import { SeriesListingSchema } from '../../core/schemas.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, errorResult, seriesListingPath, toolModule } from '../tool-kit.ts';

export const listSeries = toolModule({
  name: 'list_series',
  title: 'List series',
  description:
    'List the multi-part series of one language, newest activity first: slug, title, description, ' +
    'number of chapters and date of the latest one. Use it to see which series exist and to get the slug ' +
    'that get_series needs.',
  input: (args) => args.LangArguments,
  output: SeriesListingSchema,
  behaviour:
    ({ read }) =>
    ({ lang }) =>
      after(read(seriesListingPath(lang)), (body) =>
        body ? bodyResult(body) : errorResult(`No series in ${languageName(lang)}.`),
      ),
});
