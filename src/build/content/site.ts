/**
 * The site settings from site.yaml, which may be left out or partial in either layout: the public
 * address and redirects come from an Astro site's config, the name from its own metadata or the
 * host name, the languages from the language folders, and what cannot be inferred is named in one
 * problem. A licence is never inferred: none stated is null.
 */
import * as v from 'valibot';
import { isRedirectStatus, REDIRECT_STATUSES, type Redirect } from '../../core/deployment.ts';
import { endpointsFor } from '../../core/endpoints.ts';
import { PATHS } from '../../core/paths.ts';
import { DEFAULT_USAGE, type UsagePolicy } from '../../core/usage.ts';
import type { Deprecation, RobotsPolicy, SiteInfo } from '../data/types.ts';
import type { AstroSiteHints } from './astro-config.ts';
import type { Author } from './authors.ts';
import type { ContentReader } from './entry-reader.ts';
import type { UnreadableFile } from './files.ts';
import { isLanguageCode, LANGUAGE_CODE_EXPECTED } from './languages.ts';
import type { HomeIntro } from './pages.ts';
import { readRedirectRules } from './redirect-rules.ts';
import { baseUrlSchema, publicBaseUrl, redirectsSchema, type SiteConfig, siteSchema } from './schema.ts';

export interface SiteSettings {
  info: SiteInfo<string>;
  deprecations: Deprecation[];
  redirects: Record<string, Redirect>;
  robots: RobotsPolicy;
  /** Whether a hero image that is no file of the site is only a warning (site.yaml's allowMissingHeroImages). */
  allowMissingHeroImages: boolean;
}

const FILE = 'site.yaml';
const partialSiteSchema = v.partial(siteSchema);

/** What each setting that cannot be inferred looks like in site.yaml. */
const EXAMPLES = {
  languages: 'languages: [en]',
  name: 'name: My blog',
} as const;

/** What the build knows of the site beyond site.yaml. */
export interface SiteSources {
  /** The public address given to the build (BASE_URL, --base-url): it wins over every file. */
  baseUrl?: string | undefined;
  /** What the Astro site around the content folder states in its own files. */
  astro?: AstroSiteHints | undefined;
  /**
   * The address the build goes on with when nothing states one (a check's local address): the
   * name falls back to its host name, as it does to the public address's.
   */
  addressInUse?: string | undefined;
  /** The settings files of the site's public folder. */
  publicSettings?: PublicSettings | undefined;
  /** How problems and the summary name the folder of those files: `public` unless a built site's (`dist`). */
  settingsFolder?: string | undefined;
  /** The authors collection, by slug. */
  authors?: readonly Author[] | undefined;
  /** The `index` page of the pages collection in each language that has one. */
  homeIntros?: ReadonlyMap<string, HomeIntro> | undefined;
}

/** The settings files a public folder has, each as text or why it could not be read. */
export interface PublicSettings {
  /** `robots.txt`, served as written. */
  robots?: string | UnreadableFile;
  /** `_redirects`, Netlify's and Cloudflare's format (src/build/content/redirect-rules.ts). */
  redirects?: string | UnreadableFile;
}

/** How the summary and the problems name a settings file of the public folder. */
const SETTINGS_FILES: Record<keyof PublicSettings, string> = {
  robots: 'robots.txt',
  redirects: '_redirects',
};
const settingsFile = (folder: string | undefined, name: keyof PublicSettings) =>
  `${folder ?? 'public'}/${SETTINGS_FILES[name]}`;

export function readSite(
  reader: ContentReader,
  languageFolders: readonly string[],
  sources: SiteSources,
): SiteSettings | undefined {
  const given = reader.has(FILE) ? reader.yaml(FILE, partialSiteSchema) : {};
  return given && inferSite(reader, given, languageFolders, sources);
}

/** The public address: given to the build, else site.yaml's, else the Astro config's `site`. */
function baseUrlOf(
  reader: ContentReader,
  given: string | undefined,
  { baseUrl, astro }: SiteSources,
): { value: string | null; from?: string } | undefined {
  if (baseUrl) return { value: publicBaseUrl(baseUrl) };
  if (given) return { value: given };
  if (astro?.site === undefined) return { value: null };
  const site = v.safeParse(baseUrlSchema, astro.site);
  if (site.success) return { value: site.output, from: 'site in the Astro config' };
  reader.problem(
    'astro.config',
    'site',
    'an absolute http(s) URL such as https://example.com',
    JSON.stringify(astro.site),
  );
  return undefined;
}

/**
 * The name the blog gives itself: site.yaml's, else the Astro site's title, else the title of the
 * first language's home page in the pages collection, else the host name of the public address,
 * else of the address in use.
 */
function nameOf(
  given: string | undefined,
  { astro, addressInUse }: SiteSources,
  home: HomeIntro | undefined,
  baseUrl: string | null,
) {
  if (given) return { value: given };
  if (astro?.title) return { value: astro.title, from: `SITE_TITLE in ${astro.constantsFile}` };
  if (home) return { value: home.title, from: `title of ${home.file}` };
  if (baseUrl) return { value: new URL(baseUrl).host, from: 'the host name' };
  if (addressInUse) return { value: new URL(addressInUse).host, from: 'the host name of the address in use' };
  return undefined;
}

function inferSite(
  reader: ContentReader,
  given: v.InferOutput<typeof partialSiteSchema>,
  languageFolders: readonly string[],
  sources: SiteSources,
): SiteSettings | undefined {
  const { astro } = sources;
  const baseUrl = baseUrlOf(reader, given.baseUrl, sources);
  if (!baseUrl) return undefined;
  const configured = astroLanguages(reader, astro);
  const languages =
    given.languages ?? configured ?? (languageFolders.length > 0 ? [...languageFolders] : undefined);
  const home = languages && sources.homeIntros?.get(languages[0] as string);
  const name = nameOf(given.name, sources, home, baseUrl.value);
  if (!languages || !name) {
    const found = { languages, name };
    reportMissing(
      reader,
      (Object.keys(found) as (keyof typeof found)[]).filter((field) => !found[field]),
    );
    return undefined;
  }
  const report = reader.report;
  if (baseUrl.from) report.inferred.push(`baseUrl ${baseUrl.value} (${baseUrl.from})`);
  if (name.from) report.inferred.push(`name "${name.value}" (${name.from})`);
  if (given.languages === undefined)
    report.inferred.push(
      `languages ${languages.join(', ')} (${configured ? 'i18n in the Astro config' : 'the language folders'})`,
    );
  const description =
    given.description ??
    (astro?.description && {
      value: astro.description,
      from: `SITE_DESCRIPTION in ${astro.constantsFile}`,
    }) ??
    (home?.description && { value: home.description, from: `description of ${home.file}` });
  if (typeof description === 'object') report.inferred.push(`description (${description.from})`);
  const author = authorOf(given.author, sources, name.value);
  if (author.from) report.inferred.push(`author "${author.value.name}" (${author.from})`);
  const license = given.license ?? astro?.packageLicense;
  if (given.license === undefined && license !== undefined)
    report.inferred.push(`license ${license} (license in package.json)`);
  const defaulted = [
    description === undefined && 'description',
    author.from === undefined && given.author === undefined && 'author',
  ].filter((field) => field !== false);
  if (defaulted.length > 0) report.inferred.push(`${defaulted.join(' and ')} "${name.value}" (the name)`);
  if (license === undefined) report.noLicense = true;
  report.unreadSettings.push(...(astro?.unread ?? []));
  report.dynamicRedirects.push(...(astro?.dynamicRedirects ?? []));
  return settingsOf(reader, {
    name: name.value,
    description: typeof description === 'object' ? description.value : (description ?? name.value),
    baseUrl: baseUrl.value,
    author: author.value,
    license: license ?? null,
    languages,
    deprecations: given.deprecations ?? [],
    redirects: {
      ...astroRedirects(reader, astro),
      ...publicRedirects(reader, sources),
      ...permanent(given.redirects ?? {}),
    },
    ui: given.ui ?? {},
    usage: given.usage ?? {},
    robots: given.robots ?? { allow: [], disallow: [], agents: {} },
    robotsWritten: ownRobots(reader, sources),
    allowMissingHeroImages: given.allowMissingHeroImages ?? false,
    permalink: given.permalink,
    folioServes: given.folioServes ?? [],
    webmcpOnSitePages: given.webmcpOnSitePages ?? false,
  });
}

/** The locales of the Astro config's `i18n`, when it has them and each is a language code. */
function astroLanguages(reader: ContentReader, astro: AstroSiteHints | undefined): string[] | undefined {
  if (!astro?.languages) return undefined;
  const wrong = astro.languages.filter((code) => !isLanguageCode(code));
  for (const code of wrong)
    reader.problem('astro.config', 'i18n.locales', LANGUAGE_CODE_EXPECTED, JSON.stringify(code));
  return wrong.length > 0 ? undefined : astro.languages;
}

/**
 * The blog's author: site.yaml's, else the only or first author of the authors collection (with
 * its social links), else the author of the site's package.json, else the blog's name.
 */
function authorOf(
  given: { name: string; url?: string | undefined } | undefined,
  { authors, astro }: SiteSources,
  name: string,
): { value: SiteInfo<string>['author']; from?: string } {
  if (given) return { value: { name: given.name, url: given.url ?? null, sameAs: [] } };
  const [first] = authors ?? [];
  if (first) return { value: first.author, from: first.file };
  const manifest = astro?.packageAuthor;
  if (manifest)
    return {
      value: { name: manifest.name, url: manifest.url ?? null, sameAs: [] },
      from: 'author in package.json',
    };
  return { value: { name, url: null, sameAs: [] } };
}

/** site.yaml's redirects: each old path moved for good. */
const permanent = (targets: Record<string, string>): Record<string, Redirect> =>
  Object.fromEntries(Object.entries(targets).map(([from, to]) => [from, { to, status: 301 }]));

/**
 * The Astro config's redirects, held to the rules of site.yaml's, each with the status it states
 * (301 when it states none, as Astro answers GET): each bad entry is a problem.
 */
function astroRedirects(reader: ContentReader, astro: AstroSiteHints | undefined): Record<string, Redirect> {
  if (!astro?.redirects) return {};
  const given = Object.entries(astro.redirects);
  const targets = reader.validate(
    'astro.config',
    redirectsSchema,
    Object.fromEntries(given.map(([from, { destination }]) => [from, destination])),
  );
  const redirects: Record<string, Redirect> = {};
  for (const [from, { status = 301 }] of given) {
    const to = targets?.[from];
    if (!isRedirectStatus(status))
      reader.problem(
        'astro.config',
        `redirects.${from}.status`,
        `a redirect status, one of ${REDIRECT_STATUSES.join(', ')}`,
        String(status),
      );
    else if (to !== undefined) redirects[from] = { to, status };
  }
  return redirects;
}

/** A settings file of the public folder as text; a file that is not text is a problem. */
function settingText(
  reader: ContentReader,
  { publicSettings, settingsFolder }: SiteSources,
  name: keyof PublicSettings,
): string | undefined {
  const file = publicSettings?.[name];
  if (file === undefined || typeof file === 'string') return file;
  const received = file.unreadable === 'too-large' ? `${file.bytes} bytes` : 'another encoding';
  reader.problem(settingsFile(settingsFolder, name), 'the file', 'UTF-8 text of at most 1 MiB', received);
  return undefined;
}

/** The public folder's robots.txt, served in place of Folio's. */
function ownRobots(reader: ContentReader, sources: SiteSources): string | null {
  const text = settingText(reader, sources, 'robots');
  if (text === undefined) return null;
  const file = settingsFile(sources.settingsFolder, 'robots');
  reader.report.collisions.push({ path: PATHS.robots, file, served: 'yours' });
  return text;
}

/** The redirects of the public folder's `_redirects`; each rule Folio does not answer goes to the summary. */
function publicRedirects(reader: ContentReader, sources: SiteSources): Record<string, Redirect> {
  const text = settingText(reader, sources, 'redirects');
  if (text === undefined) return {};
  const { redirects, unfollowed } = readRedirectRules(text);
  reader.report.unfollowedRules.push(
    ...unfollowed.map((rule) => ({ ...rule, file: settingsFile(sources.settingsFolder, 'redirects') })),
  );
  return redirects;
}

/** One problem naming every setting that has to be written down. */
function reportMissing(reader: ContentReader, missing: (keyof typeof EXAMPLES)[]): void {
  const them = missing.length === 1 ? 'it' : 'them';
  reader.problem(
    FILE,
    missing.join(', '),
    `${missing.map((field) => EXAMPLES[field]).join(' and ')} in ${FILE} in the content folder (Folio cannot infer ${them}${missing.includes('name') ? '; without a name, the host name of the public address is used, from BASE_URL, --base-url or baseUrl' : ''})`,
    reader.has(FILE) ? `a ${FILE} without ${them}` : `no ${FILE}`,
  );
}

/** The settings once every one is known: baseUrl and license may still be unstated. */
type ResolvedSite = Omit<SiteConfig, 'baseUrl' | 'license' | 'redirects' | 'author'> & {
  baseUrl: string | null;
  author: SiteInfo<string>['author'];
  license: string | null;
  redirects: Record<string, Redirect>;
  /** The public folder's own robots.txt, when it has one. */
  robotsWritten: string | null;
};

function settingsOf(reader: ContentReader, site: ResolvedSite): SiteSettings | undefined {
  // The catalog depends on the languages, so operationIds are checked here rather than in the schema.
  const ids = endpointsFor(site.languages).map((endpoint) => endpoint.operationId);
  const unknown = site.deprecations
    .map(({ operationId }, i) => ({ operationId, i }))
    .filter(({ operationId }) => !ids.includes(operationId));
  for (const { operationId, i } of unknown) {
    reader.problem(
      FILE,
      `deprecations[${i}].operationId`,
      `one of the API's operationIds: ${ids.join(', ')}`,
      JSON.stringify(operationId),
    );
  }
  if (unknown.length > 0) return undefined;
  return {
    info: {
      name: site.name,
      description: site.description,
      baseUrl: site.baseUrl,
      author: site.author,
      license: site.license,
      languages: site.languages,
      ui: site.ui,
      usage: { ...DEFAULT_USAGE, ...definedOnly(site.usage) },
      ...((site.permalink !== undefined || site.folioServes.length > 0 || site.webmcpOnSitePages) && {
        beside: {
          permalink: site.permalink,
          folioServes: site.folioServes,
          webmcpOnSitePages: site.webmcpOnSitePages,
        },
      }),
    },
    deprecations: site.deprecations.map((d) => ({
      operationId: d.operationId,
      since: d.since,
      sunset: d.sunset,
      link: d.link ?? null,
    })),
    redirects: site.redirects,
    robots: robotsPolicy(site.robots, site.robotsWritten),
    allowMissingHeroImages: site.allowMissingHeroImages,
  };
}

type RobotsConfig = SiteConfig['robots'];

/** The choices site.yaml states, without the ones it leaves out. */
const definedOnly = (usage: SiteConfig['usage']): Partial<UsagePolicy> =>
  Object.fromEntries(Object.entries(usage).filter(([, choice]) => choice !== undefined));

/** The robots settings with every field present (a named crawler's unstated Content-Signal is null). */
function robotsPolicy(robots: RobotsConfig, written: string | null): RobotsPolicy {
  return {
    allow: robots.allow,
    disallow: robots.disallow,
    agents: Object.entries(robots.agents).map(([userAgent, given]) => ({
      userAgent,
      allow: given.allow,
      disallow: given.disallow,
      contentSignal: given.contentSignal ?? null,
    })),
    written,
  };
}
