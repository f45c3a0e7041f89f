/** Machine-readable catalogs: RFC 9727 api-catalog, the AI Catalog, the MCP server card, auth.md. */
import { API_VERSION } from '../../core/api.ts';
import { SERVER_CARD_TYPE } from '../../core/media-types.ts';
import { PATHS } from '../../core/paths.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import { describeLicense } from '../api/license.ts';
import type { SiteData } from '../data/types.ts';
import { SKILL_NAME, SKILL_PATH } from './skills.ts';

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
        'service-desc': [{ href: url(PATHS.mcpServerCard), type: SERVER_CARD_TYPE }],
        'service-doc': [{ href: `${url(PATHS.developerPortal)}#mcp`, type: 'text/html' }],
      },
      {
        anchor: url(PATHS.apiCatalog),
        item: [{ href: url('/api/index.json') }, { href: url(PATHS.mcpEndpoint) }],
      },
    ],
  };
}

/** The media type of an AI Catalog (Agent-Card/ai-catalog specification). */
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';
/** The one `$schema` the draft's schema accepts: the `v1` family (a breaking revision would be `v2`). */
const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The MCP server's own name, as `initialize` reports it in `serverInfo`. */
const MCP_SERVER_NAME = 'folio';
/** The longest `title` and `description` a server card allows. */
const CARD_TEXT_MAX = 100;

/** The service's host name, as the naming schemes of both catalogs use it. */
const hostOf = (baseUrl: string) => new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');

/** A server card `name`: the host in reverse-DNS order, a slash, the server's name. */
function reverseDnsName(baseUrl: string): string {
  const labels = hostOf(baseUrl)
    .replace(/[^a-zA-Z0-9.-]/g, '-')
    .split('.');
  return `${labels.reverse().join('.')}/${MCP_SERVER_NAME}`;
}

/**
 * The MCP server card in the shape of the server-card draft's v1 schema
 * (modelcontextprotocol/experimental-ext-server-card, SEP-2127): identity and transport only, no
 * tool listing (the draft leaves primitives to the protocol's list methods).
 */
export function mcpServerCard(data: SiteData, baseUrl: string): object {
  const title = `${data.site.name} MCP server`;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(baseUrl),
    version: API_VERSION,
    description: 'Read-only tools to search and read the blog: posts, series, tag timelines and talks.',
    ...(title.length <= CARD_TEXT_MAX ? { title } : {}),
    websiteUrl: `${baseUrl}${PATHS.developerPortal}#mcp`,
    remotes: [
      {
        type: 'streamable-http',
        url: baseUrl + PATHS.mcpEndpoint,
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
    ],
  };
}

/**
 * The AI Catalog (Agent-Card/ai-catalog, specification/ai-catalog.md, level 2): the host, then
 * one entry per agent-facing artifact, each named `urn:air:{host}:{namespace}:{name}`. Entries
 * whose artifact names itself (the server card, the skill) carry no display name of their own.
 */
export function aiCatalog(data: SiteData, baseUrl: string): object {
  const url = (path: string) => baseUrl + path;
  const host = hostOf(baseUrl);
  const urn = (namespace: string, name: string) => `urn:air:${host}:${namespace}:${name}`;
  const license = describeLicense(data.site.license, `${url(PATHS.developerPortal)}#license`);
  return {
    specVersion: '1.0',
    host: { displayName: data.site.name, identifier: host, documentationUrl: url(PATHS.developerPortal) },
    entries: [
      { identifier: urn('mcp', MCP_SERVER_NAME), type: SERVER_CARD_TYPE, url: url(PATHS.mcpServerCard) },
      { identifier: urn('skill', SKILL_NAME), type: 'application/agent-skills+md', url: url(SKILL_PATH) },
      {
        identifier: urn('skill', 'index'),
        displayName: 'Agent Skills discovery index',
        type: 'application/json',
        url: url(PATHS.agentSkills),
      },
      {
        identifier: urn('api', 'openapi'),
        displayName: `${data.site.name} API (OpenAPI 3.1)`,
        type: OPENAPI_TYPE,
        url: url(PATHS.openapi),
      },
      {
        identifier: urn('api', 'api-catalog'),
        displayName: 'API catalog (RFC 9727)',
        type: LINKSET_TYPE,
        url: url(PATHS.apiCatalog),
      },
      {
        identifier: urn('docs', 'llms-txt'),
        displayName: 'llms.txt',
        type: 'text/plain',
        url: url(PATHS.llmsTxt),
      },
      {
        identifier: urn('docs', 'llms-full-txt'),
        displayName: 'Every post in full (llms-full.txt)',
        type: 'text/plain',
        url: url(PATHS.llmsFullTxt),
      },
      {
        identifier: urn('docs', 'access-policy'),
        displayName: 'Access policy',
        type: 'text/markdown',
        url: url(PATHS.auth),
      },
    ],
    extensions: {
      'https://ai-catalog.org/extensions/metadata': {
        languages: data.site.languages,
        ...(license && { license: { name: license.name, spdx: license.spdx, url: license.url } }),
        authentication: 'none',
      },
    },
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
${data.site.license === null ? '' : `- **Licence:** ${data.site.license}; reuse is allowed, including for training and grounding, with attribution to ${data.site.name} (${baseUrl}).\n`}
Details: ${baseUrl}${PATHS.developerPortal}#authentication
`;
}
