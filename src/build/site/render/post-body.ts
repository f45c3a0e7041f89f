/**
 * A post's body as its page and its twin show it: the HTML, and where the Markdown has code and
 * HTML blocks, both from one parse. The records do not hold it: at 100,000 posts the HTML alone
 * is 330 MB, so each body is made (or read from where it was put when made ahead of time,
 * scripts/render-posts.ts) as its page is written.
 */
import type { PostRecord } from '../../data/types.ts';
import { type Rendered, renderWithTokens } from './markdown.ts';
import { type VerbatimBlock, verbatimBlocks } from './twin.ts';

export interface PostBody {
  html: string;
  verbatim: VerbatimBlock[];
}

/** Each post's body: always the same for the same post. */
export type PostBodies = (post: PostRecord) => PostBody;

export const postBodyOf = ({ html, tokens }: Rendered): PostBody => ({
  html,
  verbatim: verbatimBlocks(tokens),
});

/** Each post's body rendered when asked for. */
export const renderPostBodies: PostBodies = (post) => postBodyOf(renderWithTokens(post.body));
