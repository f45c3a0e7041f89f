import { API_PREFIXES, API_VERSION, RATE_LIMIT_HEADERS } from '../../core/api.ts';
import { type EndpointSpec, SEARCH_ENDPOINT, SEARCH_PARAMETERS } from '../../core/endpoints.ts';
import { feedPath, PATHS } from '../../core/paths.ts';
import type { ApiIndex } from '../../core/schemas.ts';
import type { SiteData } from '../data/types.ts';
import { describeLicense } from './license.ts';

export interface RateLimitPolicy {
  quota: number;
  windowSeconds: number;
}

export function buildApiIndex(
  data: SiteData,
  baseUrl: string,
  policy: RateLimitPolicy,
  endpoints: readonly EndpointSpec[],
  urls: (operationId: string) => string[],
): ApiIndex {
  const docs = `${baseUrl}${PATHS.developerPortal}`;
  const link = (path: string) => baseUrl + path;
  const license = describeLicense(data.site.license, `${docs}#license`);
  return {
    name: `${data.site.name} API`,
    description: `Read-only JSON API over ${data.site.name}: ${data.site.description}`,
    version: API_VERSION,
    versioning: {
      policy:
        'Semantic versioning. Additive changes ship without notice under the same paths; clients ignore unknown fields. A breaking change ships under a new prefix (/api/v2/), the previous paths keep serving for at least six months, and their responses carry Deprecation and Sunset headers during that window.',
      current: API_VERSION,
      version_header: 'X-API-Version',
      url_prefixes: [...API_PREFIXES],
      deprecation_headers: ['Deprecation', 'Sunset'],
      documentation_url: `${docs}#versioning`,
    },
    authentication: {
      required: false,
      scheme: 'none',
      description:
        'Everything is public, anonymous and read-only: no API key, account or signup. Credentials sent with a request are ignored.',
      documentation_url: `${docs}#authentication`,
    },
    methods: ['GET', 'HEAD'],
    rate_limit: {
      quota: policy.quota,
      window_seconds: policy.windowSeconds,
      scope: 'client-ip',
      enforcement: 'best-effort',
      headers: RATE_LIMIT_HEADERS,
      documentation_url: `${docs}#rate-limits`,
    },
    error_format: {
      media_type: 'application/problem+json',
      specification: 'RFC 9457',
      documentation_url: `${docs}#errors`,
    },
    license: license && {
      ...license,
      attribution: `Reuse is allowed, including for training and grounding, with attribution to ${data.site.name} (${baseUrl}).`,
    },
    links: {
      openapi: link(PATHS.openapi),
      developer_portal: docs,
      mcp_endpoint: link(PATHS.mcpEndpoint),
      llms_txt: link(PATHS.llmsTxt),
      llms_full_txt: link(PATHS.llmsFullTxt),
      auth: link(PATHS.auth),
      ai_catalog: link(PATHS.aiCatalog),
      mcp_server_card: link(PATHS.mcpServerCard),
      agent_skills: link(PATHS.agentSkills),
      api_catalog: link(PATHS.apiCatalog),
      rss: link(feedPath('/', 'rss')),
      atom: link(feedPath('/', 'atom')),
      json_feed: link(feedPath('/', 'json')),
      sitemap: link(PATHS.sitemap),
      sitemap_md: link(PATHS.sitemapMarkdown),
      robots_txt: link(PATHS.robots),
    },
    total: endpoints.length,
    endpoints: endpoints.map((endpoint) => ({
      operationId: endpoint.operationId,
      description: endpoint.description,
      pathTemplate: endpoint.pathTemplate,
      urls: urls(endpoint.operationId),
    })),
    search: {
      operationId: SEARCH_ENDPOINT.operationId,
      description: SEARCH_ENDPOINT.description,
      pathTemplate: SEARCH_ENDPOINT.pathTemplate,
      parameters: [...SEARCH_PARAMETERS],
      example: `${link(SEARCH_ENDPOINT.pathTemplate)}?q=${encodeURIComponent(exampleWords(data))}`,
    },
  };
}

/** Words the blog's example search finds: the first tag of its first post, else a word of its name. */
function exampleWords(data: SiteData): string {
  const [post] = data.posts;
  return post?.allTags[0] ?? data.site.name.split(/\s+/)[0] ?? 'blog';
}
