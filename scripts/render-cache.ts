/**
 * The dev server's Markdown cache: a post's HTML is kept with the Markdown it was rendered from
 * (its body with its images at their URLs, which change with the images' bytes), so a rebuild
 * renders only the posts whose file, or an image they show, changed.
 */
import type { ContentFiles, RenderedBodies } from '../src/build/content/files.ts';
import type { MediaUrlOf } from '../src/build/content/media.ts';
import { BuildCache } from './build-cache.ts';
import { type Job, postsIn, render, renderJob } from './render-posts.ts';

/** From how many posts to render a rebuild's changed posts on two threads (the first build's). */
const PARALLEL_FROM = 1000;

export function cachedRenderer() {
  const kept = new BuildCache<string, { markdown: string; html: string }>();
  async function renderChanged(files: ContentFiles, mediaUrl: MediaUrlOf): Promise<RenderedBodies> {
    const posts = postsIn(files, mediaUrl);
    const missing: Job = posts.filter(([file, markdown]) => kept.get(file)?.markdown !== markdown);
    const fresh = missing.length >= PARALLEL_FROM ? await renderJob(missing) : new Map(render(missing));
    for (const [file, markdown] of missing) kept.set(file, { markdown, html: fresh.get(file) as string });
    return new Map(posts.map(([file]) => [file, kept.get(file)?.html as string]));
  }
  return { render: renderChanged, next: () => kept.next() };
}
