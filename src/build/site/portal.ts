/**
 * The developer portal (/developers, /es/developers), generated from the endpoint catalog, the
 * API index, the error kinds and the limiter policy the API itself serves, so it cannot drift.
 */

import { API_PREFIXES, API_VERSION, RATE_LIMIT_HEADERS } from '../../core/api.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/deployment.ts';
import {
  type EndpointSpec,
  postIndexEndpoint,
  SEARCH_ENDPOINT,
  SEARCH_PARAMETERS,
  type SharedOperationId,
} from '../../core/endpoints.ts';

import { ERROR_CODES, ERROR_KINDS } from '../../core/errors.ts';
import { FEED_FILES, type FeedFormat, feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import type { ApiIndex } from '../../core/schemas.ts';
import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import { describeLicense } from '../api/license.ts';
import { tagsInUse } from '../api/records.ts';
import type { Lang, SiteData } from '../data/types.ts';
import type { Block, Text } from './doc.ts';
import { formatList, formatNumber, languageNameIn, type UiKey, uiText } from './i18n.ts';
import { siteLinks } from './links.ts';
import type { Page } from './page.ts';

const PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.join(', ');

export interface PortalContext {
  data: SiteData;
  baseUrl: string;
  policy: RateLimitPolicy;
  index: ApiIndex;
  /** The catalogue the API was built from. */
  endpoints: readonly EndpointSpec[];
  tools: readonly Tool[];
}

/** The interface key of each endpoint's description; the post index of a language has one of its own. */
const DESCRIPTIONS: Record<SharedOperationId | typeof SEARCH_ENDPOINT.operationId, UiKey> = {
  getApiIndex: 'endpointGetApiIndex',
  listPosts: 'endpointListPosts',
  listSeries: 'endpointListSeries',
  getSeries: 'endpointGetSeries',
  getTimelineByTag: 'endpointGetTimelineByTag',
  getSlidesTimeline: 'endpointGetSlidesTimeline',
  searchPosts: 'endpointSearchPosts',
};

/**
 * The portal's prose in the page's language, from the interface text (English where a `ui:` block
 * leaves a string out); everything factual comes from the context.
 */
function prose(lang: Lang, c: PortalContext) {
  const ui = uiText(lang, c.data.site);
  const langs = c.data.site.languages;
  const { name } = c.data.site;
  /** A number written as the string it goes into is. */
  const number = (key: UiKey, n: number) => formatNumber(n, ui.writtenIn(key));
  /** An endpoint's description: a shared one's, or the post index of one of the blog's languages. */
  const describe = (operationId: string): string => {
    const key: UiKey | undefined = DESCRIPTIONS[operationId as keyof typeof DESCRIPTIONS];
    if (key !== undefined) return ui.filled(key, {});
    const own = langs.find((code) => postIndexEndpoint(code).operationId === operationId);
    if (own !== undefined)
      return ui.filled('endpointPostsIn', { language: languageNameIn(own, ui.writtenIn('endpointPostsIn')) });
    // An endpoint without interface text of its own is described as the catalogue describes it.
    return c.endpoints.find((endpoint) => endpoint.operationId === operationId)?.description ?? '';
  };
  return {
    title: ui.developers,
    description: ui.filled('portalDescription', { name }),
    quickstart: ui.portalQuickstart,
    quickstartIntro: ui.portalQuickstartIntro,
    authentication: ui.portalAuthentication,
    authenticationText: ui.portalAuthenticationText,
    endpoints: ui.portalEndpoints,
    endpointsIntro: ui.filled('portalEndpointsIntro', { prefix: API_PREFIXES[1] }),
    head: [
      ui.portalColumnOperation,
      ui.portalColumnPath,
      ui.portalColumnParameters,
      ui.portalColumnDescription,
    ],
    urls: ui.portalEveryUrl,
    describe,
    limitTitle: ui.portalLimitTitle,
    limitRules: [
      ui.filled('portalLimitDigits', {
        min: number('portalLimitDigits', LIMIT_MIN),
        max: number('portalLimitDigits', LIMIT_MAX),
      }),
      ui.filled('portalLimitRefused', { over: String(LIMIT_MAX + 1) }),
      ui.portalLimitIgnored,
    ],
    errors: ui.portalErrors,
    errorsIntro: ui.portalErrorsIntro,
    errorHead: ['error.code', ui.portalColumnStatus, ui.portalColumnTitle, ui.portalColumnWhatToDo],
    example: ui.portalExample,
    rateLimits: ui.portalRateLimits,
    rateText: ui.filled('portalRateText', {
      quota: number('portalRateText', c.policy.quota),
      window: number('portalRateText', c.policy.windowSeconds),
    }),
    versioning: ui.portalVersioning,
    versioningText: [
      ui.filled('portalVersioningSemantic', {
        version: API_VERSION,
        prefixes: formatList(API_PREFIXES, ui.writtenIn('portalVersioningSemantic'), 'conjunction'),
      }),
      ui.portalVersioningAdditive,
      ui.portalVersioningBreaking,
    ],
    deprecated: ui.portalDeprecatedNow,
    noneDeprecated: ui.portalNoneDeprecated,
    mcp: ui.portalMcp,
    mcpText: ui.filled('portalMcpText', { versions: PROTOCOL_VERSIONS }),
    mcpTools: ui.filled('portalMcpTools', {
      languages: formatList(langs, ui.writtenIn('portalMcpTools'), 'disjunction'),
    }),
    toolHead: [ui.portalColumnTool, ui.portalColumnReturns],
    cli: ui.portalCli,
    cliText: ui.filled('portalCliText', { languages: langs.join('|') }),
    discovery: ui.portalDiscovery,
    discoveryText: ui.portalDiscoveryText,
    feeds: ui.feedsAndSitemaps,
    feedsText: ui.portalFeedsText,
    license: ui.portalLicense,
    licenseText: ui.portalLicenseText,
    licenseTail: ui.filled('portalLicenseTail', { name, url: c.baseUrl }),
  };
}

const link = (url: string) => ({ href: url, text: url });

function quickstart(c: PortalContext): string {
  const first = (operationId: SharedOperationId) =>
    c.index.endpoints.find((endpoint) => endpoint.operationId === operationId)?.urls[0];
  const post = c.data.posts[0];
  const commands = [
    `curl -s ${c.baseUrl}/api/index.json`,
    `curl -s "${c.baseUrl}/api/posts-${c.data.site.languages[0]}.json?limit=3"`,
    `curl -sI ${c.baseUrl}/api/posts.json`,
    ...(['getSeries', 'getTimelineByTag', 'getSlidesTimeline'] as const)
      .map(first)
      .filter((url) => url !== undefined)
      .map((url) => `curl -s ${url}`),
    ...(post ? [`curl -s -H 'Accept: text/markdown' ${c.baseUrl}${post.path}`] : []),
    `curl -s -X POST ${c.baseUrl}${PATHS.mcpEndpoint} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
  ];
  return commands.join('\n');
}

function endpointBlocks(t: ReturnType<typeof prose>, c: PortalContext): Block[] {
  const endpoints = c.endpoints;
  const rows = endpoints.map((endpoint): Text[] => [
    { href: `#${endpoint.operationId}`, text: endpoint.operationId },
    { code: `GET ${endpoint.pathTemplate}` },
    [...endpoint.pathParams, ...(endpoint.isPostIndex ? ['limit'] : [])].join(', ') || '—',
    t.describe(endpoint.operationId),
  ]);
  const search = SEARCH_ENDPOINT;
  rows.push([
    { href: `#${search.operationId}`, text: search.operationId },
    { code: `GET ${search.pathTemplate}` },
    SEARCH_PARAMETERS.join(', '),
    t.describe(search.operationId),
  ]);
  const details = endpoints.flatMap((endpoint): Block[] => [
    { kind: 'heading', text: endpoint.operationId, id: endpoint.operationId },
    {
      kind: 'paragraph',
      text: [{ code: `GET ${endpoint.pathTemplate}` }, ' — ', t.describe(endpoint.operationId)],
    },
    { kind: 'paragraph', text: t.urls },
    {
      kind: 'list',
      items: (c.index.endpoints.find((e) => e.operationId === endpoint.operationId)?.urls ?? []).map(link),
    },
  ]);
  details.push(
    { kind: 'heading', text: search.operationId, id: search.operationId },
    {
      kind: 'paragraph',
      text: [{ code: `GET ${search.pathTemplate}` }, ' — ', t.describe(search.operationId)],
    },
    { kind: 'list', items: [link(c.index.search.example)] },
  );
  return [
    { kind: 'paragraph', text: [t.endpointsIntro, ' ', link(c.baseUrl + PATHS.openapi), '.'] },
    { kind: 'table', head: t.head, rows },
    { kind: 'heading', text: t.limitTitle, id: 'limit' },
    { kind: 'list', items: t.limitRules },
    ...details,
  ];
}

function errorBlocks(t: ReturnType<typeof prose>, c: PortalContext): Block[] {
  const rows = ERROR_CODES.map((code): Text[] => {
    const kind = ERROR_KINDS[code];
    return [{ code }, String(kind.status), kind.title, kind.hint];
  });
  const example = {
    type: `${c.baseUrl}${PATHS.developerPortal}#errors`,
    title: ERROR_KINDS.resource_not_found.title,
    status: ERROR_KINDS.resource_not_found.status,
    detail: 'No resource at /api/posts-fr.json.',
    instance: '/api/posts-fr.json',
    error: {
      code: 'resource_not_found',
      message: 'No resource at /api/posts-fr.json.',
      hint: ERROR_KINDS.resource_not_found.hint,
      documentation_url: `${c.baseUrl}${PATHS.developerPortal}`,
    },
  };
  return [
    { kind: 'paragraph', text: t.errorsIntro },
    { kind: 'table', head: t.errorHead, rows },
    { kind: 'paragraph', text: t.example },
    { kind: 'code', language: 'json', code: JSON.stringify(example, null, 2) },
  ];
}

function versioningBlocks(t: ReturnType<typeof prose>, c: PortalContext): Block[] {
  const deprecations = c.data.deprecations.map((d) => `${d.operationId}: ${d.since} → ${d.sunset}`);
  return [
    ...t.versioningText.map((text): Block => ({ kind: 'paragraph', text })),
    deprecations.length
      ? { kind: 'paragraph', text: [t.deprecated, ' ', deprecations.join('; ')] }
      : { kind: 'paragraph', text: t.noneDeprecated },
  ];
}

function cliExample(c: PortalContext): string {
  const [first, second = first] = c.data.site.languages as [Lang, ...Lang[]];
  return [
    `folio posts --lang ${second} --base-url ${c.baseUrl}`,
    `folio search "cache" --json --base-url ${c.baseUrl}`,
    `folio series --base-url ${c.baseUrl}`,
    ...tagsInUse(c.data, first)
      .slice(0, 1)
      .map((tag) => `folio tag ${tag} --base-url ${c.baseUrl}`),
    `folio talks --lang ${first} --base-url ${c.baseUrl}`,
    `folio api --base-url ${c.baseUrl}`,
  ].join('\n');
}

const DISCOVERY: readonly (keyof typeof PATHS)[] = [
  'openapi',
  'llmsTxt',
  'llmsFullTxt',
  'auth',
  'apiCatalog',
  'aiCatalog',
  'mcpServerCard',
  'agentSkills',
];

export function portalPage(lang: Lang, c: PortalContext): Page {
  const t = prose(lang, c);
  const { languages } = c.data.site;
  const { langRoot, portalPath } = siteLinks(languages);
  const license = describeLicense(c.data.site.license, `${c.baseUrl}${PATHS.developerPortal}#license`);
  const section = (id: string, title: string, blocks: Block[]): Block => ({
    kind: 'section',
    id,
    title,
    blocks,
  });
  return {
    lang,
    title: t.title,
    description: t.description,
    canonical: {
      path: portalPath(lang),
      alternates: Object.fromEntries(languages.map((other) => [other, portalPath(other)])),
      ogType: 'website',
    },
    facts: { api_version: API_VERSION, openapi: c.baseUrl + PATHS.openapi },
    breadcrumbs: [
      { name: uiText(lang, c.data.site).home, path: langRoot(lang) },
      { name: t.title, path: portalPath(lang) },
    ],
    blocks: [
      section('quickstart', t.quickstart, [
        { kind: 'paragraph', text: t.quickstartIntro },
        { kind: 'code', language: 'sh', code: quickstart(c) },
      ]),
      section('authentication', t.authentication, [{ kind: 'paragraph', text: t.authenticationText }]),
      section('endpoints', t.endpoints, endpointBlocks(t, c)),
      section('errors', t.errors, errorBlocks(t, c)),
      section('rate-limits', t.rateLimits, [
        { kind: 'paragraph', text: t.rateText },
        { kind: 'list', items: RATE_LIMIT_HEADERS.map((name) => ({ code: name })) },
      ]),
      section('versioning', t.versioning, versioningBlocks(t, c)),
      section('mcp', t.mcp, [
        {
          kind: 'paragraph',
          text: [t.mcpText, ' ', link(c.baseUrl + PATHS.mcpEndpoint), ` (${PATHS.mcpWellKnown}).`],
        },
        { kind: 'paragraph', text: t.mcpTools },
        {
          kind: 'table',
          head: t.toolHead,
          rows: c.tools.map((tool) => [{ code: tool.name }, tool.description]),
        },
        { kind: 'paragraph', text: link(c.baseUrl + PATHS.mcpServerCard) },
      ]),
      section('cli', t.cli, [
        { kind: 'paragraph', text: t.cliText },
        { kind: 'code', language: 'sh', code: cliExample(c) },
      ]),
      section('discovery', t.discovery, [
        { kind: 'paragraph', text: t.discoveryText },
        {
          kind: 'list',
          items: [
            ...DISCOVERY.map((name) => link(c.baseUrl + PATHS[name])),
            link(c.baseUrl + markdownTwinPath(portalPath(lang))),
          ],
        },
      ]),
      section('feeds', t.feeds, [
        { kind: 'paragraph', text: t.feedsText },
        {
          kind: 'list',
          items: [
            ...(Object.keys(FEED_FILES) as FeedFormat[]).map((format) =>
              link(c.baseUrl + feedPath(langRoot(lang), format)),
            ),
            link(c.baseUrl + PATHS.sitemap),
            link(c.baseUrl + PATHS.sitemapMarkdown),
            link(c.baseUrl + PATHS.robots),
          ],
        },
      ]),
      ...(license
        ? [
            section('license', t.license, [
              {
                kind: 'paragraph',
                text: [t.licenseText, ' ', { href: license.url, text: license.name }, '. ', t.licenseTail],
              },
            ]),
          ]
        : []),
    ],
  };
}
