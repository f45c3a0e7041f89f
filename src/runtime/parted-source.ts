/** The bodies the build wrote in parts (src/core/deployment.ts): read whole, or sent as one stream. */
import { concatBytes } from '../core/bytes.ts';
import { partKey, type StreamedFacts } from '../core/deployment.ts';
import type { BodySource } from './body-source.ts';

export type StreamedBodies = Readonly<Record<string, StreamedFacts>>;

/** The keys of a streamed body's part files, in order. */
export const partKeys = (key: string, parts: number) =>
  Array.from({ length: parts }, (_, i) => partKey(key, i));

/** The source with each parted body read whole, for the readers that need all of it at once. */
export function joiningParts(source: BodySource, streamed: StreamedBodies): BodySource {
  return {
    read(key) {
      const facts = streamed[key];
      if (facts === undefined) return source.read(key);
      return Promise.all(partKeys(key, facts.parts).map((part) => source.read(part))).then((chunks) => {
        if (!chunks.every((chunk) => chunk !== null)) return null;
        return chunks.length === 1 ? (chunks[0] as Uint8Array) : concatBytes(chunks);
      });
    },
  };
}

/** What stops a streamed body whose part `key` is not in the deployment. */
export const missingPart = (key: string) => new Error(`folio: ${key} is missing from the deployment`);

/**
 * A parted body as one stream: each part opened in turn once the one before is sent, so only the
 * chunk being sent is in memory. Cancelling it (the client went away) closes the open part.
 */
export function partsStream(source: BodySource, key: string, parts: number): ReadableStream<Uint8Array> {
  let next = 0;
  let part: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let cancelled = false;
  const present = <T>(found: T | null, name: string): T => {
    if (found === null) throw missingPart(name);
    return found;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (!cancelled) {
        if (part) {
          const { done, value } = await part.read();
          if (!done) return controller.enqueue(value);
          part = null;
        } else if (next === parts) {
          return controller.close();
        } else {
          const name = partKey(key, next++);
          if (!source.stream) return controller.enqueue(present(await source.read(name), name));
          part = present(await source.stream(name), name).getReader();
        }
      }
      await part?.cancel();
    },
    async cancel(reason) {
      cancelled = true;
      await part?.cancel(reason);
    },
  });
}
