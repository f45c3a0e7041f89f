/**
 * The build as a library: a content folder read, checked and compiled into the data the server
 * serves (`buildContent`, `buildData`), and that data assembled into a deployment, written or only
 * checked (`buildDeployment`). The build command (src/build/command/) parses its arguments, calls
 * these and prints; the dev server, the benchmark and the tests call them directly.
 */
import { basename, join } from 'node:path';
import { MEDIA_PREFIX } from '../core/paths.ts';
import { besideSite, withSitePages } from './beside.ts';
import type { StaticFile } from './body-sink.ts';
import type { DeploymentStats } from './bundle/deployment-limits.ts';
import { type ResolvedAstroConfig, withResolvedConfig } from './content/astro-resolved.ts';
import { type CompileOptions, compileContent } from './content/compile.ts';
import type { Layout } from './content/layout.ts';
import type { LinkRef } from './content/links.ts';
import type { BuildReport } from './content/report.ts';
import type { SiteData } from './data/types.ts';
import { type EmitOptions, emitDeployment } from './emit.ts';
import { unresolvedLinks } from './link-check.ts';
import { type Progress, SILENT } from './progress.ts';
import type { Collision } from './site/collisions.ts';
import { type BuiltSite, readBuiltSite } from './site-folder/built-site.ts';
import type { FileReader } from './site-folder/content-folder.ts';
import { fileOnDisk, imageSizer, staticFilesOf } from './site-folder/published-files.ts';
import { readSiteFolder, type SiteFolder } from './site-folder/site-folder.ts';
import { withLinksOut } from './site-folder/static-files.ts';
import { NOTHING_AHEAD, renderPosts } from './threads/render-posts.ts';
import type { FileSizes, FileWriter } from './write/file-writer.ts';
import { writeDeployment } from './write/write-deployment.ts';

/** The public address a check's URLs are built with: a check writes nothing, so it needs none. */
export const CHECK_ADDRESS = 'http://localhost:8787';
const NO_ADDRESS =
  'no public address: set BASE_URL or --base-url, baseUrl in site.yaml, or site in the Astro config (astro.config.mjs)';

/** With `strict`, links that will not resolve fail the build, and nothing is written. */
export class BrokenLinks extends Error {
  constructor(readonly links: readonly LinkRef[]) {
    super(`${links.length} internal links and images will not resolve`);
  }
}

export interface ContentBuild {
  data: SiteData;
  layout: Layout;
  report: BuildReport;
  /** The public folder's files and the files beside entries that they refer to. */
  staticFiles: StaticFile[];
  /** Lets go of the bodies rendered ahead: call it once the pages are written. */
  release: () => void;
}

/** How the build reports its progress and reads files (the dev server keeps a cache). */
export interface BuildSteps {
  progress?: Progress;
  readFile?: FileReader;
  /**
   * Whether a large blog's posts are read and rendered before compiling, on two threads, their
   * bodies kept out of memory until their pages are written (src/build/threads/render-posts.ts); otherwise
   * each body is rendered as its page is made.
   */
  renderAhead?: boolean;
  /**
   * A built site the content is served beside: its `_redirects` is read in place of the public
   * folder's, and its files are the site's public files (the public folder's are published from it).
   */
  site?: BuiltSite;
}

/** The compiler's options a caller gives. */
export type ContentOptions = Omit<CompileOptions, 'astro' | 'prepared'> & {
  /** What Astro resolved for the site around the content (the Astro integration gives it). */
  astroConfig?: ResolvedAstroConfig | undefined;
};

/** Reads, checks and compiles a content folder into the data the server serves; throws a ContentError listing every problem. */
export async function buildContent(
  contentDir: string,
  { astroConfig, ...options }: ContentOptions,
  { progress = SILENT, readFile, renderAhead = false, site }: BuildSteps = {},
): Promise<ContentBuild> {
  const folder = await readSiteFolder(contentDir, progress, readFile);
  const astro = astroConfig ? withResolvedConfig(folder.astro, astroConfig) : folder.astro;
  const { files, others, urls } = folder;
  const { prepared, kept } = renderAhead
    ? await renderPosts(files, { mediaUrl: urls.urlOf, progress })
    : NOTHING_AHEAD;
  try {
    progress.step('compile', '');
    const { postFiles, data, ...compiled } = compileContent(withLinksOut(files, others), {
      ...options,
      astro,
      prepared,
      mediaFiles: others.media,
      mediaUrl: urls.urlOf,
      imageSize: imageSizer(folder),
      publicFiles: site
        ? new Set([...site.files.keys()].map(decodedPath))
        : (others.publicPaths ?? new Set()),
      publicSettings: site ? site.settings : folder.publicSettings,
      ...(site && { settingsFolder: basename(site.dir) }),
    });
    return {
      ...compiled,
      // The compiler's bodies are the files' text: those rendered ahead are read from disk instead.
      data: kept ? { ...data, bodies: kept.of(postFiles) } : data,
      staticFiles: site ? besideFiles(site, folder, compiled.media) : staticFilesOf(folder, compiled.media),
      release: () => kept?.release(),
    };
  } catch (error) {
    kept?.release();
    throw error;
  }
}

const decodedPath = (path: string) => path.split('/').map(decodeURIComponent).join('/');

/** Beside a built site: its files, which hold the public folder's, and the files beside entries, under /_media/. */
function besideFiles(site: BuiltSite, folder: SiteFolder, media: readonly string[]): StaticFile[] {
  const own = [...site.files].map(([path, file]) => fileOnDisk(path, join(site.dir, file)));
  const beside = staticFilesOf(folder, media).filter(({ path }) => path.startsWith(MEDIA_PREFIX));
  return [...own, ...beside];
}

export async function buildData(contentDir: string, now = new Date()): Promise<SiteData> {
  return (await buildContent(contentDir, { now })).data;
}

export interface DeploymentOptions {
  contentDir: string;
  /** The compiler's options; a check without an address goes on with CHECK_ADDRESS. */
  compile: Omit<ContentOptions, 'addressInUse'>;
  policy: EmitOptions['policy'];
  /** Where the deployment is written; undefined for a check, which assembles every body and writes nothing. */
  outDir: string | undefined;
  /** Opens the writer of the deployment's files: the file system's unless a caller stands between. */
  files?: (sized: FileSizes) => FileWriter;
  /**
   * A static site's build output (Astro's dist/, Hugo's public/): its pages and files are served
   * as they are, in place of Folio's theme pages (docs/beside.md). It may be `outDir` itself: it
   * is read before the deployment is swapped in there.
   */
  siteDir?: string;
}

/** What a build found and, unless it was a check, wrote. */
export interface DeploymentBuild {
  data: SiteData;
  layout: Layout;
  report: BuildReport;
  baseUrl: string;
  /** What the written folder holds; undefined for a check. */
  stats: DeploymentStats | undefined;
  /** The internal links and images that will not resolve (none when `strict`: they throw BrokenLinks). */
  broken: LinkRef[];
}

/**
 * Builds a content folder's deployment: compiles it, assembles every body and the manifest, checks
 * the internal links against what is published and, unless it is a check, writes the folder and
 * swaps it in. Throws a ContentError, BrokenLinks, or a RangeError naming what is missing.
 */
export async function buildDeployment(
  { contentDir, compile, policy, outDir, files, siteDir }: DeploymentOptions,
  progress: Progress = SILENT,
): Promise<DeploymentBuild> {
  const check = outDir === undefined;
  const site = siteDir === undefined ? undefined : readBuiltSite(siteDir);
  const content = await buildContent(
    contentDir,
    { ...compile, addressInUse: check ? CHECK_ADDRESS : undefined },
    { progress, renderAhead: true, ...(site && { site }) },
  );
  const { layout, report, staticFiles, release } = content;
  try {
    const data = site ? withSitePages(content.data, site, report) : content.data;
    const baseUrl = data.site.baseUrl ?? (check ? CHECK_ADDRESS : undefined);
    if (baseUrl === undefined) throw new RangeError(NO_ADDRESS);
    const beside = site && besideSite(site, data, baseUrl, report, basename(site.dir));
    const published = new Set<string>();
    let broken: LinkRef[] = [];
    const checkLinks = () => {
      // Files beside an entry (published under MEDIA_PREFIX) are checked, by the line that names them, as media.
      const links = report.links.filter(({ path }) => !path.startsWith(MEDIA_PREFIX));
      broken = unresolvedLinks(links, published, data);
      if (compile.strict && broken.length > 0) throw new BrokenLinks(broken);
    };
    const noteCollision = (collision: Collision) => report.collisions.push(collision);
    const emit = { baseUrl, policy, published, staticFiles, noteCollision, ...(beside && { beside }) };
    let stats: DeploymentStats | undefined;
    if (check) {
      progress.step('check', 'bodies');
      await emitDeployment(data, emit, () => progress.advance());
      checkLinks();
    } else
      ({ stats } = await writeDeployment(data, emit, outDir, {
        progress,
        accept: checkLinks,
        ...(files && { files }),
      }));
    return { data, layout, report, baseUrl, stats, broken };
  } finally {
    release();
  }
}
