/**
 * Reading the posts ahead on two threads gives what compileContent and the pages make inline: the
 * same data and links, and for each post the body its page renders.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFolder } from '../scripts/content-folder.ts';
import { renderPosts } from '../scripts/render-posts.ts';
import { compileContent } from '../src/build/content/compile.ts';
import { renderPostBodies } from '../src/build/site/render/post-body.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';

const BLOG = resolve(FIXTURES, 'field-notes/src/content');

describe('renderPosts', () => {
  it('reads every post, .mdx included, on two threads, as compileContent and the pages do inline', async () => {
    const files = await readContentFolder(BLOG);
    const ahead = await renderPosts(files, 0);
    try {
      expect([...ahead.prepared.keys()].sort()).toEqual([
        'blog/en/2025-01-10_first.mdx',
        'blog/en/2025-02-10_second.md',
        'blog/en/2025-04-01_draft.md',
        'blog/en/2099-01-01_future.md',
        'blog/es/2025-01-10_first.mdx',
      ]);
      expect(ahead.bodies.bodyOf('blog/en/2025-01-10_first.mdx')?.html).not.toContain('Callout');
      const options = { now: BUILD_TIME };
      const prepared = compileContent(files, { ...options, prepared: ahead.prepared });
      const inline = compileContent(files, options);
      expect(prepared.data).toEqual(inline.data);
      expect(prepared.report.links).toEqual(inline.report.links);
      for (const [post, file] of inline.postFiles)
        expect(ahead.bodies.bodyOf(file), file).toEqual(renderPostBodies(post));
    } finally {
      ahead.bodies.release();
    }
  });

  it('leaves a small blog to compileContent', async () => {
    const files = await readContentFolder(BLOG);
    expect((await renderPosts(files)).prepared.size).toBe(0);
  });
});
