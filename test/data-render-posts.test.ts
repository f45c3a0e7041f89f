/** Rendering the posts on two threads gives the HTML compileContent renders inline. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFolder } from '../scripts/content-folder.ts';
import { renderPosts } from '../scripts/render-posts.ts';
import { compileContent } from '../src/build/content/compile.ts';
import { BUILD_TIME, FIXTURES } from './support/data.ts';

const BLOG = resolve(FIXTURES, 'field-notes/src/content');

describe('renderPosts', () => {
  it('renders every post, .mdx included, on two threads, as compileContent does inline', async () => {
    const files = await readContentFolder(BLOG);
    const rendered = await renderPosts(files, { parallelFrom: 0 });
    expect([...rendered.keys()].sort()).toEqual([
      'blog/en/2025-01-10_first.mdx',
      'blog/en/2025-02-10_second.md',
      'blog/en/2025-04-01_draft.md',
      'blog/en/2099-01-01_future.md',
      'blog/es/2025-01-10_first.mdx',
    ]);
    expect(rendered.get('blog/en/2025-01-10_first.mdx')).not.toContain('Callout');
    const options = { now: BUILD_TIME };
    expect(compileContent(files, { ...options, rendered }).data).toEqual(compileContent(files, options).data);
  });

  it('leaves a small blog to compileContent', async () => {
    const files = await readContentFolder(BLOG);
    expect((await renderPosts(files)).size).toBe(0);
  });
});
