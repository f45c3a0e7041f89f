/**
 * A post's body made from its Markdown: its HTML and the code and HTML blocks its twin keeps, both
 * from one parse. Small blogs, the tests and the dev server render each body when its page asks;
 * `npm run build` renders a large blog's ahead of time (src/build/threads/render-posts.ts).
 */
import type { PostBodies, PostRecord, RenderedBody } from '../../data/types.ts';
import { type Rendered, renderWithTokens } from './markdown.ts';
import { verbatimBlocks } from './twin.ts';

export const renderedBodyOf = ({ html, tokens }: Rendered): RenderedBody => ({
  html,
  verbatim: verbatimBlocks(tokens),
});

/** Each post's Markdown, by post id, rendered when asked for. */
export class MarkdownBodies implements PostBodies {
  constructor(private readonly byId: ReadonlyMap<string, string>) {}

  markdown(post: PostRecord): string {
    const markdown = this.byId.get(post.id);
    if (markdown === undefined) throw new Error(`the build has no body of the post ${post.id}`);
    return markdown;
  }

  rendered(post: PostRecord): RenderedBody {
    return renderedBodyOf(renderWithTokens(this.markdown(post)));
  }
}
