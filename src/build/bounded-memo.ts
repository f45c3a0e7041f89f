/**
 * `make(key)`, kept for later calls with the same key while the kept results and their keys take at
 * most `maxUnits` UTF-16 units; past that, the oldest are let go first. For a memo that lives as long
 * as a process (a build of any size, the dev server) where repeats are common but keys unbounded.
 */
export function boundedMemo(make: (key: string) => string, maxUnits: number) {
  const kept = new Map<string, string>();
  let units = 0;
  const memo = (key: string): string => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const made = make(key);
    const size = key.length + made.length;
    if (size > maxUnits) return made;
    kept.set(key, made);
    units += size;
    for (const [oldKey, oldValue] of kept) {
      if (units <= maxUnits) break;
      kept.delete(oldKey);
      units -= oldKey.length + oldValue.length;
    }
    return made;
  };
  /** The UTF-16 units kept now: never more than `maxUnits`. */
  memo.keptUnits = () => units;
  return memo;
}
