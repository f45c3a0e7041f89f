/**
 * The read-only tools at run time: each validates its arguments and answers from the REST API's
 * own prerendered bodies, the search index, or (get_post) the post's Markdown twin. A result is encoded once per body (or per
 * kept search result), and a call whose bodies are in memory is answered without a promise.
 */
import type * as v from 'valibot';
import { bodyKey, type Manifest, MCP_TOOLS_KEY } from '../core/deployment.ts';
import { languageName } from '../core/languages.ts';
import { type PostFacts, postFactsKey } from '../core/reading.ts';
import { after, loadOnce } from '../http/after.ts';
import { type Body, type BodyCache, bodyText, derive } from '../http/body-cache.ts';
import { type ArgumentsSchema, argumentsParser, type Parsed } from './arguments.ts';
import { type EncodedResult, encodedResult } from './json-rpc.ts';
import { pastTheEnd, pieceOf } from './pieces.ts';
import { type JsonObject, type ListToolsResult, toolErrorResult } from './protocol.ts';
import type { PostText, SearchResults } from './schemas.ts';
import { createSearch } from './search.ts';
import { type ToolSpec, toolSpecs } from './tool-specs.ts';

/** A tools/call outcome: the encoded CallToolResult, or a message naming the bad argument. */
export type ToolOutcome = Parsed<EncodedResult>;

export interface McpTool {
  name: string;
  call: (args: JsonObject) => ToolOutcome | Promise<ToolOutcome>;
}

/** `{content: [text], structuredContent}` around a JSON text, without parsing it again. */
function resultOf(json: string): EncodedResult {
  return encodedResult(
    `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`,
  );
}

function errorResult(text: string): EncodedResult {
  return encodedResult(JSON.stringify(toolErrorResult(text)));
}

const bodyValue = <T>(body: Body) => derive(body, 'value', () => JSON.parse(bodyText(body)) as T);
const bodyResult = (body: Body) => derive(body, 'mcp-result', () => resultOf(bodyText(body)));

/** Each tool's inputSchema as published in tools/list: the words of every argument error come from it. */
function publishedInputSchemas(bodies: BodyCache) {
  const schemas = loadOnce(() =>
    after(bodies.get(MCP_TOOLS_KEY), (body) => {
      const { tools } = (body ? JSON.parse(bodyText(body)) : { tools: [] }) as ListToolsResult;
      return new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
    }),
  );
  return (name: string) => after(schemas(), (byName): JsonObject => byName.get(name) ?? { properties: {} });
}

export function createTools(manifest: Manifest, bodies: BodyCache): McpTool[] {
  const { baseUrl } = manifest;
  const specs = toolSpecs(manifest.languages);
  const inputSchemaOf = publishedInputSchemas(bodies);

  function defineTool<I extends ArgumentsSchema>(
    spec: ToolSpec<I>,
    run: (args: v.InferOutput<I>) => EncodedResult | Promise<EncodedResult>,
  ): McpTool {
    return {
      name: spec.name,
      call: (args) =>
        after(inputSchemaOf(spec.name), (inputSchema): ToolOutcome | Promise<ToolOutcome> => {
          const parsed = argumentsParser(spec.name, spec.input, () => inputSchema)(args);
          return parsed.ok ? after(run(parsed.value), (value) => ({ ok: true, value })) : parsed;
        }),
    };
  }

  const search = createSearch(bodies);
  /** Each kept search result's CallToolResult, encoded once. */
  const searchResults = new WeakMap<SearchResults, EncodedResult>();
  const read = (path: string) => bodies.get(bodyKey(path) ?? '');
  const seriesListingPath = (lang: string) => `/api/series/${lang}/index.json`;

  const searchBlogPosts = defineTool(specs.searchBlogPosts, (args) =>
    after(search(args), (results) => {
      let result = searchResults.get(results);
      if (result === undefined) {
        result = resultOf(JSON.stringify(results));
        searchResults.set(results, result);
      }
      return result;
    }),
  );

  /** A piece of a post's twin with the post's facts; the first piece of each post is kept. */
  function postText(facts: PostFacts, twin: Body, offset: number): EncodedResult {
    const make = () => {
      const piece = pieceOf(bodyText(twin), offset);
      if (!piece) return errorResult(pastTheEnd(offset, bodyText(twin).length));
      const { text, ...position } = piece;
      const result: PostText = { ...facts.post, markdownUrl: facts.markdownUrl, ...position, markdown: text };
      return resultOf(JSON.stringify(result));
    };
    return offset === 0 ? derive(twin, 'mcp-post', make) : make();
  }

  const getPost = defineTool(specs.getPost, ({ slug, lang, offset }) =>
    after(bodies.get(postFactsKey(lang, slug)), (factsBody) => {
      if (!factsBody) {
        return errorResult(
          `No ${languageName(lang)} post has the slug "${slug}". search_blog_posts finds posts by any word, ` +
            'get_posts_by_tag and get_series list them, each with its slug.',
        );
      }
      const facts = bodyValue<PostFacts>(factsBody);
      return after(read(facts.twinPath), (twin) => {
        if (!twin) throw new Error(`folio: the twin of ${facts.markdownUrl} is missing from the deployment`);
        return postText(facts, twin, offset);
      });
    }),
  );

  const listSeries = defineTool(specs.listSeries, ({ lang }) =>
    after(read(seriesListingPath(lang)), (body) =>
      body ? bodyResult(body) : errorResult(`No series in ${languageName(lang)}.`),
    ),
  );

  const getSeries = defineTool(specs.getSeries, ({ slug, lang }) =>
    after(read(`/api/series/${lang}/${slug}.json`), (body) => {
      if (body) return bodyResult(body);
      return after(read(seriesListingPath(lang)), (listing) => {
        const slugs = listing
          ? bodyValue<{ series: { slug: string }[] }>(listing).series.map((s) => s.slug)
          : [];
        return errorResult(
          `No series "${slug}" in ${languageName(lang)}. Call list_series with lang "${lang}" for the valid ` +
            `slugs (${slugs.join(', ') || 'none yet'}); they are also listed at ${baseUrl}${seriesListingPath(lang)}.`,
        );
      });
    }),
  );

  const getPostsByTag = defineTool(specs.getPostsByTag, ({ tag, lang, limit }) =>
    after(read(`/api/timeline/${lang}/${encodeURIComponent(tag)}.json`), (body) => {
      if (!body) {
        return errorResult(
          `No ${languageName(lang)} post has the tag "${tag}". Tags in use in ${languageName(lang)}: ` +
            `${(manifest.mcp.tags[lang] ?? []).join(', ')}. get_api_index lists them too, and search_blog_posts finds posts by any word.`,
        );
      }
      if (limit === undefined) return bodyResult(body);
      return derive(body, `mcp-result:${limit}`, () => {
        const timeline = bodyValue<{ posts: unknown[] }>(body);
        return resultOf(JSON.stringify({ ...timeline, posts: timeline.posts.slice(0, limit) }));
      });
    }),
  );

  const listSlideDecks = defineTool(specs.listSlideDecks, ({ lang }) =>
    after(read(`/api/slides-timeline/${lang}.json`), (body) =>
      body ? bodyResult(body) : errorResult(`No slide decks in ${languageName(lang)}.`),
    ),
  );

  const getApiIndex = defineTool(specs.getApiIndex, () =>
    after(read('/api/index.json'), (body) =>
      body ? bodyResult(body) : errorResult('The API index is missing from this deployment.'),
    ),
  );

  return [searchBlogPosts, getPost, listSeries, getSeries, getPostsByTag, listSlideDecks, getApiIndex];
}
