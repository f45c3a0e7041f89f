/** get_post: a post's Markdown twin and facts, in pieces of at most READ_CAP characters. */
import { READ_CAP } from '../pieces.ts';
import { READING_SINCE } from '../protocol.ts';
import { PostTextSchema } from '../schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const getPostSpec = toolSpec({
  name: 'get_post',
  title: 'Read a post',
  since: READING_SINCE,
  description:
    'Read one post: its Markdown twin (front matter, title, description and the whole body, every link ' +
    'absolute) with its date, tags and url. Use it after search_blog_posts, get_series or ' +
    `get_posts_by_tag to read what a post says. A call returns at most ${READ_CAP} characters; when the ` +
    'post is longer, the result has nextOffset: call again with offset set to it to read on. totalLength ' +
    'is the whole length.',
  input: (args) => args.PostArguments,
  output: PostTextSchema,
});
