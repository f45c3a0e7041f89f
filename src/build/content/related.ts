/**
 * `relatedPost` and `relatedSlide`: the posts and decks an entry (a post or a deck) names as going
 * with it, each by slug, path or file name (`cache-basics`, `/blog/cache-basics/`,
 * `2025-01-10_cache-basics.md`), in the entry's language. Each name becomes the site path of the
 * published entry it names; one that names none is a warning of the summary naming the file, the
 * field and the value (a problem with --strict), and the entry goes without it.
 */
import type { ContentReader } from './entry-reader.ts';

/** What an entry names, as its front matter writes it. */
export interface RelatedNames {
  relatedPost: readonly string[];
  relatedSlide: readonly string[];
}

/** An entry that names related entries, with its file for the messages. */
export interface NamingEntry {
  file: string;
  record: { lang: string; path: string; relatedPosts: string[]; relatedSlides: string[] };
  related: RelatedNames;
}

/** A published entry that can be named: its language, slug and page. */
interface Named {
  record: { lang: string; slug: string; path: string };
}

/** `cache-basics` of `cache-basics`, `/blog/cache-basics/`, `/es/blog/cache-basics` or `2025-01-10_cache-basics.md`. */
export function relatedSlug(named: string): string {
  const last = named.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return last.replace(/\.mdx?$/, '').replace(/^\d{4}-\d{2}-\d{2}_/, '');
}

const byLanguageAndSlug = (entries: readonly Named[]) =>
  new Map(entries.map(({ record }) => [`${record.lang} ${record.slug}`, record.path]));

/** Sets each entry's related posts and decks to the pages of the published ones it names. */
export function resolveRelated(
  reader: ContentReader,
  entries: readonly NamingEntry[],
  posts: readonly Named[],
  decks: readonly Named[],
): void {
  const postPaths = byLanguageAndSlug(posts);
  const deckPaths = byLanguageAndSlug(decks);
  for (const entry of entries) {
    entry.record.relatedPosts = pathsOf(reader, entry, 'relatedPost', postPaths, 'post');
    entry.record.relatedSlides = pathsOf(reader, entry, 'relatedSlide', deckPaths, 'deck');
  }
}

/** The pages the names of one field stand for, each once, in the order written; the entry itself left out. */
function pathsOf(
  reader: ContentReader,
  { file, record, related }: NamingEntry,
  field: keyof RelatedNames,
  paths: ReadonlyMap<string, string>,
  kind: 'post' | 'deck',
): string[] {
  const found = new Set<string>();
  for (const named of related[field]) {
    const path = paths.get(`${record.lang} ${relatedSlug(named)}`);
    if (path !== undefined) {
      if (path !== record.path) found.add(path);
      continue;
    }
    const line = reader.fieldLine(file, field, named);
    const expected = `a published ${kind} in ${record.lang}`;
    if (reader.strict) reader.problem(file, field, expected, JSON.stringify(named), line);
    else reader.report.unknownRelated.push({ file, line, field, target: named, expected });
  }
  return [...found];
}
