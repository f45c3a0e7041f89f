/**
 * The dev server's rendered post bodies: each is kept with the Markdown it was rendered from, so a
 * rebuild renders only the posts whose body changed.
 */
import type { PostBodies, RenderedBody } from '../data/types.ts';
import { BuildCache } from './build-cache.ts';

export function cachedPostBodies() {
  const kept = new BuildCache<string, RenderedBody>();
  /** `bodies`, each rendered body taken from the last build when its Markdown is the same. */
  const cached = (bodies: PostBodies): PostBodies => ({
    markdown: (post) => bodies.markdown(post),
    rendered(post) {
      const markdown = bodies.markdown(post);
      let body = kept.get(markdown);
      if (!body) {
        body = bodies.rendered(post);
        kept.set(markdown, body);
      }
      return body;
    },
  });
  return { cached, next: () => kept.next() };
}
