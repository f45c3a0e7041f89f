/** Rendering the posts on two threads gives the HTML compileContent renders inline. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFolder } from '../scripts/content-folder.ts';
import { renderPosts } from '../scripts/render-posts.ts';
import { compileContent } from '../src/content/compile.ts';
import { BUILD_TIME } from './support/data.ts';
import { ROOT } from './support/server.ts';

describe('renderPosts', () => {
  it('renders every post on two threads, as compileContent does inline', async () => {
    const files = await readContentFolder(resolve(ROOT, 'content'));
    const rendered = await renderPosts(files, 0);
    const posts = [...files.keys()].filter((file) => file.startsWith('blog/'));
    expect([...rendered.keys()].sort()).toEqual(posts.sort());
    expect(compileContent(files, BUILD_TIME, rendered)).toEqual(compileContent(files, BUILD_TIME));
  });

  it('leaves a small blog to compileContent', async () => {
    const files = await readContentFolder(resolve(ROOT, 'content'));
    expect((await renderPosts(files)).size).toBe(0);
  });
});
