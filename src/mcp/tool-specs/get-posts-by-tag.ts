/** get_posts_by_tag: the posts of one language with a tag, newest first (the REST API's timeline). */
import { TagTimelineSchema } from '../../core/schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const getPostsByTagSpec = toolSpec({
  name: 'get_posts_by_tag',
  title: 'Get posts by tag',
  description:
    'List every post of one language that carries a tag (of any tier), newest first. Use it to browse a ' +
    'subject by its tag, e.g. "http" or "caching". Tags are those in a post\'s tags; get_api_index lists ' +
    'every tag in use. With `limit`, only the newest N posts are returned and total still counts them all.',
  input: (args) => args.TagArguments,
  output: TagTimelineSchema,
});
