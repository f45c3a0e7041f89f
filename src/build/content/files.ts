/** The content folder as the compiler sees it: files keyed by their `/`-separated path relative to the folder. */

/** Why a file could not be taken as text. */
export type UnreadableFile =
  | { readonly unreadable: 'not-utf8' }
  | { readonly unreadable: 'too-large'; readonly bytes: number }
  /** A symbolic link (to a file or a folder) that leads out of the content folder: never read. */
  | { readonly unreadable: 'outside'; readonly target: string };

/** Each file's text, or why it could not be read as text. */
export type ContentFiles = ReadonlyMap<string, string | UnreadableFile>;

/** HTML already rendered from the bodies of some files, keyed like `ContentFiles`. */
export type RenderedBodies = ReadonlyMap<string, string>;

/** Files and folders whose name starts with `_` (drafts, layouts, partials) are not content, in every layout. */
export function isIgnoredPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('_'));
}
