/** The media types Folio answers with, each spelled once for the areas and the build. */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const RSS_TYPE = 'application/rss+xml; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
export const JSON_FEED_TYPE = 'application/feed+json; charset=utf-8';
export const XML_TYPE = 'application/xml; charset=utf-8';
/** An MCP server card (the server-card draft, SEP-2127). */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
/** An AI Catalog (the AI Catalog specification, and the Agentic Resource Discovery draft on it). */
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';
/** An agent skill's SKILL.md: Markdown with the Agent Skills profile the AI catalog names it by. */
export const SKILL_TYPE = 'text/markdown; profile="urn:air:agent-skills"; charset=utf-8';
