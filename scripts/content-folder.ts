import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ContentFiles } from '../src/content/compile.ts';

const CONTENT_FILE = /\.(md|ya?ml)$/;

/** Reads every Markdown and YAML file below `dir`, keyed by its `/`-separated relative path. */
export async function readContentFolder(dir: string): Promise<ContentFiles> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !CONTENT_FILE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split(sep).join('/'), await readFile(path, 'utf8'));
  }
  return files;
}
