/**
 * The developer portal (/developers, /es/developers), generated from the endpoint catalog, the
 * API index, the error kinds and the limiter policy the API itself serves, so it cannot drift.
 */

import { API_PREFIXES, API_VERSION, RATE_LIMIT_HEADERS } from '../../core/api.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/deployment.ts';
import { endpointsFor, postIndexEndpoint, type SharedOperationId } from '../../core/endpoints.ts';
import { ERROR_CODES, ERROR_KINDS } from '../../core/errors.ts';
import { inWords } from '../../core/languages.ts';
import { FEED_FILES, type FeedFormat, feedPath, markdownTwinPath, PATHS } from '../../core/paths.ts';
import type { ApiIndex } from '../../core/schemas.ts';
import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '../../mcp/protocol.ts';
import type { RateLimitPolicy } from '../api/index-document.ts';
import { describeLicense } from '../api/license.ts';
import { tagsInUse } from '../api/records.ts';
import type { Lang, SiteData } from '../data/types.ts';
import type { Block, Text } from './doc.ts';
import { formatNumber, uiText } from './i18n.ts';
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

/** The portal's languages: English, Spanish and French; any other reads the English portal. */
type PortalLang = 'en' | 'es' | 'fr';

const portalLang = (lang: Lang): PortalLang => {
  const base = lang.split('-')[0];
  return base === 'es' || base === 'fr' ? base : 'en';
};

const ENDPOINTS_FR: Record<SharedOperationId, string> = {
  getApiIndex:
    'L’index de l’API : version, politique de versions, authentification, limite de requêtes, liens et chaque endpoint avec ses URL concrètes.',
  listPosts: 'Tous les articles publiés dans toutes les langues, du plus récent au plus ancien.',
  listSeries: 'Les séries ayant au moins un article publié dans la langue, par activité la plus récente.',
  getSeries: 'Les chapitres d’une série dans l’ordre de lecture.',
  getTimelineByTag: 'Tous les articles portant l’étiquette dans la langue, du plus récent au plus ancien.',
  getSlidesTimeline:
    'Toutes les présentations publiées dans la langue, de la plus récente à la plus ancienne.',
};

/** A language's name in another language (`francés`, `espagnol`), from Intl; its code when Intl has none. */
function languageNameIn(lang: Lang, inLang: Lang): string {
  try {
    return new Intl.DisplayNames([inLang], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/** An endpoint's description in Spanish or French: the shared ones from the tables, the post index of each language. */
function describeIn(portal: 'es' | 'fr', operationId: string, languages: readonly Lang[]): string {
  const lang = languages.find((code) => postIndexEndpoint(code).operationId === operationId);
  const table = portal === 'es' ? ENDPOINTS_ES : ENDPOINTS_FR;
  if (lang === undefined) return table[operationId as SharedOperationId];
  const name = languageNameIn(lang, portal);
  return portal === 'es'
    ? `Todos los artículos publicados en ${name}, del más reciente al más antiguo.`
    : `Tous les articles publiés en ${name}, du plus récent au plus ancien.`;
}

/** The portal's prose in one language (Spanish, French, else English); everything factual comes from the context. */
function prose(lang: Lang, c: PortalContext) {
  const { quota, windowSeconds } = c.policy;
  const portal = portalLang(lang);
  const say = <T>(en: T, es: T, fr: T): T => (portal === 'es' ? es : portal === 'fr' ? fr : en);
  const langs = c.data.site.languages;
  const langList = langs.join('|');
  return {
    title: say('Developers', 'Desarrolladores', 'Développeurs'),
    description: say(
      `A public, read-only JSON API, an MCP server and a command-line client over ${c.data.site.name}. No key, no signup.`,
      `Una API JSON pública y de solo lectura, un servidor MCP y un cliente de línea de comandos sobre ${c.data.site.name}. Sin clave ni registro.`,
      `Une API JSON publique en lecture seule, un serveur MCP et un client en ligne de commande pour ${c.data.site.name}. Sans clé ni inscription.`,
    ),
    quickstart: say('Quickstart', 'Inicio rápido', 'Démarrage rapide'),
    quickstartIntro: say(
      'Every endpoint answers GET and HEAD with JSON. Copy any of these into a terminal:',
      'Cada endpoint responde a GET y HEAD con JSON. Copia cualquiera de estos comandos en una terminal:',
      'Chaque endpoint répond à GET et HEAD en JSON. Copiez l’une de ces commandes dans un terminal :',
    ),
    authentication: say('Authentication', 'Autenticación', 'Authentification'),
    authenticationText: say(
      'None. Every endpoint is public, anonymous and read-only: there is no API key, signup, OAuth flow, account or paid tier. Credentials sent with a request are ignored. OpenAPI declares an empty global security requirement.',
      'Ninguna. Todos los endpoints son públicos, anónimos y de solo lectura: no hay clave de API, registro, OAuth, cuenta ni plan de pago. Las credenciales enviadas se ignoran. OpenAPI declara un requisito de seguridad global vacío.',
      'Aucune. Chaque endpoint est public, anonyme et en lecture seule : pas de clé d’API, d’inscription, d’OAuth, de compte ni d’offre payante. Les identifiants envoyés avec une requête sont ignorés. OpenAPI déclare une exigence de sécurité globale vide.',
    ),
    endpoints: 'Endpoints',
    endpointsIntro: say(
      `Every path is also served under ${API_PREFIXES[1]} with an identical response. Paths end in .json. The full description is in `,
      `Cada ruta se sirve también bajo ${API_PREFIXES[1]} con una respuesta idéntica. Las rutas terminan en .json. La descripción completa está en `,
      `Chaque chemin est aussi servi sous ${API_PREFIXES[1]} avec une réponse identique. Les chemins se terminent par .json. La description complète est dans `,
    ),
    head: say(
      ['Operation', 'Path', 'Parameters', 'Description'],
      ['Operación', 'Ruta', 'Parámetros', 'Descripción'],
      ['Opération', 'Chemin', 'Paramètres', 'Description'],
    ),
    urls: say('Every URL:', 'Todas las URL:', 'Toutes les URL :'),
    describe: (operationId: string, english: string) =>
      portal === 'en' ? english : describeIn(portal, operationId, langs),
    limitTitle: say('The limit parameter', 'El parámetro limit', 'Le paramètre limit'),
    limitRules: say(
      [
        `The three post indexes accept limit: exactly the decimal digits of a number from ${LIMIT_MIN} to ${LIMIT_MAX} (05 is 5). They return only the newest N posts; X-Total-Count still carries the full size.`,
        `Anything else is 400 invalid_request: empty, 0, ${LIMIT_MAX + 1}, 5.0, +5, 1e2, -1, a leading space, or limit given twice.`,
        'limit on any other endpoint is ignored.',
      ],
      [
        `Los tres índices de artículos aceptan limit: exactamente los dígitos decimales de un número de ${LIMIT_MIN} a ${LIMIT_MAX} (05 es 5). Devuelven solo los N artículos más recientes; X-Total-Count sigue indicando el tamaño total.`,
        `Cualquier otro valor es 400 invalid_request: vacío, 0, ${LIMIT_MAX + 1}, 5.0, +5, 1e2, -1, un espacio inicial o limit repetido.`,
        'limit se ignora en cualquier otro endpoint.',
      ],
      [
        `Les trois index d’articles acceptent limit : exactement les chiffres décimaux d’un nombre de ${LIMIT_MIN} à ${LIMIT_MAX} (05 vaut 5). Ils ne renvoient que les N articles les plus récents ; X-Total-Count indique toujours la taille totale.`,
        `Toute autre valeur donne 400 invalid_request : vide, 0, ${LIMIT_MAX + 1}, 5.0, +5, 1e2, -1, une espace initiale ou limit répété.`,
        'limit est ignoré sur tout autre endpoint.',
      ],
    ),
    errors: say('Errors', 'Errores', 'Erreurs'),
    errorsIntro: say(
      'Every failure under /api/ is an RFC 9457 problem (application/problem+json), never HTML. detail and error.message name the path or the parameter; error.hint says how to recover.',
      'Todo fallo bajo /api/ es un problema RFC 9457 (application/problem+json), nunca HTML. detail y error.message nombran la ruta o el parámetro; error.hint explica cómo recuperarse.',
      'Tout échec sous /api/ est un problème RFC 9457 (application/problem+json), jamais du HTML. detail et error.message nomment le chemin ou le paramètre ; error.hint indique comment s’en sortir.',
    ),
    errorHead: say(
      ['error.code', 'Status', 'Title', 'What to do'],
      ['error.code', 'Estado', 'Título', 'Qué hacer'],
      ['error.code', 'Statut', 'Titre', 'Que faire'],
    ),
    example: say('An example:', 'Un ejemplo:', 'Un exemple :'),
    rateLimits: say('Rate limits', 'Límites de peticiones', 'Limites de requêtes'),
    rateText: say(
      `${quota} requests per sliding ${windowSeconds}-second window per client IP (IPv6 grouped by /64), for the API and the MCP endpoint together. Enforcement is best effort at the edge. Over the quota the answer is 429 rate_limited with Retry-After; every response carries these headers:`,
      `${quota} peticiones por ventana deslizante de ${windowSeconds} segundos por IP de cliente (IPv6 agrupada por /64), para la API y el endpoint MCP juntos. Se aplica en el edge con el mejor esfuerzo. Al superar la cuota la respuesta es 429 rate_limited con Retry-After; cada respuesta lleva estas cabeceras:`,
      `${formatNumber(quota, lang)} requêtes par fenêtre glissante de ${formatNumber(windowSeconds, lang)} secondes par IP cliente (IPv6 regroupée par /64), pour l’API et l’endpoint MCP ensemble. L’application se fait au mieux, en périphérie. Au-delà du quota, la réponse est 429 rate_limited avec Retry-After ; chaque réponse porte ces en-têtes :`,
    ),
    versioning: say('Versioning and deprecation', 'Versiones y retirada', 'Versions et retrait'),
    versioningText: say(
      [
        `Semantic versioning; the current version is ${API_VERSION}, sent in X-API-Version on every response. The current major version is served at ${API_PREFIXES.join(' and ')}.`,
        'Additive changes (new endpoints, new optional fields) ship without notice under the same paths; ignore unknown fields.',
        'A breaking change ships under a new prefix (/api/v2/). The previous paths keep serving for at least six months, and during that window their responses carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link: <...>; rel="deprecation".',
      ],
      [
        `Versionado semántico; la versión actual es ${API_VERSION}, enviada en X-API-Version en cada respuesta. La versión mayor actual se sirve en ${API_PREFIXES.join(' y ')}.`,
        'Los cambios aditivos (endpoints nuevos, campos opcionales nuevos) se publican sin aviso en las mismas rutas; ignora los campos desconocidos.',
        'Un cambio incompatible se publica bajo un prefijo nuevo (/api/v2/). Las rutas anteriores siguen sirviéndose al menos seis meses y, durante ese plazo, sus respuestas llevan Deprecation (RFC 9745), Sunset (RFC 8594) y Link: <...>; rel="deprecation".',
      ],
      [
        `Versionnage sémantique ; la version actuelle est ${API_VERSION}, envoyée dans X-API-Version sur chaque réponse. La version majeure actuelle est servie sous ${API_PREFIXES.join(' et ')}.`,
        'Les changements additifs (nouveaux endpoints, nouveaux champs facultatifs) sont publiés sans préavis sous les mêmes chemins ; ignorez les champs inconnus.',
        'Un changement incompatible est publié sous un nouveau préfixe (/api/v2/). Les chemins précédents restent servis au moins six mois et, pendant cette période, leurs réponses portent Deprecation (RFC 9745), Sunset (RFC 8594) et Link: <...>; rel="deprecation".',
      ],
    ),
    deprecated: say('Deprecated now:', 'Retirados ahora:', 'En cours de retrait :'),
    noneDeprecated: say(
      'No endpoint is deprecated now.',
      'Ningún endpoint está en retirada ahora.',
      'Aucun endpoint n’est en cours de retrait.',
    ),
    mcp: say('MCP server', 'Servidor MCP', 'Serveur MCP'),
    mcpText: say(
      `A stateless, read-only MCP server over Streamable HTTP (protocol versions ${PROTOCOL_VERSIONS}): POST one JSON-RPC 2.0 message to`,
      `Un servidor MCP sin estado y de solo lectura sobre Streamable HTTP (versiones del protocolo ${PROTOCOL_VERSIONS}): envía por POST un mensaje JSON-RPC 2.0 a`,
      `Un serveur MCP sans état et en lecture seule sur Streamable HTTP (versions du protocole ${PROTOCOL_VERSIONS}) : envoyez en POST un message JSON-RPC 2.0 à`,
    ),
    mcpTools: say(
      `Its tools (all read-only; lang is ${inWords(langs, 'or')}):`,
      `Sus herramientas (todas de solo lectura; lang es ${inWords(langs, 'o')}):`,
      `Ses outils (tous en lecture seule ; lang vaut ${inWords(langs, 'ou')}) :`,
    ),
    toolHead: say(
      ['Tool', 'What it returns'],
      ['Herramienta', 'Qué devuelve'],
      ['Outil', 'Ce qu’il renvoie'],
    ),
    cli: say('Command-line client', 'Cliente de línea de comandos', 'Client en ligne de commande'),
    cliText: say(
      `The folio command wraps the same API. It needs Node 18 or later and has no dependencies. Commands: posts, search, read, series, tag, talks and api; on every command --json prints the raw JSON, --lang ${langList} picks the language and --base-url points it at a server.`,
      `El comando folio envuelve la misma API. Necesita Node 18 o posterior y no tiene dependencias. Comandos: posts, search, read, series, tag, talks y api; en todos, --json imprime el JSON sin formato, --lang ${langList} elige el idioma y --base-url lo dirige a un servidor.`,
      `La commande folio enveloppe la même API. Elle demande Node 18 ou plus récent et n’a aucune dépendance. Commandes : posts, search, read, series, tag, talks et api ; sur chacune, --json affiche le JSON brut, --lang ${langList} choisit la langue et --base-url la dirige vers un serveur.`,
    ),
    discovery: say('Discovery documents', 'Documentos de descubrimiento', 'Documents de découverte'),
    discoveryText: say(
      'Every page of the site also answers Markdown: append .md to its path or send Accept: text/markdown. For agents and tools:',
      'Cada página del sitio responde también en Markdown: añade .md a su ruta o envía Accept: text/markdown. Para agentes y herramientas:',
      'Chaque page du site répond aussi en Markdown : ajoutez .md à son chemin ou envoyez Accept: text/markdown. Pour les agents et les outils :',
    ),
    feeds: say('Feeds and sitemaps', 'Fuentes y mapas del sitio', 'Flux et plans du site'),
    feedsText: say(
      'The newest posts, twenty at a time with their full content, as RSS 2.0, Atom 1.0 and JSON Feed 1.1. Every tag and series page has its own feeds under its path with the same file names (such as /tags/http/rss.xml). The sitemap index lists every page in every language with its last change and its translations; sitemap.md lists every page as Markdown.',
      'Los artículos más recientes, veinte cada vez y con su contenido completo, en RSS 2.0, Atom 1.0 y JSON Feed 1.1. Cada página de etiqueta y de serie tiene sus propias fuentes bajo su ruta con los mismos nombres de archivo (como /tags/http/rss.xml). El índice de mapas del sitio lista cada página en cada idioma con su último cambio y sus traducciones; sitemap.md lista cada página en Markdown.',
      'Les articles les plus récents, vingt à la fois avec leur contenu complet, en RSS 2.0, Atom 1.0 et JSON Feed 1.1. Chaque page d’étiquette et de série a ses propres flux sous son chemin, avec les mêmes noms de fichier (comme /tags/http/rss.xml). L’index des plans du site liste chaque page dans chaque langue avec sa dernière modification et ses traductions ; sitemap.md liste chaque page en Markdown.',
    ),
    license: say('Licence', 'Licencia', 'Licence'),
    licenseText: say(
      'The content is licensed under',
      'El contenido se publica bajo la licencia',
      'Le contenu est publié sous licence',
    ),
    licenseTail: say(
      `Reuse is allowed, including for training and grounding, with attribution to ${c.data.site.name} (${c.baseUrl}).`,
      `Se permite reutilizarlo, también para entrenamiento y grounding, citando a ${c.data.site.name} (${c.baseUrl}).`,
      `La réutilisation est permise, y compris pour l’entraînement et l’ancrage, en citant ${c.data.site.name} (${c.baseUrl}).`,
    ),
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
