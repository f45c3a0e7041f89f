/** Language codes in content paths and fields, whatever languages a blog is written in. */

/** A BCP 47-style code in lower case: a 2–3 letter language, then optional subtags (`fr`, `pt-br`, `es-419`). */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

export const LANGUAGE_CODE_EXPECTED = 'a lower-case language code such as en, fr or pt-br';

export function isLanguageCode(value: string): boolean {
  return LANGUAGE_CODE.test(value);
}

/** The field that overrides `field` for one language: `titleEs` for es, `heroImagePtBr` for pt-br. */
export function overrideField(field: string, lang: string): string {
  return field + lang.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Site paths of a blog: the first language at the root, each other one under `/<lang>`. */
export function sitePaths(languages: readonly string[]) {
  return (lang: string, section: string, slug: string): string =>
    `${lang === languages[0] ? '' : `/${lang}`}/${section}/${slug}/`;
}
