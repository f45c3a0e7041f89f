/** get_api_index: the REST API's index document. */
import { ApiIndexSchema } from '../../core/schemas.ts';
import { NoArgumentsSchema } from '../schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const getApiIndexSpec = toolSpec({
  name: 'get_api_index',
  title: 'Get the API index',
  description:
    "Get the index of the blog's read-only REST API: version and versioning policy, rate limit, licence, " +
    'links to the OpenAPI description and the discovery documents, and every endpoint with its concrete ' +
    'URLs (so every series slug and tag in use). Use it to call the HTTP API directly or to list valid ' +
    'slugs and tags.',
  input: () => NoArgumentsSchema,
  output: ApiIndexSchema,
});
