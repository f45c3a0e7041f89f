/** get_post: a post's Markdown twin and facts, in pieces of at most READ_CAP characters. */

import { languageName } from '../../core/languages.ts';
import { type PostFacts, postFactsKey } from '../../core/reading.ts';
import { after } from '../../runtime/after.ts';
import { type Body, bodyText } from '../../runtime/body-cache.ts';
import type { EncodedResult } from '../json-rpc.ts';
import { pastTheEnd, pieceOf } from '../pieces.ts';
import type { PostText } from '../schemas.ts';
import { bodyValue, errorResult, resultFrom, resultOf, toolModule } from '../tool-kit.ts';
import { getPostSpec } from '../tool-specs/get-post.ts';

/** A piece of a post's twin with the post's facts; the first piece of each post is kept. */
function postText(facts: PostFacts, twin: Body, offset: number): EncodedResult {
  const make = () => {
    const piece = pieceOf(bodyText(twin), offset);
    if (!piece) return errorResult(pastTheEnd(offset, bodyText(twin).length));
    const { text, ...position } = piece;
    const result: PostText = { ...facts.post, markdownUrl: facts.markdownUrl, ...position, markdown: text };
    return resultOf(JSON.stringify(result));
  };
  return offset === 0 ? resultFrom(twin, 'mcp-post', make) : make();
}

export const getPost = toolModule(
  getPostSpec,
  ({ bodies, read }) =>
    ({ slug, lang, offset }) =>
      after(bodies.get(postFactsKey(lang, slug)), (factsBody) => {
        if (!factsBody) {
          return errorResult(
            `No ${languageName(lang)} post has the slug "${slug}". search_blog_posts finds posts by any word, ` +
              'get_posts_by_tag and get_series list them, each with its slug.',
          );
        }
        const facts = bodyValue<PostFacts>(factsBody);
        return after(read(facts.twinPath), (twin) => {
          if (!twin)
            throw new Error(`folio: the twin of ${facts.markdownUrl} is missing from the deployment`);
          return postText(facts, twin, offset);
        });
      }),
);
