/**
 * The `authors` collection of an Astro site (either layout): `authors/<slug>.yaml`, each with a
 * `name` and, as the site's own pages use them, an avatar, a role and a bio (one text or one per
 * language) and social links. The blog's author is site.yaml's, else the only or first author here.
 */
import * as v from 'valibot';
import type { SiteAuthor } from '../data/types.ts';
import type { ContentReader } from './entry-reader.ts';
import { title, webUrl } from './schema.ts';

export const AUTHORS_FOLDER = 'authors';
const AUTHOR_FILE = /^authors\/([^/]+)\.ya?ml$/;

/** A text, or one per language. */
const perLanguage = v.union([v.string(), v.record(v.string(), v.string())], 'a text, or one per language');

const authorSchema = v.object({
  name: title,
  avatar: v.optional(v.string('a site path or URL')),
  role: v.optional(perLanguage),
  bio: v.optional(perLanguage),
  social: v.optional(
    v.union(
      [v.record(v.string(), webUrl), v.array(webUrl)],
      'a mapping of networks to profile URLs, or a list of profile URLs',
    ),
  ),
});

export interface Author {
  slug: string;
  /** Where it is written, for the build summary. */
  file: string;
  /** The author as published; `sameAs` holds the profile URLs of its social links. */
  author: SiteAuthor;
}

/** A text in the language asked for: the one text, or that language's; undefined when it has none. */
export const inLanguage = (text: SiteAuthor['role'], lang: string): string | undefined =>
  typeof text === 'string' ? text : text?.[lang];

/**
 * The author a post's `author` names, by slug or by name (`ada`, `Ada Signal`); undefined when it
 * names none of the collection.
 */
export function namedAuthor(authors: readonly Author[], named: string): Author | undefined {
  const wanted = named.trim();
  return (
    authors.find((one) => one.slug === wanted) ??
    authors.find((one) => one.author.name.toLowerCase() === wanted.toLowerCase())
  );
}

/** Every author file, by slug; one with a problem is reported and left out. */
export function readAuthors(reader: ContentReader): Author[] {
  return reader.paths.flatMap((file) => {
    const slug = AUTHOR_FILE.exec(file)?.[1];
    const author = slug === undefined ? undefined : reader.yaml(file, authorSchema);
    if (slug === undefined || !author) return [];
    const social = author.social ?? [];
    const { name, avatar, role, bio } = author;
    const sameAs = Array.isArray(social) ? social : Object.values(social);
    return [
      {
        slug,
        file,
        author: {
          name,
          url: null,
          sameAs,
          ...(avatar && { image: avatar }),
          ...(role && { role }),
          ...(bio && { bio }),
        },
      },
    ];
  });
}
