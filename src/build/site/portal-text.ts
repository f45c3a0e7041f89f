/**
 * The developer portal's prose and the headings of llms.txt, in the languages built in: part of
 * the interface text (./i18n.ts), so a `ui:` block of site.yaml gives them for any other language.
 * `{name}` marks what the portal fills in. Everything factual (paths, numbers, versions, the
 * endpoint catalog) comes from where the API itself reads it, so the text cannot drift from it.
 */
import {
  endpointsFor,
  postIndexDescription,
  SEARCH_ENDPOINT,
  type SharedOperationId,
} from '../../core/endpoints.ts';

/** The catalog's own English description of a shared endpoint. */
const catalog = (operationId: SharedOperationId): string =>
  endpointsFor([]).find((endpoint) => endpoint.operationId === operationId)?.description ?? '';

export const PORTAL_EN = {
  apiAndAgents: 'API and agents',
  mcpTools: 'MCP tools',
  mcpResources: 'MCP resources',
  feedsAndSitemaps: 'Feeds and sitemaps',
  portalDescription:
    'A public, read-only JSON API, an MCP server and a command-line client over {name}. No key, no signup.',
  portalQuickstart: 'Quickstart',
  portalQuickstartIntro: 'Every endpoint answers GET and HEAD with JSON. Copy any of these into a terminal:',
  portalAuthentication: 'Authentication',
  portalAuthenticationText:
    'None. Every endpoint is public, anonymous and read-only: there is no API key, signup, OAuth flow, account or paid tier. Credentials sent with a request are ignored. OpenAPI declares an empty global security requirement.',
  portalEndpoints: 'Endpoints',
  portalEndpointsIntro:
    'Every path is also served under {prefix} with an identical response. Paths end in .json. The full description is in',
  portalColumnOperation: 'Operation',
  portalColumnPath: 'Path',
  portalColumnParameters: 'Parameters',
  portalColumnDescription: 'Description',
  portalEveryUrl: 'Every URL:',
  endpointGetApiIndex: catalog('getApiIndex'),
  endpointListPosts: catalog('listPosts'),
  endpointPostsIn: postIndexDescription('{language}'),
  endpointListSeries: catalog('listSeries'),
  endpointGetSeries: catalog('getSeries'),
  endpointGetTimelineByTag: catalog('getTimelineByTag'),
  endpointGetSlidesTimeline: catalog('getSlidesTimeline'),
  endpointSearchPosts: SEARCH_ENDPOINT.description,
  portalLimitTitle: 'The limit parameter',
  portalLimitDigits:
    'The three post indexes accept limit: exactly the decimal digits of a number from {min} to {max} (05 is 5). They return only the newest N posts; X-Total-Count still carries the full size.',
  portalLimitRefused:
    'Anything else is 400 invalid_request: empty, 0, {over}, 5.0, +5, 1e2, -1, a leading space, or limit given twice.',
  portalLimitIgnored:
    'The search (searchPosts) takes limit from 1 to 50, a page of results; limit on any other endpoint is ignored.',
  portalErrors: 'Errors',
  portalErrorsIntro:
    'Every failure under /api/ is an RFC 9457 problem (application/problem+json), never HTML. detail and error.message name the path or the parameter; error.hint says how to recover.',
  portalColumnStatus: 'Status',
  portalColumnTitle: 'Title',
  portalColumnWhatToDo: 'What to do',
  portalExample: 'An example:',
  portalRateLimits: 'Rate limits',
  portalRateText:
    '{quota} requests per sliding {window}-second window per client IP (IPv6 grouped by /64), for the API and the MCP endpoint together. Enforcement is best effort at the edge. Over the quota the answer is 429 rate_limited with Retry-After; every response carries these headers:',
  portalVersioning: 'Versioning and deprecation',
  portalVersioningSemantic:
    'Semantic versioning; the current version is {version}, sent in X-API-Version on every response. The current major version is served at {prefixes}.',
  portalVersioningAdditive:
    'Additive changes (new endpoints, new optional fields) ship without notice under the same paths; ignore unknown fields.',
  portalVersioningBreaking:
    'A breaking change ships under a new prefix (/api/v2/). The previous paths keep serving for at least six months, and during that window their responses carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link: <...>; rel="deprecation".',
  portalDeprecatedNow: 'Deprecated now:',
  portalNoneDeprecated: 'No endpoint is deprecated now.',
  portalMcp: 'MCP server',
  portalMcpText:
    'A stateless, read-only MCP server over Streamable HTTP (protocol versions {versions}): POST one JSON-RPC 2.0 message to',
  portalMcpTools: 'Its tools (all read-only; lang is {languages}):',
  portalColumnTool: 'Tool',
  portalColumnReturns: 'What it returns',
  portalCli: 'Command-line client',
  portalCliText:
    'The folio command wraps the same API. It needs Node 18 or later and has no dependencies. Commands: posts, search, read, series, tag, talks and api; on every command --json prints the raw JSON, --lang {languages} picks the language and --base-url points it at a server.',
  portalDiscovery: 'Discovery documents',
  portalDiscoveryText:
    'Every page of the site also answers Markdown: append .md to its path or send Accept: text/markdown. For agents and tools:',
  portalFeedsText:
    'The newest posts, twenty at a time with their full content, as RSS 2.0, Atom 1.0 and JSON Feed 1.1. Every tag and series page has its own feeds under its path with the same file names (such as /tags/http/rss.xml). The sitemap index lists every page in every language with its last change and its translations; sitemap.md lists every page as Markdown.',
  portalLicense: 'Licence',
  portalLicenseText: 'The content is licensed under',
  portalLicenseTail:
    'Reuse is allowed, including for training and grounding, with attribution to {name} ({url}).',
};

export type PortalKey = keyof typeof PORTAL_EN;
type PortalStrings = Readonly<Record<PortalKey, string>>;

export const PORTAL_ES: PortalStrings = {
  apiAndAgents: 'API y agentes',
  mcpTools: 'Herramientas MCP',
  mcpResources: 'Recursos MCP',
  feedsAndSitemaps: 'Fuentes y mapas del sitio',
  portalDescription:
    'Una API JSON pública y de solo lectura, un servidor MCP y un cliente de línea de comandos sobre {name}. Sin clave ni registro.',
  portalQuickstart: 'Inicio rápido',
  portalQuickstartIntro:
    'Cada endpoint responde a GET y HEAD con JSON. Copia cualquiera de estos comandos en una terminal:',
  portalAuthentication: 'Autenticación',
  portalAuthenticationText:
    'Ninguna. Todos los endpoints son públicos, anónimos y de solo lectura: no hay clave de API, registro, OAuth, cuenta ni plan de pago. Las credenciales enviadas se ignoran. OpenAPI declara un requisito de seguridad global vacío.',
  portalEndpoints: 'Endpoints',
  portalEndpointsIntro:
    'Cada ruta se sirve también bajo {prefix} con una respuesta idéntica. Las rutas terminan en .json. La descripción completa está en',
  portalColumnOperation: 'Operación',
  portalColumnPath: 'Ruta',
  portalColumnParameters: 'Parámetros',
  portalColumnDescription: 'Descripción',
  portalEveryUrl: 'Todas las URL:',
  endpointGetApiIndex:
    'El índice de la API: versión, política de versiones, autenticación, límite de peticiones, enlaces y cada endpoint con sus URL concretas.',
  endpointListPosts: 'Todos los artículos publicados en todos los idiomas, del más reciente al más antiguo.',
  endpointPostsIn: 'Todos los artículos publicados en {language}, del más reciente al más antiguo.',
  endpointListSeries:
    'Las series con al menos un artículo publicado en el idioma, por actividad más reciente.',
  endpointGetSeries: 'Los capítulos de una serie en orden de lectura.',
  endpointGetTimelineByTag:
    'Todos los artículos con la etiqueta en el idioma, del más reciente al más antiguo.',
  endpointGetSlidesTimeline:
    'Todas las presentaciones publicadas en el idioma, de la más reciente a la más antigua.',
  endpointSearchPosts:
    'Búsqueda de texto completo en los artículos publicados de un idioma (título, etiquetas, descripción y cuerpo), ordenada por relevancia exactamente como la herramienta MCP search_blog_posts; opcionalmente solo los artículos con una etiqueta o los capítulos de una serie, `limit` resultados por página y `cursor` para la siguiente.',
  portalLimitTitle: 'El parámetro limit',
  portalLimitDigits:
    'Los tres índices de artículos aceptan limit: exactamente los dígitos decimales de un número de {min} a {max} (05 es 5). Devuelven solo los N artículos más recientes; X-Total-Count sigue indicando el tamaño total.',
  portalLimitRefused:
    'Cualquier otro valor es 400 invalid_request: vacío, 0, {over}, 5.0, +5, 1e2, -1, un espacio inicial o limit repetido.',
  portalLimitIgnored:
    'La búsqueda (searchPosts) acepta limit de 1 a 50, una página de resultados; en cualquier otro endpoint limit se ignora.',
  portalErrors: 'Errores',
  portalErrorsIntro:
    'Todo fallo bajo /api/ es un problema RFC 9457 (application/problem+json), nunca HTML. detail y error.message nombran la ruta o el parámetro; error.hint explica cómo recuperarse.',
  portalColumnStatus: 'Estado',
  portalColumnTitle: 'Título',
  portalColumnWhatToDo: 'Qué hacer',
  portalExample: 'Un ejemplo:',
  portalRateLimits: 'Límites de peticiones',
  portalRateText:
    '{quota} peticiones por ventana deslizante de {window} segundos por IP de cliente (IPv6 agrupada por /64), para la API y el endpoint MCP juntos. Se aplica en el edge con el mejor esfuerzo. Al superar la cuota la respuesta es 429 rate_limited con Retry-After; cada respuesta lleva estas cabeceras:',
  portalVersioning: 'Versiones y retirada',
  portalVersioningSemantic:
    'Versionado semántico; la versión actual es {version}, enviada en X-API-Version en cada respuesta. La versión mayor actual se sirve en {prefixes}.',
  portalVersioningAdditive:
    'Los cambios aditivos (endpoints nuevos, campos opcionales nuevos) se publican sin aviso en las mismas rutas; ignora los campos desconocidos.',
  portalVersioningBreaking:
    'Un cambio incompatible se publica bajo un prefijo nuevo (/api/v2/). Las rutas anteriores siguen sirviéndose al menos seis meses y, durante ese plazo, sus respuestas llevan Deprecation (RFC 9745), Sunset (RFC 8594) y Link: <...>; rel="deprecation".',
  portalDeprecatedNow: 'Retirados ahora:',
  portalNoneDeprecated: 'Ningún endpoint está en retirada ahora.',
  portalMcp: 'Servidor MCP',
  portalMcpText:
    'Un servidor MCP sin estado y de solo lectura sobre Streamable HTTP (versiones del protocolo {versions}): envía por POST un mensaje JSON-RPC 2.0 a',
  portalMcpTools: 'Sus herramientas (todas de solo lectura; lang es {languages}):',
  portalColumnTool: 'Herramienta',
  portalColumnReturns: 'Qué devuelve',
  portalCli: 'Cliente de línea de comandos',
  portalCliText:
    'El comando folio envuelve la misma API. Necesita Node 18 o posterior y no tiene dependencias. Comandos: posts, search, read, series, tag, talks y api; en todos, --json imprime el JSON sin formato, --lang {languages} elige el idioma y --base-url lo dirige a un servidor.',
  portalDiscovery: 'Documentos de descubrimiento',
  portalDiscoveryText:
    'Cada página del sitio responde también en Markdown: añade .md a su ruta o envía Accept: text/markdown. Para agentes y herramientas:',
  portalFeedsText:
    'Los artículos más recientes, veinte cada vez y con su contenido completo, en RSS 2.0, Atom 1.0 y JSON Feed 1.1. Cada página de etiqueta y de serie tiene sus propias fuentes bajo su ruta con los mismos nombres de archivo (como /tags/http/rss.xml). El índice de mapas del sitio lista cada página en cada idioma con su último cambio y sus traducciones; sitemap.md lista cada página en Markdown.',
  portalLicense: 'Licencia',
  portalLicenseText: 'El contenido se publica bajo la licencia',
  portalLicenseTail:
    'Se permite reutilizarlo, también para entrenamiento y grounding, citando a {name} ({url}).',
};

export const PORTAL_FR: PortalStrings = {
  apiAndAgents: 'API et agents',
  mcpTools: 'Outils MCP',
  mcpResources: 'Ressources MCP',
  feedsAndSitemaps: 'Flux et plans du site',
  portalDescription:
    'Une API JSON publique en lecture seule, un serveur MCP et un client en ligne de commande pour {name}. Sans clé ni inscription.',
  portalQuickstart: 'Démarrage rapide',
  portalQuickstartIntro:
    'Chaque endpoint répond à GET et HEAD en JSON. Copiez l’une de ces commandes dans un terminal :',
  portalAuthentication: 'Authentification',
  portalAuthenticationText:
    'Aucune. Chaque endpoint est public, anonyme et en lecture seule : pas de clé d’API, d’inscription, d’OAuth, de compte ni d’offre payante. Les identifiants envoyés avec une requête sont ignorés. OpenAPI déclare une exigence de sécurité globale vide.',
  portalEndpoints: 'Endpoints',
  portalEndpointsIntro:
    'Chaque chemin est aussi servi sous {prefix} avec une réponse identique. Les chemins se terminent par .json. La description complète est dans',
  portalColumnOperation: 'Opération',
  portalColumnPath: 'Chemin',
  portalColumnParameters: 'Paramètres',
  portalColumnDescription: 'Description',
  portalEveryUrl: 'Toutes les URL :',
  endpointGetApiIndex:
    'L’index de l’API : version, politique de versions, authentification, limite de requêtes, liens et chaque endpoint avec ses URL concrètes.',
  endpointListPosts: 'Tous les articles publiés dans toutes les langues, du plus récent au plus ancien.',
  endpointPostsIn: 'Tous les articles publiés en {language}, du plus récent au plus ancien.',
  endpointListSeries:
    'Les séries ayant au moins un article publié dans la langue, par activité la plus récente.',
  endpointGetSeries: 'Les chapitres d’une série dans l’ordre de lecture.',
  endpointGetTimelineByTag:
    'Tous les articles portant l’étiquette dans la langue, du plus récent au plus ancien.',
  endpointGetSlidesTimeline:
    'Toutes les présentations publiées dans la langue, de la plus récente à la plus ancienne.',
  endpointSearchPosts:
    'Recherche plein texte dans les articles publiés d’une langue (titre, étiquettes, description et corps), classée par pertinence exactement comme l’outil MCP search_blog_posts ; au choix seulement les articles portant une étiquette ou les chapitres d’une série, `limit` résultats par page et `cursor` pour la suivante.',
  portalLimitTitle: 'Le paramètre limit',
  portalLimitDigits:
    'Les trois index d’articles acceptent limit : exactement les chiffres décimaux d’un nombre de {min} à {max} (05 vaut 5). Ils ne renvoient que les N articles les plus récents ; X-Total-Count indique toujours la taille totale.',
  portalLimitRefused:
    'Toute autre valeur donne 400 invalid_request : vide, 0, {over}, 5.0, +5, 1e2, -1, une espace initiale ou limit répété.',
  portalLimitIgnored:
    'La recherche (searchPosts) accepte limit de 1 à 50, une page de résultats ; limit est ignoré sur tout autre endpoint.',
  portalErrors: 'Erreurs',
  portalErrorsIntro:
    'Tout échec sous /api/ est un problème RFC 9457 (application/problem+json), jamais du HTML. detail et error.message nomment le chemin ou le paramètre ; error.hint indique comment s’en sortir.',
  portalColumnStatus: 'Statut',
  portalColumnTitle: 'Titre',
  portalColumnWhatToDo: 'Que faire',
  portalExample: 'Un exemple :',
  portalRateLimits: 'Limites de requêtes',
  portalRateText:
    '{quota} requêtes par fenêtre glissante de {window} secondes par IP cliente (IPv6 regroupée par /64), pour l’API et l’endpoint MCP ensemble. L’application se fait au mieux, en périphérie. Au-delà du quota, la réponse est 429 rate_limited avec Retry-After ; chaque réponse porte ces en-têtes :',
  portalVersioning: 'Versions et retrait',
  portalVersioningSemantic:
    'Versionnage sémantique ; la version actuelle est {version}, envoyée dans X-API-Version sur chaque réponse. La version majeure actuelle est servie sous {prefixes}.',
  portalVersioningAdditive:
    'Les changements additifs (nouveaux endpoints, nouveaux champs facultatifs) sont publiés sans préavis sous les mêmes chemins ; ignorez les champs inconnus.',
  portalVersioningBreaking:
    'Un changement incompatible est publié sous un nouveau préfixe (/api/v2/). Les chemins précédents restent servis au moins six mois et, pendant cette période, leurs réponses portent Deprecation (RFC 9745), Sunset (RFC 8594) et Link: <...>; rel="deprecation".',
  portalDeprecatedNow: 'En cours de retrait :',
  portalNoneDeprecated: 'Aucun endpoint n’est en cours de retrait.',
  portalMcp: 'Serveur MCP',
  portalMcpText:
    'Un serveur MCP sans état et en lecture seule sur Streamable HTTP (versions du protocole {versions}) : envoyez en POST un message JSON-RPC 2.0 à',
  portalMcpTools: 'Ses outils (tous en lecture seule ; lang vaut {languages}) :',
  portalColumnTool: 'Outil',
  portalColumnReturns: 'Ce qu’il renvoie',
  portalCli: 'Client en ligne de commande',
  portalCliText:
    'La commande folio enveloppe la même API. Elle demande Node 18 ou plus récent et n’a aucune dépendance. Commandes : posts, search, read, series, tag, talks et api ; sur chacune, --json affiche le JSON brut, --lang {languages} choisit la langue et --base-url la dirige vers un serveur.',
  portalDiscovery: 'Documents de découverte',
  portalDiscoveryText:
    'Chaque page du site répond aussi en Markdown : ajoutez .md à son chemin ou envoyez Accept: text/markdown. Pour les agents et les outils :',
  portalFeedsText:
    'Les articles les plus récents, vingt à la fois avec leur contenu complet, en RSS 2.0, Atom 1.0 et JSON Feed 1.1. Chaque page d’étiquette et de série a ses propres flux sous son chemin, avec les mêmes noms de fichier (comme /tags/http/rss.xml). L’index des plans du site liste chaque page dans chaque langue avec sa dernière modification et ses traductions ; sitemap.md liste chaque page en Markdown.',
  portalLicense: 'Licence',
  portalLicenseText: 'Le contenu est publié sous licence',
  portalLicenseTail:
    'La réutilisation est permise, y compris pour l’entraînement et l’ancrage, en citant {name} ({url}).',
};
