/** Machine-readable catalogs: RFC 9727 api-catalog, the AI catalog, the MCP server card, auth.md. */
import { API_VERSION } from '../api/endpoints.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import { describeLicense } from '../api/license.ts';
import type { SiteData } from '../data/types.ts';
import type { Tool } from '../mcp/protocol.ts';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp/protocol.ts';
import { portalPath } from './links.ts';
import { PATHS } from './paths.ts';

export const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/** The `Link` header that points at the API catalog (RFC 9727 section 4). */
export const apiCatalogLink = (baseUrl: string) => `<${baseUrl}${PATHS.apiCatalog}>; rel="api-catalog"`;

export function apiCatalog(baseUrl: string): object {
  const url = (path: string) => baseUrl + path;
  return {
    linkset: [
      {
        anchor: url('/api/index.json'),
        'service-desc': [{ href: url(PATHS.openapi), type: OPENAPI_TYPE }],
        'service-doc': [
          { href: url(PATHS.developerPortal), type: 'text/html' },
          { href: url(PATHS.llmsTxt), type: 'text/plain' },
        ],
        'service-meta': [{ href: url('/api/index.json'), type: 'application/json' }],
      },
      {
        anchor: url(PATHS.mcpEndpoint),
        'service-desc': [{ href: url(PATHS.mcpServerCard), type: 'application/json' }],
        'service-doc': [{ href: `${url(PATHS.developerPortal)}#mcp`, type: 'text/html' }],
      },
      {
        anchor: url(PATHS.apiCatalog),
        item: [{ href: url('/api/index.json') }, { href: url(PATHS.mcpEndpoint) }],
      },
    ],
  };
}

export function mcpServerCard(data: SiteData, baseUrl: string, tools: readonly Tool[]): object {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: DEFAULT_PROTOCOL_VERSION,
    serverInfo: { name: 'folio', title: `${data.site.name} MCP server`, version: API_VERSION },
    description: `Read-only tools over ${data.site.name}: search posts, list series and slide decks, read tag timelines and the API index.`,
    documentationUrl: `${baseUrl}${PATHS.developerPortal}#mcp`,
    transport: { type: 'streamable-http', endpoint: baseUrl + PATHS.mcpEndpoint },
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false, schemes: [] },
    tools: [...tools],
  };
}

export function aiCatalog(data: SiteData, baseUrl: string): object {
  const url = (path: string) => baseUrl + path;
  const license = describeLicense(data.site.license, `${url(PATHS.developerPortal)}#license`);
  return {
    name: data.site.name,
    description: data.site.description,
    url: url('/'),
    languages: data.site.languages,
    license: { name: license.name, spdx: license.spdx, url: license.url },
    authentication: { required: false, scheme: 'none', documentation: url(PATHS.auth) },
    artifacts: [
      { type: 'openapi', url: url(PATHS.openapi), mediaType: 'application/json' },
      { type: 'api-index', url: url('/api/index.json'), mediaType: 'application/json' },
      { type: 'api-catalog', url: url(PATHS.apiCatalog), mediaType: LINKSET_TYPE },
      { type: 'mcp-server', url: url(PATHS.mcpEndpoint), serverCard: url(PATHS.mcpServerCard) },
      { type: 'agent-skills', url: url(PATHS.agentSkills), mediaType: 'application/json' },
      { type: 'llms-txt', url: url(PATHS.llmsTxt), mediaType: 'text/plain' },
      { type: 'llms-full-txt', url: url(PATHS.llmsFullTxt), mediaType: 'text/plain' },
      { type: 'auth', url: url(PATHS.auth), mediaType: 'text/markdown' },
      { type: 'documentation', url: url(portalPath('en')), mediaType: 'text/html' },
    ],
  };
}

export function authMarkdown(data: SiteData, baseUrl: string, policy: RateLimitPolicy): string {
  return `# Access policy: ${data.site.name}

Everything here is public, anonymous and read-only.

- **Authentication:** none. There is no API key, signup, OAuth flow, account or paid tier.
- **Credentials:** any sent with a request (\`Authorization\`, cookies, keys) are ignored and change nothing.
- **Methods:** \`GET\` and \`HEAD\` on the API (\`POST\` on the MCP endpoint, read-only tools only).
- **OpenAPI:** the global security requirement is empty (\`security: []\`): ${baseUrl}${PATHS.openapi}
- **Rate limit:** ${policy.quota} requests per sliding ${policy.windowSeconds}-second window per client IP; over it, 429 with \`Retry-After\`.
- **Licence:** ${data.site.license}; reuse is allowed, including for training and grounding, with attribution to ${data.site.name} (${baseUrl}).

Details: ${baseUrl}${PATHS.developerPortal}#authentication
`;
}
