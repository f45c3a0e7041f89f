/** llms.txt (https://llmstxt.org): the site for language models, in one file that stays the same size. */

import { languageName } from '../../core/languages.ts';
import { feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import type { Tool } from '../../mcp/protocol.ts';
import { resourceTemplateList } from '../../mcp/resource-templates.ts';
import { HOME_INTRO } from '../content/pages.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { nativeName, type UiText, uiText } from './i18n.ts';
import { siteLinks } from './links.ts';
import { authorLine, type LlmsFullParts, llmsFullItems } from './llms-full.ts';
import { llmsItem, llmsLanguagePath } from './llms-indexes.ts';

/** Posts of each language listed in llms.txt itself; the rest are reached through its index. */
const NEWEST_POSTS = 10;

/**
 * The newest posts of one language with a link to its index (every post, by year, and its
 * series), then its pages (a handful: about, contact). Whatever the number of posts, this stays
 * the same size.
 */
function languageSections(data: SiteData, lang: Lang, baseUrl: string): string {
  const inLang = <T extends { lang: Lang }>(items: readonly T[]) => items.filter((x) => x.lang === lang);
  const all = inLang(data.posts);
  const posts = all.slice(0, NEWEST_POSTS).map((post) => llmsItem(post, baseUrl));
  const index = `- [${nativeName(lang)}: every post, by year, and the series](${baseUrl}${llmsLanguagePath(lang)}): the index of all ${all.length} posts in ${languageName(lang)}`;
  const pages = inLang(data.pages)
    .filter((page) => page.slug !== HOME_INTRO)
    .map((page) => llmsItem(page, baseUrl));
  const ui = uiText(lang, data.site);
  return [
    `## ${ui.postsIn(lang)}\n\n${[...posts, index].join('\n')}`,
    ...(pages.length ? [`## ${ui.pagesIn(lang)}\n\n${pages.join('\n')}`] : []),
  ].join('\n\n');
}

/** The first sentence of a tool's description: what it does, before when to use it. */
const firstSentence = (text: string) => `${text.split(/(?<=\.)\s/)[0]}`;

/**
 * The MCP tools and resource templates, as tools/list and resources/templates/list publish them.
 */
function mcpSections(data: SiteData, baseUrl: string, tools: readonly Tool[], ui: UiText): string {
  const { portalPath } = siteLinks(data.site.languages);
  const portal = `${baseUrl}${markdownTwinPath(portalPath(data.site.languages[0] as Lang))}`;
  const toolItems = tools.map((tool) => `- [${tool.name}](${portal}): ${firstSentence(tool.description)}`);
  // A template is no link to follow: each item links to the portal's MCP section and names its
  // template, relative to the site, in its notes.
  const templateItems = resourceTemplateList(baseUrl, data.site.languages).map(
    (template) =>
      `- [${template.title}](${portal}): \`${template.uriTemplate.slice(baseUrl.length)}\`, ${template.description}`,
  );
  return [
    `## ${ui.mcpTools}\n\n${toolItems.join('\n')}`,
    `## ${ui.mcpResources}\n\n${templateItems.join('\n')}`,
  ].join('\n\n');
}

/**
 * The headings are in the blog's first language, each language's own section in its language;
 * `Optional` is the format's name for the section a reader may skip, and stays as it is.
 */
export function llmsTxt(
  data: SiteData,
  baseUrl: string,
  tools: readonly Tool[],
  fullParts: LlmsFullParts,
): string {
  const url = (path: string) => baseUrl + path;
  const [rootLanguage, ...otherLanguages] = data.site.languages as [Lang, ...Lang[]];
  const ui = uiText(rootLanguage, data.site);
  const { langRoot, portalPath } = siteLinks(data.site.languages);
  const feeds = data.site.languages.flatMap((lang) => {
    const inLanguage = `the newest posts in ${languageName(lang)}, with their full content`;
    return [
      `- [RSS (${nativeName(lang)})](${url(feedPath(langRoot(lang), 'rss'))}): RSS 2.0 of ${inLanguage}`,
      `- [Atom (${nativeName(lang)})](${url(feedPath(langRoot(lang), 'atom'))}): Atom 1.0 of ${inLanguage}`,
      `- [JSON Feed (${nativeName(lang)})](${url(feedPath(langRoot(lang), 'json'))}): JSON Feed 1.1 of ${inLanguage}`,
    ];
  });
  const otherPortals = otherLanguages.map(
    (lang) =>
      `- [Developer portal (${nativeName(lang)})](${url(markdownTwinPath(portalPath(lang)))}): the developer portal in ${languageName(lang)}`,
  );
  const optional = [
    ...data.site.languages.flatMap((lang) => llmsFullItems(fullParts, data.site.languages, lang, baseUrl)),
    ...otherPortals,
  ];
  return `# ${data.site.name}

> ${data.site.description}

${authorLine(data, rootLanguage)}

Every page is available as Markdown: append \`.md\` to its path or send \`Accept: text/markdown\`. The same content is served as a public, read-only JSON API and an MCP server; no key or account is needed.${data.site.license === null ? '' : ` Content licence: ${data.site.license}, reuse with attribution.`}

## ${ui.apiAndAgents}

- [Developer portal](${url(markdownTwinPath(portalPath(rootLanguage)))}): quickstart, every endpoint, limits, errors, versioning, MCP and CLI
- [OpenAPI 3.1 description](${url(PATHS.openapi)}): every endpoint with its schemas
- [API index](${url('/api/index.json')}): version, policies and every concrete endpoint URL
- [MCP server](${url(PATHS.mcpEndpoint)}): POST JSON-RPC 2.0; see the [server card](${url(PATHS.mcpServerCard)})
- [Access policy](${url(PATHS.auth)}): public, anonymous, read-only
- [Agent skills](${url(PATHS.agentSkills)}): how an agent should use this API

${mcpSections(data, baseUrl, tools, ui)}

## ${ui.feedsAndSitemaps}

${feeds.join('\n')}
- [Sitemap](${url(PATHS.sitemap)}): every page in every language, with its last change and translations
- [Markdown sitemap](${url(PATHS.sitemapMarkdown)}): every page as its Markdown twin

${data.site.languages.map((lang) => languageSections(data, lang, baseUrl)).join('\n\n')}

## Optional

${optional.join('\n')}
`;
}
