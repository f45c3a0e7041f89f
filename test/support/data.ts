import { resolve } from 'node:path';
import { buildData } from '../../scripts/build.ts';
import type { SiteData } from '../../src/build/data/types.ts';
import { emitDeployment } from '../../src/build/emit.ts';
import type { RatePolicy } from '../../src/core/deployment.ts';
import type { Deployment } from '../../src/handler.ts';
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
export async function deployed(
  data: SiteData,
  baseUrl: string,
  policy: RatePolicy = { quota: 300, windowSeconds: 60 },
): Promise<Deployment & { bodies: Map<string, Uint8Array> }> {
  const bodies = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  const manifest = await emitDeployment(data, { baseUrl, policy }, (key, body) => {
    bodies.set(key, typeof body === 'string' ? encoder.encode(body) : body);
  });
  return { manifest, bodies, source: { read: async (key) => bodies.get(key) ?? null } };
}
