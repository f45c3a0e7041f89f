/**
 * The edge platforms: the manifest is bundled with the function (esbuild resolves `folio:manifest`
 * to the build's manifest), the bodies stay static files of the deployment that the function reads
 * through the platform.
 */
import manifest from 'folio:manifest';
import { BODIES_PREFIX, type Manifest } from '../core/deployment.ts';
import type { BodySource } from '../runtime/body-source.ts';

export const bundledManifest = manifest as Manifest;

/** Bodies fetched from the site's own static files under BODIES_PREFIX (Netlify, Vercel). */
export function siteFilesSource(origin: () => string): BodySource {
  return fetchedSource((key) => fetch(`${origin()}${BODIES_PREFIX}${key}`));
}

/** A body source over any fetch: 200 is the body, 404 is none, anything else is a failure. */
export function fetchedSource(get: (key: string) => Promise<Response>): BodySource {
  async function found(key: string): Promise<Response | null> {
    const response = await get(key);
    if (response.ok) return response;
    await response.body?.cancel();
    if (response.status === 404) return null;
    throw new Error(`folio: reading ${key} answered ${response.status}`);
  }
  return {
    read: async (key) => {
      const response = await found(key);
      return response && new Uint8Array(await response.arrayBuffer());
    },
    // A 200 to a GET always has a body stream.
    stream: async (key) => (await found(key))?.body as ReadableStream<Uint8Array> | null,
  };
}
