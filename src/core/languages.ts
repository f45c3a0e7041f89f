/** The content languages this version of the run time serves (the sample blog's). */
export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
