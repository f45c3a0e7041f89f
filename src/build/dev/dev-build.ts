/**
 * The dev server's builds: the same steps as `npm run build`, from the same content folder to the
 * same bodies, with every costly step kept from one build to the next and done again only for
 * inputs that changed (files read, front matter, Markdown, pages, search indexes, bytes). Each
 * cache keeps a value with the inputs it was made from, so a rebuild gives the bodies a fresh
 * build of the folder gives.
 */
import type { RateLimitPolicy } from '../api/index-document.ts';
import type { BuildOptions } from '../command/options.ts';
import { buildContent, type ContentOptions } from '../index.ts';
import { cachedFileReader } from './file-cache.ts';
import { cachedFrontMatter } from './front-matter-cache.ts';
import { cachedEncoder, emitIntoMemory, type MemoryDeployment } from './memory-deployment.ts';
import { cachedPageRenderer } from './page-cache.ts';
import { cachedPostBodies } from './render-cache.ts';
import { cachedSearchIndexer } from './search-cache.ts';

export interface DevBuildOptions {
  content: Omit<BuildOptions, 'outDir' | 'siteDir' | 'check' | 'format' | 'verbose' | 'baseUrl'> &
    Pick<ContentOptions, 'astroConfig'>;
  /** The dev server's own address: the content's URLs are built with it. */
  baseUrl: string;
  policy: RateLimitPolicy;
}

export function devBuilder({ content, baseUrl, policy }: DevBuildOptions) {
  const files = cachedFileReader();
  const frontMatter = cachedFrontMatter();
  const markdown = cachedPostBodies();
  const pages = cachedPageRenderer();
  const search = cachedSearchIndexer();
  const bytes = cachedEncoder();
  return {
    /** A file of the content folder changed (by its full path): read it again. */
    changed: files.forget,
    /** The deployment of the folder as it is now; throws a ContentError listing its problems. */
    async build(): Promise<MemoryDeployment> {
      const { data: built, staticFiles } = await buildContent(
        content.contentDir,
        { ...content, baseUrl, splitFrontMatter: frontMatter.split },
        { readFile: files.read },
      );
      const data = { ...built, bodies: markdown.cached(built.bodies) };
      const deployment = await emitIntoMemory(
        data,
        { baseUrl, policy, indexSearch: search.index, renderPage: pages.render, staticFiles },
        bytes.encode,
      );
      for (const cache of [files, frontMatter, markdown, pages, search, bytes]) cache.next();
      return deployment;
    },
    close: search.close,
  };
}
export type DevBuilder = ReturnType<typeof devBuilder>;
