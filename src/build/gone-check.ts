/**
 * gone.yaml may only list paths the site no longer serves: a gone path answers 410 in place of
 * whatever the build publishes there (a page, its twin, a document, a file, an API answer), so one
 * that is also published is a problem of gone.yaml. A page is also served without its final slash.
 * Paths compare by their body keys, so a gone path spelled with other escapes is still found.
 */
import { bodyKey } from '../core/deployment.ts';
import { ContentError } from './content/errors.ts';

export function goneCheck(gone: readonly string[]) {
  const byKey = new Map<string, string>();
  for (const path of gone) {
    const key = bodyKey(path);
    if (key !== null) byKey.set(key, path);
  }
  const served = new Set<string>();
  const note = (path: string) => {
    const goneAs = byKey.get(bodyKey(path) ?? '');
    if (goneAs !== undefined) served.add(goneAs);
  };
  return {
    /** Notes a path the deployment serves. */
    published(path: string): void {
      if (byKey.size === 0) return;
      note(path);
      if (path.length > 1 && path.endsWith('/')) note(path.slice(0, -1));
    },
    /** Throws a ContentError naming each gone path that is served after all. */
    check(): void {
      if (served.size === 0) return;
      throw new ContentError(
        [...served].sort().map((path) => ({
          file: 'gone.yaml',
          field: 'paths',
          expected:
            'only paths the site no longer serves (a gone path answers 410 in place of what the build publishes there)',
          received: `${JSON.stringify(path)}, which the build publishes`,
        })),
      );
    },
  };
}
