/** Site paths of the pages, per language: English at the root, Spanish under /es/. */
import type { Lang } from '../data/types.ts';

const PREFIX: Record<Lang, string> = { en: '', es: '/es' };

export const langRoot = (lang: Lang) => `${PREFIX[lang]}/`;
export const blogPath = (lang: Lang) => `${PREFIX[lang]}/blog/`;
export const talksPath = (lang: Lang) => `${PREFIX[lang]}/talks/`;
export const tagPath = (lang: Lang, tag: string) => `${PREFIX[lang]}/tags/${encodeURIComponent(tag)}/`;
export const portalPath = (lang: Lang) => `${PREFIX[lang]}/developers`;
