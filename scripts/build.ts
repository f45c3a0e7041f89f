/**
 * Validates a content folder and writes the prerendered data the handler loads.
 *   tsx scripts/build.ts [--content DIR] [--out DIR] [--now ISO-DATE]
 * The content folder defaults to $FOLIO_CONTENT, then ./content.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileContent } from '../src/content/compile.ts';
import { ContentError } from '../src/content/errors.ts';
import { packSiteData } from '../src/data/pack.ts';
import type { SiteData } from '../src/data/types.ts';
import { readContentFolder } from './content-folder.ts';
import { renderPosts } from './render-posts.ts';

export const DEFAULT_OUT = 'src/data/generated';

export async function buildData(contentDir: string, now = new Date()): Promise<SiteData> {
  const files = await readContentFolder(contentDir);
  return compileContent(files, now, await renderPosts(files));
}

/**
 * The data as an ES module in the layout of src/data/pack.ts. The metadata is a JSON string literal
 * (parsed faster than the same object literal); each text is a literal of its own, one a line.
 */
export function dataModule(data: SiteData): string {
  const { meta, texts, searchIndex } = packSiteData(data);
  const literal = (value: unknown) => JSON.stringify(value);
  return [
    `export default {meta: JSON.parse(${literal(literal(meta))}),`,
    `searchIndex: ${literal(searchIndex)},`,
    'texts: [',
    ...texts.map((text) => `${literal(text)},`),
    ']};\n',
  ].join('\n');
}

const DECLARATION = `import type { PackedSiteData } from '../pack.ts';\ndeclare const data: PackedSiteData;\nexport default data;\n`;

export async function writeData(data: SiteData, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'site-data.js'), dataModule(data));
  await writeFile(join(outDir, 'site-data.d.ts'), DECLARATION);
}

async function main() {
  const { values } = parseArgs({
    options: { content: { type: 'string' }, out: { type: 'string' }, now: { type: 'string' } },
  });
  const contentDir = resolve(values.content ?? process.env.FOLIO_CONTENT ?? 'content');
  const now = values.now ? new Date(values.now) : new Date();
  const started = performance.now();
  try {
    const data = await buildData(contentDir, now);
    await writeData(data, resolve(values.out ?? DEFAULT_OUT));
    const ms = Math.round(performance.now() - started);
    console.log(
      `folio: built ${data.posts.length} posts, ${data.series.length} series, ${data.decks.length} decks from ${contentDir} in ${ms} ms`,
    );
  } catch (error) {
    if (isMissingFolder(error)) {
      console.error(
        `folio: the content folder ${contentDir} does not exist (set --content DIR or FOLIO_CONTENT)`,
      );
      process.exitCode = 1;
      return;
    }
    if (!(error instanceof ContentError)) throw error;
    console.error(`folio: the content in ${contentDir} has ${error.issues.length} problem(s):`);
    for (const issue of error.issues)
      console.error(`  ${join(contentDir, issue.file)}: ${issue.field}: ${issue.message}`);
    process.exitCode = 1;
  }
}

function isMissingFolder(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
