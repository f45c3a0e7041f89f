/** Language codes in content paths and fields, whatever languages a blog is written in. */

import { LANGUAGE_CODE } from '../../core/languages.ts';

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
