/** Help texts for `folio --help` and `folio <command> --help`. */

const COMMON = `Flags (every command):
  --json            Print the API's JSON exactly as received (pipe it into jq)
  --lang CODE       Content language, one the blog is written in (default: its first)
  --base-url URL    The Folio server (default: $FOLIO_BASE_URL, else http://localhost:8787)
  --timeout S       Seconds to wait for each answer (default: 10)
  -h, --help        Show help
  -v, --version     Show folio's version`;

export const MAIN_HELP = `folio: read a Folio blog from the terminal

Usage: folio <command> [arguments] [flags]

Commands:
  posts [--limit N]          Newest posts
  search <query> [--limit N] Posts ranked by relevance (accents and case ignored)
  read <slug>                A post's full text as Markdown
  series [<slug>]            The series, or one series' chapters in reading order
  tag <tag> [--limit N]      Posts with a tag, newest first
  talks                      Slide decks and talks
  api                        API version, rate limit and endpoints

${COMMON}

Exit codes: 0 success, 1 API, network or server error, 2 usage error.
Run 'folio <command> --help' for a command's details.`;

/** @type {Record<string, string>} */
export const COMMAND_HELP = {
  posts: `Usage: folio posts [--limit N] [flags]

The newest posts in one language (GET /api/posts-{lang}.json).
  --limit N         Only the newest N posts (1 to 500)

Example: folio posts --limit 5 --lang es`,
  search: `Usage: folio search <query> [--limit N] [flags]

Posts ranked by relevance over title, tags, description and text, ignoring accents and case
(the server's /api/search.json, ranked as its MCP tool search_blog_posts ranks). Several words
form one query.
  --limit N         At most N results (1 to 50; the server's default is 10)
  --json            Print the API's JSON as received

Example: folio search "cache control" --limit 3`,
  read: `Usage: folio read <slug> [flags]

The post's Markdown twin, whole: front matter, title, description and text, links absolute
(the server's MCP tool get_post, read piece by piece). Pipe it into a pager or a file.
  --json            Print the tool's structuredContent, with the whole text as 'markdown'

Example: folio read leaky-bucket-limiter --lang es | less`,
  series: `Usage: folio series [<slug>] [flags]

Without a slug: every series with a post in that language (GET /api/series/{lang}/index.json).
With a slug: its chapters in reading order (GET /api/series/{lang}/{slug}.json).
Series slugs are the same in every language.

Example: folio series http-caching --lang es`,
  tag: `Usage: folio tag <tag> [--limit N] [flags]

Every post with the tag, newest first (GET /api/timeline/{lang}/{tag}.json).
  --limit N         Only the newest N posts (1 to 500). The endpoint has no limit parameter,
                    so folio cuts the list itself; with --json, 'posts' is cut and 'total'
                    still counts every post with the tag.

Example: folio tag http --limit 3`,
  talks: `Usage: folio talks [flags]

Slide decks and talks, newest first (GET /api/slides-timeline/{lang}.json).

Example: folio talks --lang es`,
  api: `Usage: folio api [flags]

The API index: version, rate limit, links and every endpoint (GET /api/index.json).
--lang has no effect here: the index covers both languages.

Example: folio api --json | jq .rate_limit`,
};

/** @param {string} command */
export function commandHelp(command) {
  return `${COMMAND_HELP[command]}\n\n${COMMON}`;
}
