/** The bodies of error answers outside /api/: 404, 405 and 410 as an HTML page, Markdown or problem+json. */

import type { ErrorFormat } from '../../core/deployment.ts';
import type { ErrorCode } from '../../core/errors.ts';
import { problem } from '../../core/errors.ts';
import { PATHS } from '../../core/paths.ts';
import type { UiText } from './i18n.ts';
import { uiText } from './i18n.ts';
import { type LayoutContext, renderDocument } from './layout.ts';
import { siteLinks } from './links.ts';
import { articleHtml, markdownDocument } from './page.ts';

export type SiteError =
  | { code: 'resource_not_found' | 'gone' }
  | { code: 'method_not_allowed'; method: string };

function wording(error: SiteError, ui: UiText, path: string): { title: string; detail: string } {
  switch (error.code) {
    case 'resource_not_found':
      return { title: ui.notFoundTitle, detail: ui.notFound(path) };
    case 'gone':
      return { title: ui.goneTitle, detail: ui.gone(path) };
    case 'method_not_allowed':
      return { title: ui.methodTitle, detail: ui.method(error.method, path) };
  }
}

const SITE_HINT = `Pages are listed in ${PATHS.llmsTxt}; the API is described at ${PATHS.openapi}.`;

/** The error's body in one format; the run time picks the format by `Accept` and adds the headers. */
export function errorText(
  error: SiteError,
  path: string,
  format: ErrorFormat,
  context: LayoutContext,
): string {
  const { langRoot, languageOfPath } = siteLinks(context.site.languages);
  const lang = languageOfPath(path);
  const ui = uiText(lang, context.site);
  const { title, detail } = wording(error, ui, path);
  const home = { kind: 'paragraph', text: { href: langRoot(lang), text: ui.backHome } } as const;
  const code: ErrorCode = error.code;
  switch (format) {
    case 'html': {
      const main = articleHtml(title, detail, [home]);
      return renderDocument({ lang, title, description: detail, main }, context);
    }
    case 'md': {
      const fields = { title, description: detail, language: lang };
      return markdownDocument(fields, title, detail, [home], context.baseUrl);
    }
    case 'json': {
      const hint = error.code === 'resource_not_found' ? SITE_HINT : undefined;
      return JSON.stringify(problem(context.baseUrl, code, detail, path, hint));
    }
  }
}
