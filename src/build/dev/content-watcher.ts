/**
 * What the dev server watches: the content folder (and a public folder beside it), through their
 * parent folders. A watcher given a folder itself loses it for good when that folder is deleted:
 * chokidar 4 drops a watched root it sees removed, so a folder deleted and copied back (`rm -rf
 * content && cp -r backup content`) was never seen again. The parent stays, and sees the folder
 * go and come back like any other entry; everything else in the parent is ignored.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';

/** A name starting with a dot (an editor's swap file, `.git`): never content. */
const HIDDEN = /(^|[/\\])\.[^/\\]/;

/** Watches `folders` and everything below them, calling `changed` with the full path of each change. */
export function watchFolders(folders: readonly string[], changed: (path: string) => void): FSWatcher {
  const roots = folders.map((folder) => resolve(folder));
  const parents = [...new Set(roots.map((root) => dirname(root)))];
  const rootOf = (path: string) => roots.find((root) => path === root || path.startsWith(root + sep));
  const ignored = (path: string) => {
    if (parents.includes(path)) return false;
    const root = rootOf(path);
    return root === undefined || HIDDEN.test(relative(root, path));
  };
  return watch(parents, {
    ignoreInitial: true,
    // A save that truncates and then writes raises two events within a few milliseconds, and the
    // watcher drops the second (it throttles a file's events to one per 5 ms): a build that ran on
    // the first would keep the empty file. Waiting until the size holds still for 50 ms reports
    // the save once, whole.
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 },
    ignored: (path) => ignored(resolve(path)),
  }).on('all', (_event, path) => changed(resolve(path)));
}
