import { after } from '../../runtime/after.ts';
import { bodyResult, errorResult, toolModule } from '../tool-kit.ts';
import { getApiIndexSpec } from '../tool-specs/get-api-index.ts';

export const getApiIndex = toolModule(
  getApiIndexSpec,
  ({ read }) =>
    () =>
      after(read('/api/index.json'), (body) =>
        body ? bodyResult(body) : errorResult('The API index is missing from this deployment.'),
      ),
);
