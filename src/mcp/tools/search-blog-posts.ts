/** search_blog_posts: relevance-ranked full-text search over one language's posts. */

import type { SearchResults } from '../../core/schemas.ts';
import { offsetOfCursor } from '../../core/search-query.ts';
import { after } from '../../runtime/after.ts';
import { createSearch } from '../../runtime/search/search.ts';
import type { EncodedResult } from '../json-rpc.ts';
import { resultOf, toolModule } from '../tool-kit.ts';
import { searchBlogPostsSpec } from '../tool-specs/search-blog-posts.ts';

export const searchBlogPosts = toolModule(searchBlogPostsSpec, ({ bodies }) => {
  const search = createSearch(bodies);
  /** Each kept search result's CallToolResult, encoded once. */
  const encoded = new WeakMap<SearchResults, EncodedResult>();
  return ({ cursor, tag, series, ...args }) =>
    after(
      search({
        ...args,
        // The argument schema admits only a cursor's pattern, so every given cursor has an offset.
        offset: cursor === undefined ? 0 : (offsetOfCursor(cursor) as number),
        tag: tag ?? null,
        series: series ?? null,
      }),
      (results) => {
        let result = encoded.get(results);
        if (result === undefined) {
          result = resultOf(JSON.stringify(results));
          encoded.set(results, result);
        }
        return result;
      },
    );
});
