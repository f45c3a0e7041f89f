/** get_posts_by_tag: the posts of one language with a tag, newest first (the REST API's timeline). */
import { languageName } from '../../core/languages.ts';
import { TagTimelineSchema } from '../../core/schemas.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, bodyValue, errorResult, resultFrom, resultOf, toolModule } from '../tool-kit.ts';

export const getPostsByTag = toolModule({
  name: 'get_posts_by_tag',
  title: 'Get posts by tag',
  description:
    'List every post of one language that carries a tag (of any tier), newest first. Use it to browse a ' +
    'subject by its tag, e.g. "http" or "caching". Tags are those in a post\'s tags; get_api_index lists ' +
    'every tag in use. With `limit`, only the newest N posts are returned and total still counts them all.',
  input: (args) => args.TagArguments,
  output: TagTimelineSchema,
  behaviour:
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
});
