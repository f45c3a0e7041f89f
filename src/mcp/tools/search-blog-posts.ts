/** search_blog_posts: relevance-ranked full-text search over one language's posts. */
import { after } from '../../runtime/after.ts';
import type { EncodedResult } from '../json-rpc.ts';
import { type SearchResults, SearchResultsSchema } from '../schemas.ts';
import { createSearch } from '../search.ts';
import { resultOf, toolModule } from '../tool-kit.ts';

export const searchBlogPosts = toolModule({
  name: 'search_blog_posts',
  title: 'Search blog posts',
  description:
    'Full-text search over the published posts of one language (title, tags, description and body), ' +
    'ranked by relevance. Use it to find what the blog says about a subject when you do not know the ' +
    'exact tag or series. Accents and case do not matter (cancion finds canción) and the last word also ' +
    'matches as a prefix. Posts with every word come first; when no post has them all, posts with any of ' +
    'them. Returns total (every match) and the best `limit` results with slug, title, description, date, ' +
    'tags, absolute url and score; get_post reads one.',
  input: (args) => args.SearchArguments,
  output: SearchResultsSchema,
  behaviour({ bodies }) {
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
  },
});
