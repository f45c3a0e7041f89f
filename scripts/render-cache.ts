/**
 * The dev server's post bodies: each is kept with the Markdown it was rendered from, so a rebuild
 * renders only the posts whose body changed.
 */
import { type PostBodies, renderPostBodies } from '../src/build/site/render/post-body.ts';
import { BuildCache } from './build-cache.ts';

export function cachedPostBodies() {
  const kept = new BuildCache<string, ReturnType<PostBodies>>();
  const bodies: PostBodies = (post) => {
    let body = kept.get(post.body);
    if (!body) {
      body = renderPostBodies(post);
      kept.set(post.body, body);
    }
    return body;
  };
  return { bodies, next: () => kept.next() };
}
