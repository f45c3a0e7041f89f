import { resolve } from 'node:path';
import { buildData } from '../../scripts/build.ts';
import { emitIntoMemory, type MemoryDeployment } from '../../scripts/memory-deployment.ts';
import type { SiteData } from '../../src/build/data/types.ts';
import type { RatePolicy } from '../../src/core/deployment.ts';
import { ROOT } from './server.ts';

export const FIXTURES = resolve(ROOT, 'test/fixtures');
/** A fixed build time, so fixtures with future dates stay unpublished whatever today is. */
export const BUILD_TIME = new Date('2026-01-01T00:00:00Z');

export function fixtureData(name: string, now = BUILD_TIME): Promise<SiteData> {
  return buildData(resolve(FIXTURES, name), now);
}

export function sampleData(): Promise<SiteData> {
  return buildData(resolve(ROOT, 'content'), new Date());
}

/** The deployment the build would write for `data`, kept in memory: the same bodies, read back by key. */
export function deployed(
  data: SiteData,
  baseUrl: string,
  policy: RatePolicy = { quota: 300, windowSeconds: 60 },
): Promise<MemoryDeployment> {
  return emitIntoMemory(data, { baseUrl, policy });
}
