import { resolve } from 'node:path';
import { buildData } from '../../scripts/build.ts';
import type { SiteData } from '../../src/data/types.ts';
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
