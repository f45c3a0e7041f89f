/**
 * gone.yaml's paths as the run time looks them up. The API answers every path under /api/ and
 * /api/v1/ alike and looks a path up by its /api/ name, so an /api/v1/X entry stands for /api/X:
 * it is kept under that name (answering 410 under both prefixes), or left out when /api/X is
 * listed too, and either way the summary warns that it is redundant.
 */
import { canonicalApiPath } from '../../core/api.ts';
import { compareText } from '../data/order.ts';
import type { BuildReport } from './report.ts';

export function gonePaths(paths: readonly string[], report: BuildReport): string[] {
  const listed = new Set(paths);
  const gone = new Set<string>();
  for (const path of paths) {
    const canonical = canonicalApiPath(path);
    if (canonical !== path) report.goneMirrors.push({ path, canonical, listed: listed.has(canonical) });
    gone.add(canonical);
  }
  return [...gone].sort(compareText);
}
