/** Every tool's spec, in the order tools/list gives them. */
import type { ToolSpec } from '../tool-spec.ts';
import { getApiIndexSpec } from './get-api-index.ts';
import { getPostSpec } from './get-post.ts';
import { getPostsByTagSpec } from './get-posts-by-tag.ts';
import { getSeriesSpec } from './get-series.ts';
import { listSeriesSpec } from './list-series.ts';
import { listSlideDecksSpec } from './list-slide-decks.ts';
import { searchBlogPostsSpec } from './search-blog-posts.ts';

export const TOOL_SPECS: readonly ToolSpec[] = [
  searchBlogPostsSpec,
  getPostSpec,
  listSeriesSpec,
  getSeriesSpec,
  getPostsByTagSpec,
  listSlideDecksSpec,
  getApiIndexSpec,
];
