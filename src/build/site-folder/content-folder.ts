import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { ContentFiles, UnreadableFile } from '../content/files.ts';
import { MAX_FILE_BYTES } from '../content/limits.ts';
import { type Progress, SILENT } from '../progress.ts';

const CONTENT_FILE = /\.(mdx?|ya?ml)$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** How one file of the folder is read, by its full path (the dev server keeps files that did not change). */
export type FileReader = (path: string) => string | UnreadableFile;

/**
 * Reads every Markdown, MDX and YAML file below `dir` (following symbolic links that stay inside
 * it, skipping names that start with a dot), keyed by its `/`-separated relative path. A file that
 * is not UTF-8 or larger than the limit, and a link that leads out of the folder (to a file or a
 * folder, never read), is kept as the reason, for the compiler to report by name. Read
 * synchronously: a blog is thousands of small files, and a thread-pool round trip per call
 * costs more than the read.
 */
export async function readContentFolder(
  dir: string,
  progress: Progress = SILENT,
  readFile: FileReader = readText,
): Promise<ContentFiles> {
  progress.step('read', 'files');
  const files = new Map<string, string | UnreadableFile>();
  const visited = new Set<string>();
  const root = realpathSync(dir);
  function walk(folder: string, prefix: string): void {
    const real = realpathSync(folder);
    if (visited.has(real)) return;
    visited.add(real);
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? linkTarget(path) : entry;
      if (kind && entry.isSymbolicLink() && (kind.isDirectory() || CONTENT_FILE.test(entry.name))) {
        const target = linkOutOf(root, path);
        if (target !== undefined) {
          files.set(`${prefix}${entry.name}`, { unreadable: 'outside', target });
          continue;
        }
      }
      if (kind?.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else if (kind?.isFile() && CONTENT_FILE.test(entry.name)) {
        files.set(`${prefix}${entry.name}`, readFile(path));
        progress.advance();
      }
    }
  }
  walk(dir, '');
  return files;
}

/**
 * Where the symbolic link at `link` leads when that is out of the folder whose real path is
 * `root`: the real path of its target; undefined when it stays inside. The target is never read.
 */
export function linkOutOf(root: string, link: string): string | undefined {
  const target = realpathSync(link);
  return target === root || target.startsWith(root + sep) ? undefined : target;
}

/** What a symbolic link points to; nothing for a dangling link. */
function linkTarget(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function readText(path: string): string | UnreadableFile {
  const { size } = statSync(path);
  if (size > MAX_FILE_BYTES) return { unreadable: 'too-large', bytes: size };
  const bytes = readFileSync(path);
  try {
    return utf8.decode(bytes);
  } catch {
    return { unreadable: 'not-utf8' };
  }
}
