/** Every tool module, in the order of their specs (tool-specs/index.ts), which tools/list gives. */
import type { ToolModule } from '../tool-kit.ts';
import { getApiIndex } from './get-api-index.ts';
import { getPost } from './get-post.ts';
import { getPostsByTag } from './get-posts-by-tag.ts';
import { getSeries } from './get-series.ts';
import { listSeries } from './list-series.ts';
import { listSlideDecks } from './list-slide-decks.ts';
import { searchBlogPosts } from './search-blog-posts.ts';

export const TOOL_MODULES: readonly ToolModule[] = [
  searchBlogPosts,
  getPost,
  listSeries,
  getSeries,
  getPostsByTag,
  listSlideDecks,
  getApiIndex,
];
