/** Reads the bodies the build wrote in parts (src/core/deployment.ts) as the one body they are. */
import { concatBytes } from '../core/bytes.ts';
import { partKey } from '../core/deployment.ts';
import type { BodySource } from './body-cache.ts';

export function joiningParts(source: BodySource, parts: Readonly<Record<string, number>>): BodySource {
  return {
    async read(key) {
      const count = parts[key];
      if (count === undefined) return source.read(key);
      const chunks = await Promise.all(Array.from({ length: count }, (_, i) => source.read(partKey(key, i))));
      return chunks.every((chunk) => chunk !== null) ? concatBytes(chunks) : null;
    },
  };
}
