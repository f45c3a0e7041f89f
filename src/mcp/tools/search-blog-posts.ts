/** search_blog_posts: relevance-ranked full-text search over one language's posts. */
import { after } from '../../runtime/after.ts';
import type { EncodedResult } from '../json-rpc.ts';
import type { SearchResults } from '../schemas.ts';
import { createSearch } from '../search.ts';
import { resultOf, toolModule } from '../tool-kit.ts';
import { searchBlogPostsSpec } from '../tool-specs/search-blog-posts.ts';

export const searchBlogPosts = toolModule(searchBlogPostsSpec, ({ bodies }) => {
  const search = createSearch(bodies);
  /** Each kept search result's CallToolResult, encoded once. */
  const encoded = new WeakMap<SearchResults, EncodedResult>();
  return (args) =>
    after(search(args), (results) => {
      let result = encoded.get(results);
      if (result === undefined) {
        result = resultOf(JSON.stringify(results));
        encoded.set(results, result);
      }
      return result;
    });
});
