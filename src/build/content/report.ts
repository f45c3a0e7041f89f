/** What a successful build leaves out or works out by itself, said once each in the build summary. */
import type { Collision, FolioReason } from '../site/collisions.ts';
import type { LinkRef } from './links.ts';
import type { MdxLeftOut } from './mdx.ts';
import type { UnfollowedRule } from './redirect-rules.ts';

export interface SkippedEntry {
  file: string;
  reason: 'draft' | 'future';
  pubDate: string;
}

/** A file an entry refers to that is not there. */
export interface MissingFile {
  file: string;
  line: number;
  target: string;
}

/** An /api/v1/ path of gone.yaml, read as its /api/ name; `listed` when that name is listed too. */
export interface GoneMirror {
  path: string;
  canonical: string;
  listed: boolean;
}

export class BuildReport {
  /** For each language without built-in interface text, the strings site.yaml leaves to English. */
  readonly uiFallbacks = new Map<string, readonly string[]>();
  /** Images and files entries refer to that do not exist (problems instead with --strict). */
  readonly missingFiles: MissingFile[] = [];
  /** Site settings worked out because site.yaml leaves them out, e.g. `languages en, es (language folders)`. */
  readonly inferred: string[] = [];
  /** No licence is stated: the documents say so rather than name one. */
  noLicense = false;
  /** Settings the site's own files hold but not as literals, e.g. `site in astro.config.mjs`. */
  readonly unreadSettings: string[] = [];
  /** Redirects of dynamic routes the Astro config states, e.g. `/old/[slug] -> /new/[slug] in astro.config.mjs`. */
  readonly dynamicRedirects: string[] = [];
  /** Top-level folders of the content folder that are no collection Folio reads, with how many files each holds. */
  readonly unreadFolders = new Map<string, number>();
  /** Related entries and authors an entry names that are not published, with what was expected (problems instead with --strict). */
  readonly unknownRelated: (MissingFile & { field: string; expected: string })[] = [];
  /** Rules of the public folder's `_redirects` that Folio does not answer. */
  readonly unfollowedRules: (UnfollowedRule & { file: string })[] = [];
  /** The owner's public files at paths Folio also writes, and whose is served. */
  readonly collisions: Collision[] = [];
  /** Beside a built site: the posts it has no page for, with the path looked for. */
  readonly postsWithoutPage: { id: string; lookedFor: string; served: string }[] = [];
  /** Drafts and entries dated after the build time. */
  readonly skipped: SkippedEntry[] = [];
  /** Files under a name starting with `_`. */
  readonly ignoredPaths: string[] = [];
  /** Each front-matter field Folio does not use, with the number of files that have it. */
  readonly ignoredFields = new Map<string, number>();
  readonly mdxFiles = {
    esm: new Set<string>(),
    components: new Set<string>(),
    expressions: new Set<string>(),
  };
  readonly mdxComponents = new Set<string>();
  /** gone.yaml's /api/v1/ paths, redundant with the API's own mirror of /api/ (src/build/content/gone.ts). */
  readonly goneMirrors: GoneMirror[] = [];
  /** Every internal link and image of the published entries, checked once the deployment is known. */
  readonly links: LinkRef[] = [];

  noteIgnoredFields(fields: readonly string[]): void {
    for (const field of fields) this.ignoredFields.set(field, (this.ignoredFields.get(field) ?? 0) + 1);
  }

  noteMdx(file: string, leftOut: MdxLeftOut): void {
    if (leftOut.esm > 0) this.mdxFiles.esm.add(file);
    if (leftOut.components.length > 0) this.mdxFiles.components.add(file);
    if (leftOut.expressions > 0) this.mdxFiles.expressions.add(file);
    for (const name of leftOut.components) this.mdxComponents.add(name);
  }
}

/** The report as summary lines; `verbose` lists every skipped entry and ignored file. */
export function summaryLines(report: BuildReport, verbose: boolean): string[] {
  const lines: string[] = [];
  if (report.inferred.length > 0) lines.push(`inferred ${report.inferred.join(', ')}`);
  if (report.unreadSettings.length > 0)
    lines.push(
      `could not read ${report.unreadSettings.join(', ')} (not a literal value): set them in site.yaml`,
    );
  for (const redirect of report.dynamicRedirects)
    lines.push(
      `did not follow the redirect ${redirect}: a dynamic route names no path (list its old paths in site.yaml redirects)`,
    );
  if (report.unreadFolders.size > 0) {
    const folders = [...report.unreadFolders].map(
      ([folder, files]) => `${folder}/ (${count(files, 'file')})`,
    );
    lines.push(
      `did not read the folders ${folders.join(', ')}: Folio reads the collections blog, slides, series, tags, pages and authors`,
    );
  }
  for (const { file, line, rule, reason } of report.unfollowedRules)
    lines.push(`did not follow the rule ${rule} of ${file} (line ${line}): ${reason}`);
  for (const collision of report.collisions) lines.push(collisionLine(collision));
  for (const { id, lookedFor, served } of report.postsWithoutPage)
    lines.push(
      `no page for the post ${id} in the site at ${lookedFor}: served Folio's own at ${served} (permalink in site.yaml says where posts are)`,
    );
  if (report.noLicense)
    lines.push(
      'no content licence stated: the documents name none (license: CC-BY-4.0 in site.yaml states one)',
    );
  for (const [lang, keys] of report.uiFallbacks)
    lines.push(
      `interface text in ${lang} falls back to English for ${count(keys.length, 'string')} site.yaml ui.${lang} does not give: ${keys.join(', ')}`,
    );
  for (const { file, line, field, target, expected } of report.unknownRelated)
    lines.push(
      `warning: ${file}:${line}: ${field} ${JSON.stringify(target)} is not ${expected} (--strict refuses it)`,
    );
  for (const { file, line, target } of report.missingFiles)
    lines.push(`warning: ${file}:${line}: ${target} is not a file of the site (--strict refuses it)`);
  for (const { path, canonical, listed } of report.goneMirrors)
    lines.push(
      `warning: gone.yaml: ${path} ${listed ? `is ignored: ${canonical} is listed` : `is read as ${canonical}`}, which answers 410 under /api/ and /api/v1/ alike`,
    );
  const drafts = report.skipped.filter((entry) => entry.reason === 'draft').length;
  const future = report.skipped.length - drafts;
  if (report.skipped.length > 0) {
    const kinds = [
      drafts > 0 && count(drafts, 'draft'),
      future > 0 && count(future, 'future-dated entry', 'future-dated entries'),
    ].filter(Boolean);
    lines.push(`skipped ${kinds.join(' and ')}${verbose ? ':' : ' (--verbose lists them)'}`);
    if (verbose) {
      for (const { file, reason, pubDate } of report.skipped)
        lines.push(`  ${reason === 'draft' ? 'draft' : `dated ${pubDate}`}: ${file}`);
    }
  }
  if (report.ignoredFields.size > 0) {
    const fields = [...report.ignoredFields].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
    const listed = fields.map(([field, files], i) => `${field} (${i === 0 ? count(files, 'file') : files})`);
    lines.push(`ignored fields: ${listed.join(', ')}`);
  }
  const mdx = mdxSummary(report);
  if (mdx) lines.push(mdx);
  if (report.ignoredPaths.length > 0) {
    lines.push(
      `ignored ${count(report.ignoredPaths.length, 'file')} under names starting with _${verbose ? ':' : ' (--verbose lists them)'}`,
    );
    if (verbose) lines.push(...report.ignoredPaths.map((path) => `  ${path}`));
  }
  return lines;
}

function mdxSummary(report: BuildReport): string | undefined {
  const { esm, components, expressions } = report.mdxFiles;
  const kinds = [
    esm.size > 0 && `import/export lines (${count(esm.size, 'file')})`,
    components.size > 0 &&
      `JSX component blocks (${count(components.size, 'file')}: ${[...report.mdxComponents].sort().join(', ')})`,
    expressions.size > 0 && `{…} expressions (${count(expressions.size, 'file')})`,
  ].filter(Boolean);
  return kinds.length > 0 ? `.mdx rendered as Markdown without ${kinds.join(', ')}` : undefined;
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

const FOLIO_REASONS: Record<FolioReason, string> = {
  live: 'it describes the live API or MCP server',
  area: '/api/ and /mcp are answered by Folio',
  setting: 'folioServes in site.yaml names it',
};

function collisionLine(collision: Collision): string {
  const { path, file } = collision;
  return collision.served === 'yours'
    ? `served ${file} in place of Folio's ${path}`
    : `kept Folio's ${path} over ${file}: ${FOLIO_REASONS[collision.why]}`;
}
