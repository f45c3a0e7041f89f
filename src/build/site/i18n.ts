/**
 * Interface text of the site pages, the developer portal and llms.txt's headings, dates and numbers,
 * in the page's language. English, Spanish and French are built in; any other language takes its
 * text from the `ui:` block of site.yaml, and each string it does not give falls back to English
 * (the build summary lists which).
 */
import { languageName } from '../../core/languages.ts';
import type { Lang, SiteInfo } from '../data/types.ts';
import { keyedOnce } from '../keyed-once.ts';
import { PORTAL_EN, PORTAL_ES, PORTAL_FR } from './portal-text.ts';

/**
 * The language's name in itself as written mid-sentence (`français`, `Deutsch`), else its English
 * name. Every page names the other languages, so each name is looked up once.
 */
const nameInItself = keyedOnce(lookUpNameInItself);

function lookUpNameInItself(lang: Lang): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang);
    if (name && name.toLowerCase() !== lang) return name;
  } catch {
    // A code Intl does not know: its English name, or the code itself.
  }
  return languageName(lang);
}

/** The language's name in itself for the language switcher, capitalized as a label (`Français`). */
export const nativeName = (lang: Lang): string => {
  const name = nameInItself(lang);
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
};

/** Each language's long dates, each formatted once: a post's date shows on its page and in every listing of it. */
const longDatesIn = keyedOnce((lang: Lang) =>
  keyedOnce((iso: string) => dateFormat(lang).format(new Date(iso))),
);

/** A long date in the page's language (`10 January 2025`, `10 de enero de 2025`), from an ISO 8601 UTC timestamp. */
export const formatDate = (iso: string, lang: Lang): string => longDatesIn(lang)(iso);

/** A whole number as the page's language writes it (`10,000`, `10.000`, `10 000`). */
export const formatNumber = (n: number, lang: Lang): string => numberFormat(lang).format(n);

/** `a, b and c` (a conjunction) or `a, b or c` (a disjunction), as the language writes a list. */
export function formatList(
  items: readonly string[],
  lang: Lang,
  type: 'conjunction' | 'disjunction',
): string {
  return new Intl.ListFormat(locale(lang), { type }).format(items);
}

/**
 * A language's name as another language writes it mid-sentence (`francés`, `espagnol`); in English,
 * the name the API's own descriptions use.
 */
export function languageNameIn(other: Lang, lang: Lang): string {
  if (lang.split('-')[0] === 'en') return languageName(other);
  try {
    return new Intl.DisplayNames([locale(lang)], { type: 'language' }).of(other) ?? other;
  } catch {
    return other;
  }
}

const dateFormat = keyedOnce(
  (lang: Lang) => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }),
);
const numberFormat = keyedOnce((lang: Lang) => new Intl.NumberFormat(locale(lang)));

/** English is written as in Britain (day before month), as the site always has; other codes as they are. */
const locale = (lang: Lang): string => {
  if (lang === 'en') return 'en-GB';
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
};

/** Every string of the pages' interface; `{name}` marks what is filled in. */
const pageEn = {
  home: 'Home',
  blog: 'Blog',
  talks: 'Talks',
  developers: 'Developers',
  latestPosts: 'Latest posts',
  allPosts: 'All posts',
  series: 'Series',
  tags: 'Tags',
  tag: 'Tag',
  published: 'Published',
  updated: 'Updated',
  partOf: 'Part of the series',
  chapter: 'Chapter',
  chapters: 'Chapters',
  oneChapter: '{count} chapter',
  manyChapters: '{count} chapters',
  postsTagged: 'Posts tagged',
  postsIn: 'Posts in {language}',
  seriesIn: 'Series in {language}',
  pagesIn: 'Pages in {language}',
  blogDescription: 'Every post, newest first.',
  talksDescription: 'Slide decks from talks, newest first.',
  slides: 'Slides',
  at: 'at',
  readElsewhere: 'External slides',
  event: 'Event',
  viewSlides: 'See the slides',
  relatedPost: 'Related post',
  relatedSlide: 'Related talk',
  markdownVersion: 'Markdown version',
  skip: 'Skip to content',
  license: 'Content licensed under',
  apiLinks: 'For developers and agents',
  notFoundTitle: 'Page not found',
  notFound: 'There is no page at {path}.',
  goneTitle: 'Page removed',
  gone: 'The page at {path} was removed for good.',
  methodTitle: 'Method not allowed',
  method: '{path} is read-only: {method} is not allowed; use GET.',
  backHome: 'Go to the home page',
  allSeries: 'All series',
  allTags: 'All tags',
  seriesDescription: 'Every series of posts.',
  tagsDescription: 'Every tag with its number of posts.',
  onePost: '{count} post',
  manyPosts: '{count} posts',
  pageOf: 'Page {page} of {pages}',
  newer: '← Newer posts',
  older: 'Older posts →',
  previousPage: '← Previous page',
  nextPage: 'Next page →',
  feeds: 'Feeds',
};

const en = { ...pageEn, ...PORTAL_EN };

export type UiKey = keyof typeof en;
export type UiStrings = Readonly<Record<UiKey, string>>;
export const UI_KEYS = Object.keys(en) as UiKey[];
type PageStrings = Readonly<Record<keyof typeof pageEn, string>>;

const pageEs: PageStrings = {
  home: 'Inicio',
  blog: 'Blog',
  talks: 'Charlas',
  developers: 'Desarrolladores',
  latestPosts: 'Últimos artículos',
  allPosts: 'Todos los artículos',
  series: 'Series',
  tags: 'Etiquetas',
  tag: 'Etiqueta',
  published: 'Publicado',
  updated: 'Actualizado',
  partOf: 'Parte de la serie',
  chapter: 'Capítulo',
  chapters: 'Capítulos',
  oneChapter: '{count} capítulo',
  manyChapters: '{count} capítulos',
  postsTagged: 'Artículos con la etiqueta',
  postsIn: 'Artículos en {language}',
  seriesIn: 'Series en {language}',
  pagesIn: 'Páginas en {language}',
  blogDescription: 'Todos los artículos, del más reciente al más antiguo.',
  talksDescription: 'Diapositivas de charlas, de la más reciente a la más antigua.',
  slides: 'Diapositivas',
  at: 'en',
  readElsewhere: 'Diapositivas externas',
  event: 'Evento',
  viewSlides: 'Ver las diapositivas',
  relatedPost: 'Artículo relacionado',
  relatedSlide: 'Charla relacionada',
  markdownVersion: 'Versión en Markdown',
  skip: 'Saltar al contenido',
  license: 'Contenido publicado bajo',
  apiLinks: 'Para desarrolladores y agentes',
  notFoundTitle: 'Página no encontrada',
  notFound: 'No hay ninguna página en {path}.',
  goneTitle: 'Página retirada',
  gone: 'La página {path} se retiró definitivamente.',
  methodTitle: 'Método no permitido',
  method: '{path} es de solo lectura: {method} no está permitido; usa GET.',
  backHome: 'Ir a la página de inicio',
  allSeries: 'Todas las series',
  allTags: 'Todas las etiquetas',
  seriesDescription: 'Todas las series de artículos.',
  tagsDescription: 'Todas las etiquetas con su número de artículos.',
  onePost: '{count} artículo',
  manyPosts: '{count} artículos',
  pageOf: 'Página {page} de {pages}',
  newer: '← Artículos más recientes',
  older: 'Artículos anteriores →',
  previousPage: '← Página anterior',
  nextPage: 'Página siguiente →',
  feeds: 'Fuentes',
};

const pageFr: PageStrings = {
  home: 'Accueil',
  blog: 'Blog',
  talks: 'Conférences',
  developers: 'Développeurs',
  latestPosts: 'Derniers articles',
  allPosts: 'Tous les articles',
  series: 'Séries',
  tags: 'Étiquettes',
  tag: 'Étiquette',
  published: 'Publié le',
  updated: 'Mis à jour le',
  partOf: 'Fait partie de la série',
  chapter: 'Chapitre',
  chapters: 'Chapitres',
  oneChapter: '{count} chapitre',
  manyChapters: '{count} chapitres',
  postsTagged: 'Articles avec l’étiquette',
  postsIn: 'Articles en {language}',
  seriesIn: 'Séries en {language}',
  pagesIn: 'Pages en {language}',
  blogDescription: 'Tous les articles, du plus récent au plus ancien.',
  talksDescription: 'Les supports de conférences, du plus récent au plus ancien.',
  slides: 'Diapositives',
  at: 'à',
  readElsewhere: 'Diapositives externes',
  event: 'Événement',
  viewSlides: 'Voir les diapositives',
  relatedPost: 'Article lié',
  relatedSlide: 'Présentation liée',
  markdownVersion: 'Version Markdown',
  skip: 'Aller au contenu',
  license: 'Contenu publié sous licence',
  apiLinks: 'Pour les développeurs et les agents',
  notFoundTitle: 'Page introuvable',
  notFound: 'Il n’y a aucune page à l’adresse {path}.',
  goneTitle: 'Page supprimée',
  gone: 'La page {path} a été supprimée définitivement.',
  methodTitle: 'Méthode non autorisée',
  method: '{path} est en lecture seule : {method} n’est pas autorisé ; utilisez GET.',
  backHome: 'Aller à la page d’accueil',
  allSeries: 'Toutes les séries',
  allTags: 'Toutes les étiquettes',
  seriesDescription: 'Toutes les séries d’articles.',
  tagsDescription: 'Toutes les étiquettes avec leur nombre d’articles.',
  onePost: '{count} article',
  manyPosts: '{count} articles',
  pageOf: 'Page {page} sur {pages}',
  newer: '← Articles plus récents',
  older: 'Articles plus anciens →',
  previousPage: '← Page précédente',
  nextPage: 'Page suivante →',
  feeds: 'Flux',
};

/** The languages whose interface text is built in. */
const BUILT_IN: Readonly<Record<string, UiStrings>> = {
  en,
  es: { ...pageEs, ...PORTAL_ES },
  fr: { ...pageFr, ...PORTAL_FR },
};

/** The built-in text of a language, or of the language a regional code (`fr-ca`) belongs to. */
const builtIn = (lang: Lang): UiStrings | undefined =>
  BUILT_IN[lang] ?? BUILT_IN[lang.split('-')[0] as string];

/** The interface text of one language, filled in where it takes values. */
export interface UiText
  extends Omit<UiStrings, 'notFound' | 'gone' | 'method' | 'postsIn' | 'seriesIn' | 'pagesIn' | 'pageOf'> {
  chapterCount(count: number): string;
  postCount(count: number): string;
  pageOf(page: number, pages: number): string;
  notFound(path: string): string;
  gone(path: string): string;
  method(method: string, path: string): string;
  postsIn(lang: Lang): string;
  seriesIn(lang: Lang): string;
  pagesIn(lang: Lang): string;
  /** A string with its `{name}` slots filled in. */
  filled(key: UiKey, values: Readonly<Record<string, string>>): string;
  /**
   * The language a string is written in: the page's, or English where it falls back, so that the
   * numbers, lists and language names put into it are written as its words are.
   */
  writtenIn(key: UiKey): Lang;
}

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);

/** The strings site.yaml gives a language in its `ui:` block. */
const givenFor = (lang: Lang, site: Pick<SiteInfo, 'ui'> | undefined): Partial<Record<UiKey, string>> =>
  Object.fromEntries(Object.entries(site?.ui?.[lang] ?? {}).filter(([, text]) => text !== undefined));

const made = new WeakMap<object, Map<Lang, UiText>>();
const NO_SITE = {};

/** The interface text for pages in this language, with the site's own strings where it gives them. */
export function uiText(lang: Lang, site?: Pick<SiteInfo, 'ui'>): UiText {
  const key = site?.ui ?? NO_SITE;
  let byLang = made.get(key);
  if (!byLang) {
    byLang = new Map();
    made.set(key, byLang);
  }
  let text = byLang.get(lang);
  if (!text) {
    text = makeText(lang, site);
    byLang.set(lang, text);
  }
  return text;
}

/** The site's own strings for a language over the built-in ones, over English. */
function makeText(lang: Lang, site: Pick<SiteInfo, 'ui'> | undefined): UiText {
  const given = givenFor(lang, site);
  const own = builtIn(lang);
  const s: UiStrings = { ...(own ?? en), ...given };
  const count = (n: number) => formatNumber(n, lang);
  return {
    ...s,
    chapterCount: (n) => fill(n === 1 ? s.oneChapter : s.manyChapters, { count: count(n) }),
    postCount: (n) => fill(n === 1 ? s.onePost : s.manyPosts, { count: count(n) }),
    pageOf: (page, pages) => fill(s.pageOf, { page: count(page), pages: count(pages) }),
    notFound: (path) => fill(s.notFound, { path }),
    gone: (path) => fill(s.gone, { path }),
    method: (method, path) => fill(s.method, { method, path }),
    postsIn: (other) => fill(s.postsIn, { language: nameInItself(other) }),
    seriesIn: (other) => fill(s.seriesIn, { language: nameInItself(other) }),
    pagesIn: (other) => fill(s.pagesIn, { language: nameInItself(other) }),
    filled: (key, values) => fill(s[key], values),
    writtenIn: (key) => (own !== undefined || given[key] !== undefined ? lang : 'en'),
  };
}

/** For each language without built-in text, the strings site.yaml does not give, which show in English. */
export function uiFallbacks(site: Pick<SiteInfo, 'ui' | 'languages'>): Map<Lang, UiKey[]> {
  const fallbacks = new Map<Lang, UiKey[]>();
  for (const lang of site.languages) {
    if (builtIn(lang)) continue;
    const given = givenFor(lang, site);
    const missing = UI_KEYS.filter((key) => given[key] === undefined);
    if (missing.length > 0) fallbacks.set(lang, missing);
  }
  return fallbacks;
}
