/** get_series: one series' chapters in reading order (the REST API's series detail). */
import { SeriesDetailSchema } from '../../core/schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const getSeriesSpec = toolSpec({
  name: 'get_series',
  title: 'Get a series',
  description:
    'Get the chapters of one series in reading order (position 1 first), each with its date, tags and ' +
    'absolute url. Use it to read a series from the start or to find the chapter before or after a post. ' +
    'Series slugs are the same in every language; list_series gives the valid ones.',
  input: (args) => args.SeriesArguments,
  output: SeriesDetailSchema,
});
