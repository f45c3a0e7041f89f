/** search_blog_posts: relevance-ranked full-text search over one language's posts. */
import { SearchResultsSchema } from '../../core/schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const searchBlogPostsSpec = toolSpec({
  name: 'search_blog_posts',
  title: 'Search blog posts',
  description:
    'Full-text search over the published posts of one language (title, tags, description and body), ' +
    'ranked by relevance. Use it to find what the blog says about a subject when you do not know the ' +
    'exact tag or series. Accents and case do not matter (cancion finds canción) and the last word also ' +
    'matches as a prefix. Posts with every word come first; when no post has them all, posts with any of ' +
    'them. `tag` and `series` narrow it to the posts with a tag or the chapters of a series. Returns ' +
    'total (every match) and the best `limit` results with slug, title, description, date, tags, ' +
    'absolute url and score, and nextCursor when more follow (pass it as cursor); get_post reads one.',
  input: (args) => args.SearchArguments,
  output: SearchResultsSchema,
});
