/** list_series: the series of one language, newest activity first (the REST API's listing). */
import { SeriesListingSchema } from '../../core/schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const listSeriesSpec = toolSpec({
  name: 'list_series',
  title: 'List series',
  description:
    'List the multi-part series of one language, newest activity first: slug, title, description, ' +
    'number of chapters and date of the latest one. Use it to see which series exist and to get the slug ' +
    'that get_series needs.',
  input: (args) => args.LangArguments,
  output: SeriesListingSchema,
});
