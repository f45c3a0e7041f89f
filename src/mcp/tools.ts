/**
 * The six read-only tools at run time: each validates its arguments and answers from the REST
 * API's own prerendered bodies (or the search index). A result is JSON text made once per body.
 */
import type * as v from 'valibot';
import { bodyKey, type Manifest, MCP_TOOLS_KEY } from '../core/deployment.ts';
import { languageName } from '../core/languages.ts';
import { type Body, type BodyCache, derive } from '../http/body-cache.ts';
import { type ArgumentsSchema, argumentsParser, type Parsed } from './arguments.ts';
import { type JsonObject, type ListToolsResult, toolErrorResult } from './protocol.ts';
import { createSearch } from './search.ts';
import { type ToolSpec, toolSpecs } from './tool-specs.ts';

/** A tools/call outcome: the CallToolResult as JSON text, or a message naming the bad argument. */
export type ToolOutcome = Parsed<string>;

export interface McpTool {
  name: string;
  call: (args: JsonObject) => Promise<ToolOutcome>;
}

const decoder = new TextDecoder();

/** `{content: [text], structuredContent}` around a JSON text, without parsing it again. */
export function resultJson(json: string): string {
  return `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`;
}

export function errorResultJson(text: string): string {
  return JSON.stringify(toolErrorResult(text));
}

const bodyText = (body: Body) => derive(body, 'text', () => decoder.decode(body.bytes));
const bodyValue = <T>(body: Body) => derive(body, 'value', () => JSON.parse(bodyText(body)) as T);
const bodyResult = (body: Body) => derive(body, 'mcp-result', () => resultJson(bodyText(body)));

/** Each tool's inputSchema as published in tools/list: the words of every argument error come from it. */
function publishedInputSchemas(bodies: BodyCache) {
  let schemas: Promise<Map<string, JsonObject>> | undefined;
  return (name: string) => {
    schemas ??= Promise.resolve(bodies.get(MCP_TOOLS_KEY)).then((body) => {
      const { tools } = (body ? JSON.parse(decoder.decode(body.bytes)) : { tools: [] }) as ListToolsResult;
      return new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
    });
    return schemas.then((byName) => byName.get(name) ?? { properties: {} });
  };
}

export function createTools(manifest: Manifest, bodies: BodyCache): McpTool[] {
  const { baseUrl } = manifest;
  const specs = toolSpecs(manifest.languages);
  const inputSchemaOf = publishedInputSchemas(bodies);

  function defineTool<I extends ArgumentsSchema>(
    spec: ToolSpec<I>,
    run: (args: v.InferOutput<I>) => Promise<string>,
  ): McpTool {
    return {
      name: spec.name,
      async call(args) {
        const inputSchema = await inputSchemaOf(spec.name);
        const parsed = argumentsParser(spec.name, spec.input, () => inputSchema)(args);
        return parsed.ok ? { ok: true, value: await run(parsed.value) } : parsed;
      },
    };
  }

  const search = createSearch(bodies);
  const read = async (path: string) => bodies.get(bodyKey(path) ?? '');
  const seriesListingPath = (lang: string) => `/api/series/${lang}/index.json`;

  const searchBlogPosts = defineTool(specs.searchBlogPosts, async (args) =>
    resultJson(JSON.stringify(await search(args))),
  );

  const listSeries = defineTool(specs.listSeries, async ({ lang }) => {
    const body = await read(seriesListingPath(lang));
    return body ? bodyResult(body) : errorResultJson(`No series in ${languageName(lang)}.`);
  });

  const getSeries = defineTool(specs.getSeries, async ({ slug, lang }) => {
    const body = await read(`/api/series/${lang}/${slug}.json`);
    if (body) return bodyResult(body);
    const listing = await read(seriesListingPath(lang));
    const slugs = listing ? bodyValue<{ series: { slug: string }[] }>(listing).series.map((s) => s.slug) : [];
    return errorResultJson(
      `No series "${slug}" in ${languageName(lang)}. Call list_series with lang "${lang}" for the valid ` +
        `slugs (${slugs.join(', ') || 'none yet'}); they are also listed at ${baseUrl}${seriesListingPath(lang)}.`,
    );
  });

  const getPostsByTag = defineTool(specs.getPostsByTag, async ({ tag, lang, limit }) => {
    const body = await read(`/api/timeline/${lang}/${encodeURIComponent(tag)}.json`);
    if (!body) {
      return errorResultJson(
        `No ${languageName(lang)} post has the tag "${tag}". Tags in use in ${languageName(lang)}: ` +
          `${(manifest.mcp.tags[lang] ?? []).join(', ')}. get_api_index lists them too, and search_blog_posts finds posts by any word.`,
      );
    }
    if (limit === undefined) return bodyResult(body);
    return derive(body, `mcp-result:${limit}`, () => {
      const timeline = bodyValue<{ posts: unknown[] }>(body);
      return resultJson(JSON.stringify({ ...timeline, posts: timeline.posts.slice(0, limit) }));
    });
  });

  const listSlideDecks = defineTool(specs.listSlideDecks, async ({ lang }) => {
    const body = await read(`/api/slides-timeline/${lang}.json`);
    return body ? bodyResult(body) : errorResultJson(`No slide decks in ${languageName(lang)}.`);
  });

  const getApiIndex = defineTool(specs.getApiIndex, async () => {
    const body = await read('/api/index.json');
    return body ? bodyResult(body) : errorResultJson('The API index is missing from this deployment.');
  });

  return [searchBlogPosts, listSeries, getSeries, getPostsByTag, listSlideDecks, getApiIndex];
}
