/**
 * The edge platforms: the manifest is bundled with the function (esbuild resolves `folio:manifest`
 * to the build's manifest), the bodies stay static files of the deployment that the function reads
 * through the platform.
 */
import manifest from 'folio:manifest';
import { BODIES_PREFIX, type Manifest } from '../core/deployment.ts';
import type { BodySource } from '../http/body-cache.ts';

export const bundledManifest = manifest as Manifest;

/** Bodies fetched from the site's own static files under BODIES_PREFIX (Netlify, Vercel). */
export function siteFilesSource(origin: () => string): BodySource {
  return fetchedSource((key) => fetch(`${origin()}${BODIES_PREFIX}${key}`));
}

/** A body source over any fetch: 200 is the body, 404 is none, anything else is a failure. */
export function fetchedSource(get: (key: string) => Promise<Response>): BodySource {
  return {
    async read(key) {
      const response = await get(key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`folio: reading ${key} answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
