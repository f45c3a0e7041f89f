/**
 * The dev server's Markdown cache: a post's HTML is kept by a hash of its path and text, so a
 * rebuild renders only the posts that changed, and every other body comes out byte-identical.
 */
import { createHash } from 'node:crypto';
import type { ContentFiles, RenderedBodies } from '../src/build/content/files.ts';
import { type Job, postsIn, render, renderPosts } from './render-posts.ts';

const keyOf = (file: string, text: string) =>
  createHash('sha256').update(file).update('\0').update(text).digest('hex');

export function cachedRenderer(): (files: ContentFiles) => Promise<RenderedBodies> {
  let byKey = new Map<string, string>();
  return async (files) => {
    const posts = postsIn(files).map(([file, text]) => ({ file, text, key: keyOf(file, text) }));
    const missing: Job = posts.filter(({ key }) => !byKey.has(key)).map(({ file, text }) => [file, text]);
    const fresh = await renderMissing(missing);
    // Only the current posts are kept, so edits do not pile up.
    byKey = new Map(
      posts.flatMap(({ file, key }) => {
        const html = byKey.get(key) ?? fresh.get(file);
        return html === undefined ? [] : [[key, html]];
      }),
    );
    return new Map(
      posts.flatMap(({ file, key }) => {
        const html = byKey.get(key);
        return html === undefined ? [] : [[file, html]];
      }),
    );
  };
}

/** Many posts (the first build) render on two threads; a few render here. */
async function renderMissing(missing: Job): Promise<RenderedBodies> {
  const parallel = await renderPosts(new Map(missing));
  return parallel.size > 0 ? parallel : new Map(render(missing));
}
