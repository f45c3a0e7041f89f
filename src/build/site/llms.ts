/** llms.txt (https://llmstxt.org) and llms-full.txt: the site for language models. */

import { languageName } from '../../core/languages.ts';
import { feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import type { Tool } from '../../mcp/protocol.ts';
import { resourceTemplateList } from '../../mcp/resource-templates.ts';
import { HOME_INTRO } from '../content/pages.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { nativeName, type UiText, uiText } from './i18n.ts';
import { siteLinks } from './links.ts';

/** An llmstxt.org list item: `- [title](url): description`, nothing between the link and the colon. */
const item = (page: { title: string; path: string; description: string }, baseUrl: string) =>
  `- [${page.title}](${baseUrl}${markdownTwinPath(page.path)}): ${page.description}`;

/** The posts, the series, then the pages of one language, each in its own section. */
function languageSections(data: SiteData, lang: Lang, baseUrl: string): string {
  const inLang = <T extends { lang: Lang }>(items: readonly T[]) => items.filter((x) => x.lang === lang);
  const posts = inLang(data.posts).map((post) => item(post, baseUrl));
  const series = inLang(data.series).map((s) => item(s, baseUrl));
  const pages = inLang(data.pages)
    .filter((page) => page.slug !== HOME_INTRO)
    .map((page) => item(page, baseUrl));
  const ui = uiText(lang, data.site);
  return [
    `## ${ui.postsIn(lang)}\n\n${posts.join('\n')}`,
    ...(series.length ? [`## ${ui.seriesIn(lang)}\n\n${series.join('\n')}`] : []),
    ...(pages.length ? [`## ${ui.pagesIn(lang)}\n\n${pages.join('\n')}`] : []),
  ].join('\n\n');
}

/** The first sentence of a tool's description: what it does, before when to use it. */
const firstSentence = (text: string) => `${text.split(/(?<=\.)\s/)[0]}`;

/**
 * The MCP tools and resource templates, as tools/list and resources/templates/list publish them.
 * The templates are written relative to the site (a template is not a link to follow).
 */
function mcpSections(data: SiteData, baseUrl: string, tools: readonly Tool[], ui: UiText): string {
  const { portalPath } = siteLinks(data.site.languages);
  const portal = `${baseUrl}${markdownTwinPath(portalPath(data.site.languages[0] as Lang))}`;
  const toolItems = tools.map((tool) => `- [${tool.name}](${portal}): ${firstSentence(tool.description)}`);
  const templateItems = resourceTemplateList(baseUrl, data.site.languages).map(
    (template) =>
      `* \`${template.uriTemplate.slice(baseUrl.length)}\` (${template.title}): ${template.description}`,
  );
  return [
    `## ${ui.mcpTools}\n\n${toolItems.join('\n')}`,
    `## ${ui.mcpResources}`,
    `Posts, series, slide decks and tags are \`text/markdown\` resources whose URIs are their Markdown twins' URLs, from these templates under ${baseUrl} (the pages of the site are resources too, listed by resources/list):`,
    templateItems.join('\n'),
  ].join('\n\n');
}

/**
 * The headings are in the blog's first language, each language's own section in its language;
 * `Optional` is the format's name for the section a reader may skip, and stays as it is.
 */
export function llmsTxt(data: SiteData, baseUrl: string, tools: readonly Tool[]): string {
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
    `- [Every post in full](${url(PATHS.llmsFullTxt)}): the complete Markdown of every published post`,
    ...otherPortals,
  ];
  return `# ${data.site.name}

> ${data.site.description}

Written by ${data.site.author.name}${data.site.author.sameAs.length ? ` (${data.site.author.sameAs.join(', ')})` : ''}.

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

/** The opening of llms-full.txt, which goes on with every published post's Markdown twin, one after another. */
export function llmsFullHeader(data: SiteData): string {
  return `# ${data.site.name}: every post in full\n\n> ${data.site.description}\n`;
}
