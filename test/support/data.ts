import { resolve } from 'node:path';
import type { SiteData } from '../../src/build/data/types.ts';
import { emitIntoMemory, type MemoryDeployment } from '../../src/build/dev/memory-deployment.ts';
import { buildData } from '../../src/build/index.ts';
import type { RatePolicy } from '../../src/core/deployment.ts';
import { BUILD_TIME, FIXTURES, SERVED_FIXTURE } from './fixtures.ts';

export { BUILD_TIME, FIXTURES };

export function fixtureData(name: string, now = BUILD_TIME): Promise<SiteData> {
  return buildData(resolve(FIXTURES, name), now);
}

/** The blog the suites' servers serve, in-process. */
export function servedData(): Promise<SiteData> {
  return fixtureData(SERVED_FIXTURE);
}

/** The deployment the build would write for `data`, kept in memory: the same bodies, read back by key. */
export function deployed(
  data: SiteData,
  baseUrl: string,
  policy: RatePolicy = { quota: 300, windowSeconds: 60 },
): Promise<MemoryDeployment> {
  return emitIntoMemory(data, { baseUrl, policy });
}

/** What a search without filters or a cursor adds to its words, language and limit. */
export const UNFILTERED = { offset: 0, tag: null, series: null } as const;
