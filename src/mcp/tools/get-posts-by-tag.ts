/** get_posts_by_tag: the posts of one language with a tag, newest first (the REST API's timeline). */
import { languageName } from '../../core/languages.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, bodyValue, errorResult, resultFrom, resultOf, toolModule } from '../tool-kit.ts';
import { getPostsByTagSpec } from '../tool-specs/get-posts-by-tag.ts';

export const getPostsByTag = toolModule(
  getPostsByTagSpec,
  ({ manifest, read }) =>
    ({ tag, lang, limit }) =>
      after(read(`/api/timeline/${lang}/${encodeURIComponent(tag)}.json`), (body) => {
        if (!body) {
          return errorResult(
            `No ${languageName(lang)} post has the tag "${tag}". Tags in use in ${languageName(lang)}: ` +
              `${(manifest.mcp.tags[lang] ?? []).join(', ')}. get_api_index lists them too, and search_blog_posts finds posts by any word.`,
          );
        }
        if (limit === undefined) return bodyResult(body);
        return resultFrom(body, `mcp-result:${limit}`, () => {
          const timeline = bodyValue<{ posts: unknown[] }>(body);
          return resultOf(JSON.stringify({ ...timeline, posts: timeline.posts.slice(0, limit) }));
        });
      }),
);
