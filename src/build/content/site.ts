/**
 * The site settings from site.yaml. Folio's layout needs the file; in Astro's it may be left out or
 * partial: the name comes from the site folder, the languages from the language folders, and what
 * cannot be inferred is named in one problem.
 */
import * as v from 'valibot';
import { endpointsFor } from '../../core/endpoints.ts';
import type { Deprecation, RobotsPolicy, SiteInfo } from '../data/types.ts';
import type { LayoutReader } from './layout.ts';
import type { ContentReader } from './reader.ts';
import { type SiteConfig, siteSchema } from './schema.ts';

export interface SiteSettings {
  info: SiteInfo<string>;
  deprecations: Deprecation[];
  robots: RobotsPolicy;
}

const FILE = 'site.yaml';
const partialSiteSchema = v.partial(siteSchema);

/** What each setting that cannot be inferred looks like in site.yaml. */
const EXAMPLES = {
  baseUrl: 'baseUrl: https://example.com',
  license: 'license: CC-BY-4.0',
  languages: 'languages: [en]',
  name: 'name: My blog',
} as const;

export function readSite(
  reader: ContentReader,
  layout: LayoutReader,
  languageFolders: readonly string[],
  folderName: string | undefined,
): SiteSettings | undefined {
  if (!layout.siteOptional) {
    if (reader.has(FILE)) {
      const site = reader.yaml(FILE, siteSchema);
      return site && settingsOf(reader, site);
    }
    reader.problem(
      FILE,
      '(file)',
      'the site settings: name, description, baseUrl, author, license, languages',
      'no such file',
    );
    return undefined;
  }
  const given = reader.has(FILE) ? reader.yaml(FILE, partialSiteSchema) : {};
  return given && inferSite(reader, given, languageFolders, folderName);
}

function inferSite(
  reader: ContentReader,
  given: v.InferOutput<typeof partialSiteSchema>,
  languageFolders: readonly string[],
  folderName: string | undefined,
): SiteSettings | undefined {
  const name = given.name ?? folderName;
  const languages = given.languages ?? (languageFolders.length > 0 ? [...languageFolders] : undefined);
  const { baseUrl, license } = given;
  if (!baseUrl || !license || !languages || !name) {
    const found = { baseUrl, license, languages, name };
    reportMissing(
      reader,
      (Object.keys(found) as (keyof typeof found)[]).filter((field) => !found[field]),
    );
    return undefined;
  }
  const defaulted = (['description', 'author'] as const).filter((field) => given[field] === undefined);
  if (given.name === undefined) reader.report.inferred.push(`name "${name}" (the site folder)`);
  if (given.languages === undefined)
    reader.report.inferred.push(`languages ${languages.join(', ')} (the language folders)`);
  if (defaulted.length > 0) reader.report.inferred.push(`${defaulted.join(' and ')} "${name}" (the name)`);
  return settingsOf(reader, {
    name,
    description: given.description ?? name,
    baseUrl,
    author: given.author ?? { name },
    license,
    languages,
    deprecations: given.deprecations ?? [],
    robots: given.robots ?? { allow: [], disallow: [], agents: {} },
  });
}

/** One problem naming every setting that has to be written down. */
function reportMissing(reader: ContentReader, missing: (keyof typeof EXAMPLES)[]): void {
  const them = missing.length === 1 ? 'it' : 'them';
  reader.problem(
    FILE,
    missing.join(', '),
    `${missing.map((field) => EXAMPLES[field]).join(' and ')} in ${FILE} in the content folder (Folio cannot infer ${them})`,
    reader.has(FILE) ? `a ${FILE} without ${them}` : `no ${FILE}`,
  );
}

function settingsOf(reader: ContentReader, site: SiteConfig): SiteSettings | undefined {
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
      author: { name: site.author.name, url: site.author.url ?? null },
      license: site.license,
      languages: site.languages,
    },
    deprecations: site.deprecations.map((d) => ({
      operationId: d.operationId,
      since: d.since,
      sunset: d.sunset,
      link: d.link ?? null,
    })),
    robots: robotsPolicy(site.robots),
  };
}

type RobotsConfig = SiteConfig['robots'];

/** The robots settings with every field present (an unstated Content-Signal is null). */
function robotsPolicy(robots: RobotsConfig): RobotsPolicy {
  const rules = (given: Omit<RobotsConfig, 'agents'>) => ({
    allow: given.allow,
    disallow: given.disallow,
    contentSignal: given.contentSignal ?? null,
  });
  return {
    ...rules(robots),
    agents: Object.entries(robots.agents).map(([userAgent, given]) => ({ userAgent, ...rules(given) })),
  };
}
