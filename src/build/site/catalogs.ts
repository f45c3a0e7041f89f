/** Machine-readable catalogs: RFC 9727 api-catalog, the AI Catalog, the MCP server card, auth.md. */
import { API_VERSION } from '../../core/api.ts';
import { SERVER_CARD_TYPE } from '../../core/media-types.ts';
import { PATHS } from '../../core/paths.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
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
 * The card's description, at most CARD_TEXT_MAX characters: the first of these that fits, so a
 * long author's name costs the name, never the card's validity. Each says the tools are also
 * registered on the site's pages, with WebMCP.
 */
const cardDescriptions = (author: string) => [
  `Read-only tools to search and read the blog by ${author}, also on its pages through WebMCP.`,
  'Read-only tools to search and read the blog, also on its pages through WebMCP.',
];

/** How the server card and the catalog's MCP entry name and describe the server. */
function mcpServerCardText(data: SiteData) {
  const descriptions = cardDescriptions(data.site.author.name);
  return {
    title: `${data.site.name} MCP server`,
    description: descriptions.find((text) => text.length <= CARD_TEXT_MAX) ?? (descriptions.at(-1) as string),
  };
}

/**
 * The MCP server card in the shape of the server-card draft's v1 schema
 * (modelcontextprotocol/experimental-ext-server-card, SEP-2127): identity and transport only, no
 * tool listing (the draft leaves primitives to the protocol's list methods).
 */
export function mcpServerCard(data: SiteData, baseUrl: string): object {
  const { title, description } = mcpServerCardText(data);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(baseUrl),
    version: API_VERSION,
    description,
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

/** A media type without its parameters' charset: what a catalog declares of a body served as `type`. */
const essenceOf = (type: string) => type.replace(/;\s*charset=[^;]*/i, '');

/** A catalog entry: what ARD requires (identifier, displayName, type, url) and what makes it findable. */
interface CatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  /** 2 to 5 requests of the kind the artifact answers, which registries match searches against. */
  representativeQueries: string[];
}

/**
 * The AI Catalog in the shape of the Agentic Resource Discovery draft (ARD v0.9, on the AI Catalog
 * data model): `specVersion`, `host` and `entries` and no other root member; each entry named
 * `urn:air:{host}:{namespace}:{name}`, with a display name, the media type its URL is served with
 * (`typeOf`, the same table the server answers from), a description and representative queries.
 * It lists what the draft's discovery types name, the MCP server (by its card, whose title and
 * description its entry repeats) and the agent skill; the API's documents and llms.txt are found
 * through the API catalog, llms.txt and the pages' links instead.
 */
export function aiCatalog(data: SiteData, baseUrl: string, typeOf: (path: string) => string): object {
  const url = (path: string) => baseUrl + path;
  const host = hostOf(baseUrl);
  const name = data.site.name;
  const entry = (
    namespace: string,
    id: string,
    path: string,
    displayName: string,
    description: string,
    representativeQueries: string[],
  ): CatalogEntry => ({
    identifier: `urn:air:${host}:${namespace}:${id}`,
    displayName,
    type: essenceOf(typeOf(path)),
    url: url(path),
    description,
    representativeQueries,
  });
  const card = mcpServerCardText(data);
  return {
    specVersion: '1.0',
    host: { displayName: name, identifier: host, documentationUrl: url(PATHS.developerPortal) },
    entries: [
      entry('mcp', MCP_SERVER_NAME, PATHS.mcpServerCard, card.title, card.description, [
        `Search the ${name} blog for posts about a subject`,
        `Read a post of ${name} as Markdown`,
        `List the series of ${name} in reading order`,
      ]),
      entry(
        'skill',
        SKILL_NAME,
        SKILL_PATH,
        `Read the ${name} API`,
        'An agent skill: how to list, search and read the posts through the API and the MCP server.',
        [`How do I read the ${name} blog from an agent?`, `Fetch the newest posts of ${name}`],
      ),
    ],
  };
}

export function authMarkdown(data: SiteData, baseUrl: string, policy: RateLimitPolicy): string {
  return `# Access policy: ${data.site.name}

Everything here is public, anonymous and read-only. The content is written by ${data.site.author.name}.

- **Authentication:** none. There is no API key, signup, OAuth flow, account or paid tier.
- **Credentials:** any sent with a request (\`Authorization\`, cookies, keys) are ignored and change nothing.
- **Methods:** \`GET\` and \`HEAD\` on the API (\`POST\` on the MCP endpoint, read-only tools only).
- **OpenAPI:** the global security requirement is empty (\`security: []\`): ${baseUrl}${PATHS.openapi}
- **Rate limit:** ${policy.quota} requests per sliding ${policy.windowSeconds}-second window per client IP; over it, 429 with \`Retry-After\`.
${data.site.license === null ? '' : `- **Licence:** ${data.site.license}; reuse is allowed, including for training and grounding, with attribution to ${data.site.author.name}, ${data.site.name} (${baseUrl}).\n`}
Details: ${baseUrl}${PATHS.developerPortal}#authentication
`;
}
