/**
 * The dev server's Markdown cache: a post's HTML is kept with the text it was rendered from, so a
 * rebuild renders only the posts whose file changed.
 */
import type { ContentFiles, RenderedBodies } from '../src/build/content/files.ts';
import { BuildCache } from './build-cache.ts';
import { type Job, postsIn, render, renderPosts } from './render-posts.ts';

export function cachedRenderer() {
  const kept = new BuildCache<string, { text: string; html: string }>();
  async function renderChanged(files: ContentFiles): Promise<RenderedBodies> {
    const posts = postsIn(files);
    const missing: Job = posts.filter(([file, text]) => kept.get(file)?.text !== text);
    for (const [file, html] of await renderMissing(missing)) {
      const text = files.get(file) as string;
      kept.set(file, { text, html });
    }
    const rendered = new Map<string, string>();
    for (const [file, text] of posts) {
      const last = kept.get(file);
      if (last?.text === text) rendered.set(file, last.html);
    }
    return rendered;
  }
  return { render: renderChanged, next: () => kept.next() };
}

/** Many posts (the first build) render on two threads; a few render here. */
async function renderMissing(missing: Job): Promise<RenderedBodies> {
  const parallel = await renderPosts(new Map(missing));
  return parallel.size > 0 ? parallel : new Map(render(missing));
}
