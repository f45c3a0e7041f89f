/**
 * A deployment emitted into memory instead of a folder: the same bodies by the same keys, for the
 * dev server and the tests to serve with the real handler.
 */

import { concatBytes } from '../../core/bytes.ts';
import type { Manifest } from '../../core/deployment.ts';
import type { Deployment } from '../../handler.ts';
import type { SiteData } from '../data/types.ts';
import { type EmitOptions, emitDeployment } from '../emit.ts';
import { BuildCache } from './build-cache.ts';

export interface MemoryDeployment extends Deployment {
  bodies: ReadonlyMap<string, Uint8Array>;
}

/** How a body made as text becomes bytes. */
export type Encode = (key: string, text: string) => Uint8Array;

const encoder = new TextEncoder();

export async function emitIntoMemory(
  data: SiteData,
  options: EmitOptions,
  encode: Encode = (_key, text) => encoder.encode(text),
): Promise<MemoryDeployment> {
  const bodies = new Map<string, Uint8Array>();
  const manifest: Manifest = await emitDeployment(data, options, (key, body) => {
    bodies.set(
      key,
      typeof body === 'string' ? encode(key, body) : body instanceof Uint8Array ? body : concatBytes(body),
    );
  });
  return { manifest, bodies, source: { read: async (key) => bodies.get(key) ?? null } };
}

/** Encodes bodies, giving back the last build's bytes for a body whose text did not change. */
export function cachedEncoder() {
  const kept = new BuildCache<string, { text: string; bytes: Uint8Array }>();
  const encode: Encode = (key, text) => {
    const last = kept.get(key);
    if (last?.text === text) return last.bytes;
    const bytes = encoder.encode(text);
    kept.set(key, { text, bytes });
    return bytes;
  };
  return { encode, next: () => kept.next() };
}
