/** llms.txt (https://llmstxt.org) and llms-full.txt: the site for language models. */
import type { Lang, PostRecord, SiteData } from '../data/types.ts';
import { LANG_NAMES } from './i18n.ts';
import { portalPath } from './links.ts';
import type { Page } from './page.ts';
import { pageMarkdown } from './page.ts';
import { markdownTwinPath, PATHS } from './paths.ts';

const postLine = (post: PostRecord, baseUrl: string) =>
  `- [${post.title}](${baseUrl}${markdownTwinPath(post.path)}): ${post.description}`;

function postsSection(data: SiteData, lang: Lang, baseUrl: string): string {
  const lines = data.posts.filter((post) => post.lang === lang).map((post) => postLine(post, baseUrl));
  return `## Posts in ${LANG_NAMES[lang]}\n\n${lines.join('\n')}`;
}

export function llmsTxt(data: SiteData, baseUrl: string): string {
  const url = (path: string) => baseUrl + path;
  const series = data.series.map(
    (s) => `- [${s.title}](${url(markdownTwinPath(s.path))}) (${LANG_NAMES[s.lang]}): ${s.description}`,
  );
  return `# ${data.site.name}

> ${data.site.description}

Every page is available as Markdown: append \`.md\` to its path or send \`Accept: text/markdown\`. The same content is served as a public, read-only JSON API and an MCP server; no key or account is needed. Content licence: ${data.site.license}, reuse with attribution.

## API and agents

- [Developer portal](${url(markdownTwinPath(portalPath('en')))}): quickstart, every endpoint, limits, errors, versioning, MCP and CLI
- [OpenAPI 3.1 description](${url(PATHS.openapi)}): every endpoint with its schemas
- [API index](${url('/api/index.json')}): version, policies and every concrete endpoint URL
- [MCP server](${url(PATHS.mcpEndpoint)}): POST JSON-RPC 2.0; see the [server card](${url(PATHS.mcpServerCard)})
- [Access policy](${url(PATHS.auth)}): public, anonymous, read-only
- [Agent skills](${url(PATHS.agentSkills)}): how an agent should use this API

${postsSection(data, 'en', baseUrl)}

${postsSection(data, 'es', baseUrl)}

## Series

${series.join('\n')}

## Optional

- [Every post in full](${url(PATHS.llmsFullTxt)}): the complete Markdown of every published post
- [Portal en español](${url(markdownTwinPath(portalPath('es')))}): the developer portal in Spanish
`;
}

/** Every published post in full, as its Markdown twin, one after another. */
export function llmsFullTxt(data: SiteData, posts: readonly Page[], baseUrl: string): string {
  const header = `# ${data.site.name}: every post in full\n\n> ${data.site.description}\n`;
  return [header, ...posts.map((page) => pageMarkdown(page, baseUrl))].join('\n');
}
