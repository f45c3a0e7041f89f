/** Error answers outside /api/: 404, 405 and 410 as an HTML page, Markdown or problem+json. */

import type { ErrorCode } from '../../core/errors.ts';
import { PATHS } from '../../core/paths.ts';
import type { HeaderMap } from '../../http/cors.ts';
import { negotiate } from '../../http/negotiate.ts';
import { problem } from '../../http/problem.ts';
import { PROBLEM_TYPE } from '../../http/problem-response.ts';
import type { UiText } from './i18n.ts';
import { uiText } from './i18n.ts';
import { type LayoutContext, renderDocument } from './layout.ts';
import { siteLinks } from './links.ts';
import { articleHtml, markdownDocument } from './page.ts';
import { HTML_TYPE, MARKDOWN_TYPE, type Representation, represent } from './representation.ts';

export type SiteError =
  | { code: 'resource_not_found' | 'gone' }
  | { code: 'method_not_allowed'; method: string };

const ERROR_OFFERS = ['text/html', 'text/markdown', 'application/problem+json', 'application/json'] as const;

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

export function errorRepresentation(
  error: SiteError,
  path: string,
  accept: string | null,
  context: LayoutContext,
  extra: HeaderMap,
): Representation {
  const { langRoot, languageOfPath } = siteLinks(context.site.languages);
  const lang = languageOfPath(path);
  const ui = uiText(lang);
  const { title, detail } = wording(error, ui, path);
  const home = { kind: 'paragraph', text: { href: langRoot(lang), text: ui.backHome } } as const;
  const code: ErrorCode = error.code;
  const headers = { vary: 'Accept', ...extra };
  switch (negotiate(accept, ERROR_OFFERS)) {
    case 'text/html': {
      const main = articleHtml(title, detail, [home]);
      return represent(
        renderDocument({ lang, title, description: detail, main }, context),
        HTML_TYPE,
        headers,
      );
    }
    case 'text/markdown': {
      const fields = { title, description: detail, language: lang };
      return represent(
        markdownDocument(fields, title, detail, [home], context.baseUrl),
        MARKDOWN_TYPE,
        headers,
      );
    }
    case 'application/problem+json':
    case 'application/json': {
      const body = problem(
        context.baseUrl,
        code,
        detail,
        path,
        error.code === 'resource_not_found' ? SITE_HINT : undefined,
      );
      return represent(JSON.stringify(body), PROBLEM_TYPE, headers);
    }
  }
}
