/** Agent Skills discovery (v0.2.0): the index and the SKILL.md it lists, with its sha256 digest. */
import { createHash } from 'node:crypto';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/deployment.ts';
import { inWords, type Lang, languageName } from '../../core/languages.ts';
import { PATHS } from '../../core/paths.ts';
import type { Tool } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import type { SiteData } from '../data/types.ts';

export const SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
export const SKILL_NAME = 'read-blog-api';
export const SKILL_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;

const description = (data: SiteData) =>
  `Find and read posts, series, tag timelines and talks of ${data.site.name} through its public read-only JSON API or MCP server.`;

/** `an English`, `a bilingual (en/es)`, `a multilingual (en/es/pt-br)`. */
function languagesInWords(languages: readonly Lang[]): string {
  if (languages.length === 1) {
    const name = languageName(languages[0] as Lang);
    return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  }
  return `a ${languages.length === 2 ? 'bilingual' : 'multilingual'} (${languages.join('/')})`;
}

export function skillMarkdown(
  data: SiteData,
  baseUrl: string,
  tools: readonly Tool[],
  policy: RateLimitPolicy,
): string {
  const url = (path: string) => baseUrl + path;
  return `---
name: ${SKILL_NAME}
description: ${description(data)}
---

# Reading ${data.site.name} through its API

${data.site.name} is ${languagesInWords(data.site.languages)} blog with a public, read-only JSON API. No key or account is needed; send plain GET requests.

## Steps

1. Fetch ${url('/api/index.json')}. It lists every endpoint with every concrete URL (each language, series slug and tag), so you never need to guess a path.
2. Pick the endpoint for the task:
   - newest posts: ${inWords(
     data.site.languages.map((lang) => url(`/api/posts-${lang}.json`)),
     'or',
   )}, with \`?limit=N\` (${LIMIT_MIN}–${LIMIT_MAX}) for the newest N only;
   - a series in reading order: \`/api/series/{lang}/{slug}.json\` (slugs from \`/api/series/{lang}/index.json\`);
   - posts with a tag: \`/api/timeline/{lang}/{tag}.json\`;
   - talks: \`/api/slides-timeline/{lang}.json\`.
3. To read a post, take its \`url\` and request it with \`Accept: text/markdown\` (or append \`.md\` to the path without its trailing slash): you get the full post as Markdown with its metadata.
4. Cite the post's \`url\`.${data.site.license === null ? '' : ` The content is ${data.site.license}: reuse it with attribution to ${data.site.name}.`}

## Rules

- Errors are RFC 9457 problem+json; read \`error.hint\` to recover. 404 means the path does not exist: go back to the index. 400 means a bad \`limit\`.
- Stay under ${policy.quota} requests per ${policy.windowSeconds} seconds (\`RateLimit-Policy\` says the same on every answer); on 429, wait \`Retry-After\` seconds. Send \`If-None-Match\` with a stored \`ETag\` to get cheap 304s.
- Prefer the MCP server (${url(PATHS.mcpEndpoint)}, tools: ${tools.map((tool) => tool.name).join(', ')}) when your client speaks MCP; \`search_blog_posts\` does full-text search.

Reference: ${url(PATHS.openapi)} and ${url(PATHS.developerPortal)}.
`;
}

export function skillsIndex(data: SiteData, baseUrl: string, skill: Uint8Array): object {
  return {
    $schema: SKILLS_SCHEMA,
    skills: [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: description(data),
        url: baseUrl + SKILL_PATH,
        digest: `sha256:${createHash('sha256').update(skill).digest('hex')}`,
      },
    ],
  };
}
