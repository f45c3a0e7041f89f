/**
 * Reading the posts ahead on two threads gives what compileContent and the pages make inline: the
 * same records and links, and for each post the body its page renders.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContent } from '../src/build/content/compile.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { renderPosts } from '../src/build/threads/render-posts.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';

const BLOG = resolve(FIXTURES, 'field-notes/src/content');

describe('renderPosts', () => {
  it('reads every post, .mdx included, on two threads, as compileContent and the pages do inline', async () => {
    const files = await readContentFolder(BLOG);
    const { prepared, kept } = await renderPosts(files, { parallelFrom: 0 });
    try {
      expect([...prepared.keys()].sort()).toEqual([
        'blog/en/2025-01-10_first.mdx',
        'blog/en/2025-02-10_second.md',
        'blog/en/2025-04-01_draft.md',
        'blog/en/2099-01-01_future.md',
        'blog/es/2025-01-10_first.mdx',
      ]);
      const options = { now: BUILD_TIME };
      const ahead = compileContent(files, { ...options, prepared });
      const inline = compileContent(files, options);
      expect(ahead.data).toEqual(inline.data);
      expect(ahead.report.links).toEqual(inline.report.links);
      const bodies = kept?.of(inline.postFiles);
      for (const post of inline.data.posts) {
        expect(bodies?.markdown(post), post.id).toBe(inline.data.bodies.markdown(post));
        expect(bodies?.rendered(post), post.id).toEqual(inline.data.bodies.rendered(post));
      }
      const first = inline.data.posts.find((post) => post.id === 'en/2025-01-10_first');
      expect(first && bodies?.rendered(first).html).not.toContain('Callout');
    } finally {
      kept?.release();
    }
  });

  it('leaves a small blog to compileContent', async () => {
    const files = await readContentFolder(BLOG);
    expect(await renderPosts(files)).toEqual({ prepared: new Map(), kept: null });
  });
});
