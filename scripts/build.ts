/**
 * Validates a content folder and writes the deployment: every body as served and the manifest.
 *   tsx scripts/build.ts [--content DIR] [--out DIR] [--now ISO-DATE]
 * The content folder defaults to $FOLIO_CONTENT, then ./content; the public address to $BASE_URL,
 * then the content's baseUrl; the quota to $FOLIO_RATE_LIMIT_QUOTA and $FOLIO_RATE_LIMIT_WINDOW.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ratePolicyFromEnv } from '../src/adapters/env.ts';
import { DEFAULT_OUT } from '../src/adapters/file-source.ts';
import { compileContent } from '../src/content/compile.ts';
import { ContentError } from '../src/content/errors.ts';
import type { SiteData } from '../src/data/types.ts';
import { readContentFolder } from './content-folder.ts';
import { renderPosts } from './render-posts.ts';
import { writeDeployment } from './write-deployment.ts';

export async function buildData(contentDir: string, now = new Date()): Promise<SiteData> {
  const files = await readContentFolder(contentDir);
  return compileContent(files, now, await renderPosts(files));
}

async function main() {
  const { values } = parseArgs({
    options: { content: { type: 'string' }, out: { type: 'string' }, now: { type: 'string' } },
  });
  const contentDir = resolve(values.content ?? process.env.FOLIO_CONTENT ?? 'content');
  const outDir = resolve(values.out ?? process.env.FOLIO_OUT ?? DEFAULT_OUT);
  const now = values.now ? new Date(values.now) : new Date();
  const started = performance.now();
  try {
    const policy = ratePolicyFromEnv(process.env);
    const data = await buildData(contentDir, now);
    const baseUrl = publicAddress(process.env.BASE_URL || data.site.baseUrl);
    await writeDeployment(data, { baseUrl, policy }, outDir);
    const ms = Math.round(performance.now() - started);
    console.log(
      `folio: built ${data.posts.length} posts, ${data.series.length} series, ${data.decks.length} decks from ${contentDir} for ${baseUrl} into ${outDir} in ${ms} ms`,
    );
  } catch (error) {
    if (isMissingFolder(error)) {
      console.error(
        `folio: the content folder ${contentDir} does not exist (set --content DIR or FOLIO_CONTENT)`,
      );
      process.exitCode = 1;
      return;
    }
    if (error instanceof RangeError) {
      console.error(`folio: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    if (!(error instanceof ContentError)) throw error;
    console.error(`folio: the content in ${contentDir} has ${error.issues.length} problem(s):`);
    for (const issue of error.issues)
      console.error(`  ${resolve(contentDir, issue.file)}: ${issue.field}: ${issue.message}`);
    process.exitCode = 1;
  }
}

/** The public address every absolute URL is built with: an http(s) origin, maybe with a path. */
function publicAddress(value: string): string {
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value))
    throw new RangeError(
      `BASE_URL must be an absolute http(s) address such as https://blog.example, not ${JSON.stringify(value)}`,
    );
  return value.replace(/\/+$/, '');
}

function isMissingFolder(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
