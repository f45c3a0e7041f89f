/**
 * The two content layouts Folio reads as they are: its own and Astro's content collections. They
 * keep posts and decks alike (entries.ts) and differ in site settings, series and tags; each layout
 * reader turns its files into the same neutral series and tags.
 */
import type { TagInfo } from '../data/types.ts';
import type { ContentReader } from './entry-reader.ts';

export const LAYOUTS = ['folio', 'astro'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A series in one language, before rendering. */
export interface SeriesText {
  file: string;
  slug: string;
  lang: string;
  title: string;
  description: string;
  order: number;
  heroImage: string | null;
  body: string;
}

export interface LayoutReader {
  /** Where the file of a post's `series: <slug>` is, without its `.md` or `.mdx`. */
  seriesPath(lang: string, slug: string): string;
  series(reader: ContentReader, languages: readonly string[]): SeriesText[];
  tags(reader: ContentReader, languages: readonly string[]): TagInfo<string>[];
}

const SIGNS: Record<Layout, RegExp> = {
  folio: /^(tags\.yaml|series\/[^/]+\/[^/]+\.mdx?)$/,
  astro: /^(tags|series)\/[^/]+\.mdx?$/,
};

/**
 * The layout the files are in: Folio's has tags.yaml or series in language folders, Astro's tag
 * files or series files shared by every language. A folder with neither is read as Astro's, the
 * layout that needs the least; a folder with both is a problem (one line).
 */
export function detectLayout(reader: ContentReader): Layout | undefined {
  const folio = reader.paths.find((path) => SIGNS.folio.test(path));
  const astro = reader.paths.find((path) => SIGNS.astro.test(path));
  if (folio && astro) {
    reader.problem(
      folio,
      '(layout)',
      "the files of one layout, Folio's (tags.yaml, series/<language>/<slug>.md) or Astro's (tags/<tag>.md, series/<slug>.md); choose one with --layout folio or --layout astro",
      `this file of Folio's layout and ${astro} of Astro's`,
    );
    return undefined;
  }
  return folio ? 'folio' : 'astro';
}
