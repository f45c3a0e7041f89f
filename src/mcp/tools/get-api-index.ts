/** get_api_index: the REST API's index document. */
import { ApiIndexSchema } from '../../core/schemas.ts';
import { after } from '../../runtime/after.ts';
import { NoArgumentsSchema } from '../schemas.ts';
import { bodyResult, errorResult, toolModule } from '../tool-kit.ts';

export const getApiIndex = toolModule({
  name: 'get_api_index',
  title: 'Get the API index',
  description:
    "Get the index of the blog's read-only REST API: version and versioning policy, rate limit, licence, " +
    'links to the OpenAPI description and the discovery documents, and every endpoint with its concrete ' +
    'URLs (so every series slug and tag in use). Use it to call the HTTP API directly or to list valid ' +
    'slugs and tags.',
  input: () => NoArgumentsSchema,
  output: ApiIndexSchema,
  behaviour:
    ({ read }) =>
    () =>
      after(read('/api/index.json'), (body) =>
        body ? bodyResult(body) : errorResult('The API index is missing from this deployment.'),
      ),
});
