/**
 * `astro:build:done`: Folio built beside the pages Astro wrote, into Astro's output folder, from
 * the site's content collections and its resolved config; `BASE_URL` wins over `site`, as for
 * `folio build`. Then the platform's function (./functions.ts). Content problems and links that
 * will not resolve stop the build, one line each, as `folio build` prints them.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentProblemLines, linkProblemLines } from '../build/command/problem-report.ts';
import { publicAddress } from '../build/command/run-build.ts';
import { ContentError } from '../build/content/errors.ts';
import { summaryLines } from '../build/content/report.ts';
import { buildDeployment, type DeploymentBuild } from '../build/index.ts';
import { ratePolicyFromEnv } from '../core/rate-policy.ts';
import type { AstroLogger } from './astro-types.ts';
import { writePlatformFunction } from './functions.ts';
import { FolioAstroRefusal } from './refusal.ts';
import type { AstroSite } from './site-config.ts';

/** The site's public address: BASE_URL, else Astro's `site`; undefined leaves the build to say what is missing. */
function baseUrlOf(site: AstroSite): string | undefined {
  const given = process.env.BASE_URL || site.resolved.site;
  if (given === undefined) return undefined;
  try {
    return publicAddress(given);
  } catch (error) {
    throw new FolioAstroRefusal(`folio: ${(error as Error).message}`);
  }
}

async function built(site: AstroSite, dir: string): Promise<DeploymentBuild> {
  const { contentDir, resolved } = site;
  try {
    return await buildDeployment({
      contentDir,
      siteDir: dir,
      compile: { now: new Date(), baseUrl: baseUrlOf(site), astroConfig: resolved },
      policy: ratePolicyFromEnv(process.env),
      outDir: dir,
    });
  } catch (error) {
    if (error instanceof ContentError)
      throw new FolioAstroRefusal(await contentProblemLines(error.issues, contentDir, 'text', site.root));
    if (error instanceof RangeError) throw new FolioAstroRefusal(`folio: ${error.message}`);
    throw error;
  }
}

export async function buildBeside(site: AstroSite, dirUrl: URL, logger: AstroLogger): Promise<void> {
  // Without the URL's trailing slash: the deployment is staged beside the folder, not in it.
  const dir = resolve(fileURLToPath(dirUrl));
  const { data, report, baseUrl, broken } = await built(site, dir);
  if (broken.length > 0)
    throw new FolioAstroRefusal(linkProblemLines(broken, site.contentDir, 'text', 'error', site.root));
  logger.info(`built the API, MCP, twins and feeds of ${data.posts.length} posts for ${baseUrl} into ${dir}`);
  for (const line of summaryLines(report, false)) logger.info(line.trim());
  if (site.platform) {
    const written = await writePlatformFunction(site.platform, site.root, dir);
    logger.info(`wrote the ${site.platform} function ${written}`);
  }
}
