import { LANGS } from '../../core/languages.ts';
import type { SiteData } from '../data/types.ts';
import { ContentError } from './errors.ts';

/**
 * The run time of this version serves English at the root and Spanish under /es/ (src/data/types.ts
 * LANGS): data in other languages compiles, but the build refuses to hand it to the server.
 */
export function servableData(data: SiteData<string>): SiteData {
  if (isServable(data)) return data;
  throw new ContentError([
    {
      file: 'site.yaml',
      field: 'languages',
      expected: `${LANGS.join(' and ')}, in that order (this version of Folio serves no other languages yet)`,
      received: `[${data.site.languages.join(', ')}]`,
    },
  ]);
}

function isServable(data: SiteData<string>): data is SiteData {
  const { languages } = data.site;
  return languages.length === LANGS.length && LANGS.every((lang, i) => languages[i] === lang);
}
