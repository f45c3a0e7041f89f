/** Interface text of the site pages: English and Spanish; every other language shows the English text. */
import { languageName } from '../../core/languages.ts';
import type { Lang } from '../data/types.ts';

type TranslatedLang = 'en' | 'es';
const translated = (lang: Lang): TranslatedLang => (lang === 'es' ? 'es' : 'en');

const NATIVE_NAMES: Readonly<Record<string, string>> = { en: 'English', es: 'Español' };

/** The language's name for the language switcher: its own name when known, else its English name. */
export const nativeName = (lang: Lang): string => NATIVE_NAMES[lang] ?? languageName(lang);

const MONTHS: Record<TranslatedLang, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
};

/** A long date in the page's language, from an ISO 8601 UTC timestamp (no Intl: runtimes differ). */
export function formatDate(iso: string, lang: Lang): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const text = translated(lang);
  const name = MONTHS[text][month - 1];
  return text === 'en' ? `${day} ${name} ${year}` : `${day} de ${name} de ${year}`;
}

const en = {
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
  chapterCount: (count: number) => `${count} ${count === 1 ? 'chapter' : 'chapters'}`,
  postsTagged: 'Posts tagged',
  blogDescription: 'Every post, newest first.',
  talksDescription: 'Slide decks from talks, newest first.',
  slides: 'Slides',
  at: 'at',
  readElsewhere: 'External slides',
  markdownVersion: 'Markdown version',
  skip: 'Skip to content',
  license: 'Content licensed under',
  apiLinks: 'For developers and agents',
  notFoundTitle: 'Page not found',
  notFound: (path: string) => `There is no page at ${path}.`,
  goneTitle: 'Page removed',
  gone: (path: string) => `The page at ${path} was removed for good.`,
  methodTitle: 'Method not allowed',
  method: (method: string, path: string) => `${path} is read-only: ${method} is not allowed; use GET.`,
  backHome: 'Go to the home page',
  allSeries: 'All series',
  allTags: 'All tags',
  seriesDescription: 'Every series of posts.',
  tagsDescription: 'Every tag with its number of posts.',
  postCount: (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  newer: '← Newer posts',
  older: 'Older posts →',
  feeds: 'Feeds',
};

export type UiText = typeof en;

const es: UiText = {
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
  chapterCount: (count: number) => `${count} ${count === 1 ? 'capítulo' : 'capítulos'}`,
  postsTagged: 'Artículos con la etiqueta',
  blogDescription: 'Todos los artículos, del más reciente al más antiguo.',
  talksDescription: 'Diapositivas de charlas, de la más reciente a la más antigua.',
  slides: 'Diapositivas',
  at: 'en',
  readElsewhere: 'Diapositivas externas',
  markdownVersion: 'Versión en Markdown',
  skip: 'Saltar al contenido',
  license: 'Contenido publicado bajo',
  apiLinks: 'Para desarrolladores y agentes',
  notFoundTitle: 'Página no encontrada',
  notFound: (path: string) => `No hay ninguna página en ${path}.`,
  goneTitle: 'Página retirada',
  gone: (path: string) => `La página ${path} se retiró definitivamente.`,
  methodTitle: 'Método no permitido',
  method: (method: string, path: string) =>
    `${path} es de solo lectura: ${method} no está permitido; usa GET.`,
  backHome: 'Ir a la página de inicio',
  allSeries: 'Todas las series',
  allTags: 'Todas las etiquetas',
  seriesDescription: 'Todas las series de artículos.',
  tagsDescription: 'Todas las etiquetas con su número de artículos.',
  postCount: (count: number) => `${count} ${count === 1 ? 'artículo' : 'artículos'}`,
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  newer: '← Artículos más recientes',
  older: 'Artículos anteriores →',
  feeds: 'Fuentes',
};

const UI: Record<TranslatedLang, UiText> = { en, es };

/** The interface text for pages in this language. */
export const uiText = (lang: Lang): UiText => UI[translated(lang)];
