/**
 * The developer portal (/developers, /es/developers), generated from the endpoint catalog, the
 * API index, the error kinds and the limiter policy the API itself serves, so it cannot drift.
 */

import { API_PREFIXES, API_VERSION, RATE_LIMIT_HEADERS } from '../../core/api.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/deployment.ts';
import { endpointsFor, postIndexEndpoint, type SharedOperationId } from '../../core/endpoints.ts';
import { ERROR_CODES, ERROR_KINDS } from '../../core/errors.ts';
import { FEED_FILES, type FeedFormat, feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import type { ApiIndex } from '../../core/schemas.ts';
import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import { describeLicense } from '../api/license.ts';
import { tagsInUse } from '../api/records.ts';
import type { Lang, SiteData } from '../data/types.ts';
import type { Block, Text } from './doc.ts';
import { siteLinks } from './links.ts';
import type { Page } from './page.ts';

const PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.join(', ');

export interface PortalContext {
  data: SiteData;
  baseUrl: string;
  policy: RateLimitPolicy;
  index: ApiIndex;
  tools: readonly Tool[];
}

const ENDPOINTS_ES: Record<SharedOperationId, string> = {
  getApiIndex:
    'El índice de la API: versión, política de versiones, autenticación, límite de peticiones, enlaces y cada endpoint con sus URL concretas.',
  listPosts: 'Todos los artículos publicados en todos los idiomas, del más reciente al más antiguo.',
  listSeries: 'Las series con al menos un artículo publicado en el idioma, por actividad más reciente.',
  getSeries: 'Los capítulos de una serie en orden de lectura.',
  getTimelineByTag: 'Todos los artículos con la etiqueta en el idioma, del más reciente al más antiguo.',
  getSlidesTimeline: 'Todas las presentaciones publicadas en el idioma, de la más reciente a la más antigua.',
};

const SPANISH_NAMES: Readonly<Record<string, string>> = {
  de: 'alemán',
  en: 'inglés',
  es: 'español',
  fr: 'francés',
  it: 'italiano',
  pt: 'portugués',
};

/** The Spanish description of an endpoint: the shared ones from the table, the post index of each language. */
function describeInSpanish(operationId: string, languages: readonly Lang[]): string {
  const lang = languages.find((code) => postIndexEndpoint(code).operationId === operationId);
  if (lang === undefined) return ENDPOINTS_ES[operationId as SharedOperationId];
  const name = SPANISH_NAMES[lang] ?? lang;
  return `Todos los artículos publicados en ${name}, del más reciente al más antiguo.`;
}

/** The portal's prose in one language (Spanish, else English); everything factual comes from the context. */
function prose(lang: Lang, c: PortalContext) {
  const { quota, windowSeconds } = c.policy;
  const en = lang !== 'es';
  return {
    title: en ? 'Developers' : 'Desarrolladores',
    description: en
      ? `A public, read-only JSON API, an MCP server and a command-line client over ${c.data.site.name}. No key, no signup.`
      : `Una API JSON pública y de solo lectura, un servidor MCP y un cliente de línea de comandos sobre ${c.data.site.name}. Sin clave ni registro.`,
    quickstart: en ? 'Quickstart' : 'Inicio rápido',
    quickstartIntro: en
      ? 'Every endpoint answers GET and HEAD with JSON. Copy any of these into a terminal:'
      : 'Cada endpoint responde a GET y HEAD con JSON. Copia cualquiera de estos comandos en una terminal:',
    authentication: en ? 'Authentication' : 'Autenticación',
    authenticationText: en
      ? 'None. Every endpoint is public, anonymous and read-only: there is no API key, signup, OAuth flow, account or paid tier. Credentials sent with a request are ignored. OpenAPI declares an empty global security requirement.'
      : 'Ninguna. Todos los endpoints son públicos, anónimos y de solo lectura: no hay clave de API, registro, OAuth, cuenta ni plan de pago. Las credenciales enviadas se ignoran. OpenAPI declara un requisito de seguridad global vacío.',
    endpoints: 'Endpoints',
    endpointsIntro: en
      ? `Every path is also served under ${API_PREFIXES[1]} with an identical response. Paths end in .json. The full description is in `
      : `Cada ruta se sirve también bajo ${API_PREFIXES[1]} con una respuesta idéntica. Las rutas terminan en .json. La descripción completa está en `,
    head: en
      ? ['Operation', 'Path', 'Parameters', 'Description']
      : ['Operación', 'Ruta', 'Parámetros', 'Descripción'],
    urls: en ? 'Every URL:' : 'Todas las URL:',
    describe: (operationId: string, english: string) =>
      en ? english : describeInSpanish(operationId, c.data.site.languages),
    limitTitle: en ? 'The limit parameter' : 'El parámetro limit',
    limitRules: en
      ? [
          `The three post indexes accept limit: exactly the decimal digits of a number from ${LIMIT_MIN} to ${LIMIT_MAX} (05 is 5). They return only the newest N posts; X-Total-Count still carries the full size.`,
          `Anything else is 400 invalid_request: empty, 0, ${LIMIT_MAX + 1}, 5.0, +5, 1e2, -1, a leading space, or limit given twice.`,
          'limit on any other endpoint is ignored.',
        ]
      : [
          `Los tres índices de artículos aceptan limit: exactamente los dígitos decimales de un número de ${LIMIT_MIN} a ${LIMIT_MAX} (05 es 5). Devuelven solo los N artículos más recientes; X-Total-Count sigue indicando el tamaño total.`,
          `Cualquier otro valor es 400 invalid_request: vacío, 0, ${LIMIT_MAX + 1}, 5.0, +5, 1e2, -1, un espacio inicial o limit repetido.`,
          'limit se ignora en cualquier otro endpoint.',
        ],
    errors: en ? 'Errors' : 'Errores',
    errorsIntro: en
      ? 'Every failure under /api/ is an RFC 9457 problem (application/problem+json), never HTML. detail and error.message name the path or the parameter; error.hint says how to recover.'
      : 'Todo fallo bajo /api/ es un problema RFC 9457 (application/problem+json), nunca HTML. detail y error.message nombran la ruta o el parámetro; error.hint explica cómo recuperarse.',
    errorHead: en
      ? ['error.code', 'Status', 'Title', 'What to do']
      : ['error.code', 'Estado', 'Título', 'Qué hacer'],
    example: en ? 'An example:' : 'Un ejemplo:',
    rateLimits: en ? 'Rate limits' : 'Límites de peticiones',
    rateText: en
      ? `${quota} requests per sliding ${windowSeconds}-second window per client IP (IPv6 grouped by /64), for the API and the MCP endpoint together. Enforcement is best effort at the edge. Over the quota the answer is 429 rate_limited with Retry-After; every response carries these headers:`
      : `${quota} peticiones por ventana deslizante de ${windowSeconds} segundos por IP de cliente (IPv6 agrupada por /64), para la API y el endpoint MCP juntos. Se aplica en el edge con el mejor esfuerzo. Al superar la cuota la respuesta es 429 rate_limited con Retry-After; cada respuesta lleva estas cabeceras:`,
    versioning: en ? 'Versioning and deprecation' : 'Versiones y retirada',
    versioningText: en
      ? [
          `Semantic versioning; the current version is ${API_VERSION}, sent in X-API-Version on every response. The current major version is served at ${API_PREFIXES.join(' and ')}.`,
          'Additive changes (new endpoints, new optional fields) ship without notice under the same paths; ignore unknown fields.',
          'A breaking change ships under a new prefix (/api/v2/). The previous paths keep serving for at least six months, and during that window their responses carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link: <...>; rel="deprecation".',
        ]
      : [
          `Versionado semántico; la versión actual es ${API_VERSION}, enviada en X-API-Version en cada respuesta. La versión mayor actual se sirve en ${API_PREFIXES.join(' y ')}.`,
          'Los cambios aditivos (endpoints nuevos, campos opcionales nuevos) se publican sin aviso en las mismas rutas; ignora los campos desconocidos.',
          'Un cambio incompatible se publica bajo un prefijo nuevo (/api/v2/). Las rutas anteriores siguen sirviéndose al menos seis meses y, durante ese plazo, sus respuestas llevan Deprecation (RFC 9745), Sunset (RFC 8594) y Link: <...>; rel="deprecation".',
        ],
    deprecated: en ? 'Deprecated now:' : 'Retirados ahora:',
    noneDeprecated: en ? 'No endpoint is deprecated now.' : 'Ningún endpoint está en retirada ahora.',
    mcp: en ? 'MCP server' : 'Servidor MCP',
    mcpText: en
      ? `A stateless, read-only MCP server over Streamable HTTP (protocol versions ${PROTOCOL_VERSIONS}): POST one JSON-RPC 2.0 message to`
      : `Un servidor MCP sin estado y de solo lectura sobre Streamable HTTP (versiones del protocolo ${PROTOCOL_VERSIONS}): envía por POST un mensaje JSON-RPC 2.0 a`,
    mcpTools: en
      ? 'Its tools (all read-only; lang is en or es):'
      : 'Sus herramientas (todas de solo lectura; lang es en o es):',
    toolHead: en ? ['Tool', 'What it returns'] : ['Herramienta', 'Qué devuelve'],
    cli: en ? 'Command-line client' : 'Cliente de línea de comandos',
    cliText: en
      ? 'The folio command wraps the same API. It needs Node 18 or later and has no dependencies. Commands: posts, search, series, tag, talks and api; on every command --json prints the raw JSON, --lang en|es picks the language and --base-url points it at a server.'
      : 'El comando folio envuelve la misma API. Necesita Node 18 o posterior y no tiene dependencias. Comandos: posts, search, series, tag, talks y api; en todos, --json imprime el JSON sin formato, --lang en|es elige el idioma y --base-url lo dirige a un servidor.',
    discovery: en ? 'Discovery documents' : 'Documentos de descubrimiento',
    discoveryText: en
      ? 'Every page of the site also answers Markdown: append .md to its path or send Accept: text/markdown. For agents and tools:'
      : 'Cada página del sitio responde también en Markdown: añade .md a su ruta o envía Accept: text/markdown. Para agentes y herramientas:',
    feeds: en ? 'Feeds and sitemaps' : 'Fuentes y mapas del sitio',
    feedsText: en
      ? 'The newest posts, twenty at a time with their full content, as RSS 2.0, Atom 1.0 and JSON Feed 1.1. Every tag and series page has its own feeds under its path with the same file names (such as /tags/http/rss.xml). The sitemap index lists every page in every language with its last change and its translations; sitemap.md lists every page as Markdown.'
      : 'Los artículos más recientes, veinte cada vez y con su contenido completo, en RSS 2.0, Atom 1.0 y JSON Feed 1.1. Cada página de etiqueta y de serie tiene sus propias fuentes bajo su ruta con los mismos nombres de archivo (como /tags/http/rss.xml). El índice de mapas del sitio lista cada página en cada idioma con su último cambio y sus traducciones; sitemap.md lista cada página en Markdown.',
    license: en ? 'Licence' : 'Licencia',
    licenseText: en ? 'The content is licensed under' : 'El contenido se publica bajo la licencia',
    licenseTail: en
      ? `Reuse is allowed, including for training and grounding, with attribution to ${c.data.site.name} (${c.baseUrl}).`
      : `Se permite reutilizarlo, también para entrenamiento y grounding, citando a ${c.data.site.name} (${c.baseUrl}).`,
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
  const endpoints = endpointsFor(c.data.site.languages);
  const rows = endpoints.map((endpoint): Text[] => [
    { href: `#${endpoint.operationId}`, text: endpoint.operationId },
    { code: `GET ${endpoint.pathTemplate}` },
    [...endpoint.pathParams, ...(endpoint.isPostIndex ? ['limit'] : [])].join(', ') || '—',
    t.describe(endpoint.operationId, endpoint.description),
  ]);
  const details = endpoints.flatMap((endpoint): Block[] => [
    { kind: 'heading', text: endpoint.operationId, id: endpoint.operationId },
    {
      kind: 'paragraph',
      text: [
        { code: `GET ${endpoint.pathTemplate}` },
        ' — ',
        t.describe(endpoint.operationId, endpoint.description),
      ],
    },
    { kind: 'paragraph', text: t.urls },
    {
      kind: 'list',
      items: (c.index.endpoints.find((e) => e.operationId === endpoint.operationId)?.urls ?? []).map(link),
    },
  ]);
  return [
    { kind: 'paragraph', text: [t.endpointsIntro, link(c.baseUrl + PATHS.openapi), '.'] },
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
  return [
    `folio posts --lang es --base-url ${c.baseUrl}`,
    `folio search "cache" --json --base-url ${c.baseUrl}`,
    `folio series --base-url ${c.baseUrl}`,
    ...tagsInUse(c.data, 'en')
      .slice(0, 1)
      .map((tag) => `folio tag ${tag} --base-url ${c.baseUrl}`),
    `folio talks --lang en --base-url ${c.baseUrl}`,
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
