/** The content folder as the compiler sees it: files keyed by their `/`-separated path relative to the folder. */
import type { YamlReading } from './front-matter.ts';
import type { LinkTarget } from './links.ts';

/** Why a file could not be taken as text. */
export type UnreadableFile =
  | { readonly unreadable: 'not-utf8' }
  | { readonly unreadable: 'too-large'; readonly bytes: number }
  /** A symbolic link (to a file or a folder) that leads out of the content folder: never read. */
  | { readonly unreadable: 'outside'; readonly target: string };

/** Each file's text, or why it could not be read as text. */
export type ContentFiles = ReadonlyMap<string, string | UnreadableFile>;

/**
 * What reading a post file with front matter before the compiler found (src/build/threads/render-posts.ts):
 * what its YAML says, and its body's links.
 */
export interface PreparedPost {
  frontMatter: YamlReading;
  /** Every link and image of the body, as written. */
  targets: LinkTarget[];
}

/** Prepared post files, keyed like `ContentFiles`. */
export type PreparedPosts = ReadonlyMap<string, PreparedPost>;

/** Files and folders whose name starts with `_` (drafts, layouts, partials) are not content, in every layout. */
export function isIgnoredPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('_'));
}
