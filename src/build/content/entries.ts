/** The dated entries both layouts keep in language folders: `blog/<lang>/…` and `slides/<lang>/…`. */
import { parseDate } from './dates.ts';
import type { ContentReader } from './entry-reader.ts';
import { isLanguageCode, LANGUAGE_CODE_EXPECTED } from './languages.ts';
import { SLUG_PATTERN } from './schema.ts';

/** A content file that belongs to one language, by the folder it is in. */
export interface LanguageFile {
  file: string;
  lang: string;
}

/** `<section>/<lang>/YYYY-MM-DD_<slug>.md` or `.mdx`. */
export interface EntryFile extends LanguageFile {
  date: string;
  slug: string;
}

const MARKDOWN_FILE = /\.mdx?$/;
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})_(.+)\.mdx?$/;

/** Every Markdown file of a section; a file out of place or misnamed is a problem, a bad folder one problem. */
export function listEntries(reader: ContentReader, section: 'blog' | 'slides'): EntryFile[] {
  const entries: EntryFile[] = [];
  const badFolders = new Set<string>();
  for (const file of reader.paths) {
    if (!file.startsWith(`${section}/`) || !MARKDOWN_FILE.test(file)) continue;
    const [, lang = '', name = '', ...deeper] = file.split('/');
    if (name === '' || deeper.length > 0) {
      reader.problem(
        file,
        '(path)',
        `a file in a language folder: ${section}/<language>/YYYY-MM-DD_<slug>.md`,
        JSON.stringify(file),
      );
      continue;
    }
    if (!isLanguageCode(lang)) {
      if (!badFolders.has(lang))
        reader.problem(
          `${section}/${lang}`,
          '(folder)',
          `${LANGUAGE_CODE_EXPECTED} as the folder name`,
          JSON.stringify(lang),
        );
      badFolders.add(lang);
      continue;
    }
    const [, date = '', slug = ''] = DATED_NAME.exec(name) ?? [];
    if (!parseDate(date) || !SLUG_PATTERN.test(slug)) {
      reader.problem(
        file,
        '(file name)',
        'YYYY-MM-DD_<slug>.md or .mdx, with a real date and a slug of lower-case letters, digits and hyphens',
        JSON.stringify(name),
      );
      continue;
    }
    entries.push({ file, lang, date, slug });
  }
  return entries;
}

/** The language folders that hold files, in order. */
export function languageFolders(files: readonly LanguageFile[]): string[] {
  return [...new Set(files.map((file) => file.lang))].sort();
}

/** The files in the site's languages; one problem for each folder of another language. */
export function inSiteLanguages<T extends LanguageFile>(
  reader: ContentReader,
  files: readonly T[],
  languages: readonly string[],
): T[] {
  const reported = new Set<string>();
  return files.filter(({ file, lang }) => {
    if (languages.includes(lang)) return true;
    const folder = file.slice(0, file.lastIndexOf('/'));
    if (!reported.has(folder)) {
      reader.problem(
        folder,
        '(folder)',
        `a folder named after one of the site's languages (${languages.join(', ')}; add more to languages in site.yaml)`,
        JSON.stringify(lang),
      );
    }
    reported.add(folder);
    return false;
  });
}
