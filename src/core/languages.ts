/**
 * Content languages. A blog has one or more (site.yaml `languages` or its language folders); the
 * first serves the root pages. Every path, enum and schema that names languages follows that list.
 */

/** A lower-case language code such as `en`, `fr` or `pt-br`. */
export type Lang = string;

/** A BCP 47-style code in lower case: a 2–3 letter language, then optional subtags (`fr`, `pt-br`, `es-419`). */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  ar: 'Arabic',
  ca: 'Catalan',
  de: 'German',
  en: 'English',
  es: 'Spanish',
  eu: 'Basque',
  fr: 'French',
  gl: 'Galician',
  hi: 'Hindi',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  ru: 'Russian',
  sv: 'Swedish',
  tr: 'Turkish',
  uk: 'Ukrainian',
  zh: 'Chinese',
};

/** The language's English name, or its code when the table lacks it (`pt-br` stays `pt-br`). */
export function languageName(lang: Lang): string {
  return ENGLISH_NAMES[lang] ?? lang;
}

/** `listPostsInFrench`; a code without a known name gives its own words (`listPostsInPtBr`). */
export function postIndexOperationId(lang: Lang): string {
  const name = ENGLISH_NAMES[lang] ?? lang.split('-').map(capitalized).join('');
  return `listPostsIn${capitalized(name)}`;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `a`, `a and b`, `a, b and c` (or with another conjunction), for sentences that name every language. */
export function inWords(items: readonly string[], conjunction = 'and'): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
