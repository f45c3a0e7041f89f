/**
 * The dev server's front-matter splits, kept by the file's text: parsing the YAML of every post is
 * most of a recompile. A kept split is frozen, since every build after it reads the same objects.
 */
import { type FrontMatterSplitter, splitFrontMatter } from '../content/front-matter.ts';
import { BuildCache } from './build-cache.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export function cachedFrontMatter() {
  const kept = new BuildCache<string, ReturnType<FrontMatterSplitter>>();
  const split: FrontMatterSplitter = (text) => {
    let document = kept.get(text);
    if (!document) {
      document = deepFreeze(splitFrontMatter(text));
      kept.set(text, document);
    }
    return document;
  };
  return { split, next: () => kept.next() };
}
