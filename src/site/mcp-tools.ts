/**
 * The MCP tools as the discovery documents and the portal list them (decisions.md section 4).
 * Kept here as one small constant until the MCP module exports its own tool catalog.
 */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

export const MCP_TOOLS = [
  {
    name: 'search_blog_posts',
    description:
      'Full-text search over titles, tags, descriptions and post bodies (accent- and case-insensitive).',
  },
  { name: 'list_series', description: 'The multi-part series in a language.' },
  { name: 'get_series', description: 'One series with its chapters in reading order.' },
  { name: 'get_posts_by_tag', description: 'Every post with a tag in a language, newest first.' },
  { name: 'list_slide_decks', description: 'Every published slide deck in a language.' },
  { name: 'get_api_index', description: 'The API index: version, policies, links and every endpoint.' },
] as const;
