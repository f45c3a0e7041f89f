/**
 * The dev server's reads of the content folder: a file whose size, modification time and inode are
 * unchanged since the last build is not read again, and a file the watcher reports is read again
 * whatever its time says (a write within the file system clock's tick, or a tool that restores the
 * time, keeps it).
 */
import { statSync } from 'node:fs';
import type { UnreadableFile } from '../content/files.ts';
import { type FileReader, readText } from '../site-folder/content-folder.ts';
import { BuildCache } from './build-cache.ts';

interface Kept {
  signature: string;
  content: string | UnreadableFile;
}

function signatureOf(path: string): string {
  const { size, mtimeMs, ino, dev } = statSync(path);
  return `${dev}:${ino}:${size}:${mtimeMs}`;
}

export function cachedFileReader() {
  const kept = new BuildCache<string, Kept>();
  const read: FileReader = (path) => {
    const signature = signatureOf(path);
    const last = kept.get(path);
    if (last?.signature === signature) return last.content;
    const content = readText(path);
    kept.set(path, { signature, content });
    return content;
  };
  return {
    read,
    /** The watcher saw `path` change: read it again. */
    forget: (path: string) => kept.delete(path),
    next: () => kept.next(),
  };
}
