/**
 * The resource methods: resources/list (prebuilt pages, the cursor is the page number),
 * resources/templates/list, resources/read (a twin from its absolute URL, in pieces like get_post)
 * and completion/complete (a template's argument, from the sorted values the build wrote).
 */
import { bodyKey, type Manifest } from '../core/deployment.ts';
import {
  completionKey,
  RESOURCE_KINDS,
  type ResourceKind,
  resourcePageKey,
  resourcePathOf,
  resourceTemplates,
} from '../core/reading.ts';
import { after } from '../runtime/after.ts';
import { type Body, type BodyCache, bodyText, derive } from '../runtime/body-cache.ts';
import { type EncodedResult, encodedResult, invalidParams, isObject, type Reply } from './json-rpc.ts';
import { pastTheEnd, pieceOf } from './pieces.ts';
import type { CompleteResult, JsonObject, ReadResourceResult, TextResourceContents } from './protocol.ts';
import { MARKDOWN_MEDIA_TYPE, resourceTemplateList } from './resource-templates.ts';
import { shown } from './shown.ts';
import { bodyValue, encodedCost } from './tool-kit.ts';

/** What a kept reply holds, as the body budget counts it (an error's message is small). */
const replyCost = (reply: Reply) => (reply.ok ? encodedCost(reply.result) : 256);

/** The most values one completion gives (the protocol's limit). */
const MAX_COMPLETIONS = 100;
/** Where resources/read continues a long twin: `<uri>?offset=<n>`. */
const OFFSET_QUERY = /^offset=(0|[1-9]\d{0,15})$/;
/** The `_meta` keys of a piece of a long twin. */
const CONTINUATION = { totalLength: 'folio/totalLength', nextOffset: 'folio/nextOffset', next: 'folio/next' };

const ok = (result: EncodedResult): Reply => ({ ok: true, result });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first index in sorted `values` whose value is not below `prefix`. */
function lowerBound(values: readonly string[], prefix: string): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createResources(manifest: Manifest, bodies: BodyCache) {
  const { baseUrl, languages } = manifest;
  const templates = resourceTemplates(baseUrl, languages);
  const TEMPLATES_RESULT = encodedResult(
    JSON.stringify({ resourceTemplates: resourceTemplateList(baseUrl, languages) }),
  );
  /** Each template's twin paths as a pattern whose one group is the argument. */
  const patterns = templates.map(({ kind, lang }) => {
    const [before, after] = resourcePathOf(kind, languages, lang, '\u0000').split('\u0000') as [
      string,
      string,
    ];
    return { kind, lang, pattern: new RegExp(`^${escaped(before)}([^/]+)${escaped(after)}$`) };
  });
  const byTemplate = new Map(templates.map((template) => [template.uriTemplate, template]));
  /** An unknown resource: -32602 with the URI it was asked for in `data`, as 2026-07-28 says. */
  const notFound = (uri: string) =>
    invalidParams(
      `Resource not found: ${shown(uri)}. Resources are the Markdown twins of posts, series, slide decks, tags and pages ` +
        '(resources/list lists them; resources/templates/list gives their URI templates).',
      { uri },
    );

  function list(params: JsonObject): Reply | Promise<Reply> {
    const { cursor } = params;
    if (cursor !== undefined && (typeof cursor !== 'string' || !/^[1-9]\d{0,8}$/.test(cursor))) {
      return invalidParams(`Invalid params: ${shown(cursor)} is not a cursor resources/list gave.`);
    }
    return after(bodies.get(resourcePageKey(cursor === undefined ? 0 : Number(cursor))), (page) =>
      page
        ? ok(derive(page, 'mcp-list-result', () => encodedResult(bodyText(page)), encodedCost))
        : invalidParams(`Invalid params: ${shown(cursor)} is not a cursor resources/list gave.`),
    );
  }

  /**
   * Whether a path is a resource's twin: one a template matches. A page's template matches any twin
   * at the top of a language (`/auth.md` too), so a page is one only among the pages the build listed.
   */
  function isResource(path: string): boolean | Promise<boolean> {
    for (const { kind, lang, pattern } of patterns) {
      const value = pattern.exec(path)?.[1];
      if (value === undefined) continue;
      if (kind !== 'page') return true;
      return after(bodies.get(completionKey(lang, kind)), (body) =>
        body ? bodyValue<string[]>(body).includes(value) : false,
      );
    }
    return false;
  }

  function readResult(uri: string, twin: Body, offset: number): Reply {
    const make = (): Reply => {
      const piece = pieceOf(bodyText(twin), offset);
      if (!piece) return invalidParams(`Invalid params: ${pastTheEnd(offset, bodyText(twin).length)}`);
      const base = uri.split('?')[0]!;
      const contents: TextResourceContents = { uri, mimeType: MARKDOWN_MEDIA_TYPE, text: piece.text };
      if (piece.nextOffset !== undefined || offset > 0) {
        contents._meta = {
          [CONTINUATION.totalLength]: piece.totalLength,
          ...(piece.nextOffset !== undefined && {
            [CONTINUATION.nextOffset]: piece.nextOffset,
            [CONTINUATION.next]: `${base}?offset=${piece.nextOffset}`,
          }),
        };
      }
      const result: ReadResourceResult = { contents: [contents] };
      return ok(encodedResult(JSON.stringify(result)));
    };
    return offset === 0 && !uri.includes('?') ? derive(twin, 'mcp-read', make, replyCost) : make();
  }

  function read(params: JsonObject): Reply | Promise<Reply> {
    const { uri } = params;
    if (typeof uri !== 'string')
      return invalidParams('Invalid params: "uri" must be a resource URI (a string).');
    if (!uri.startsWith(`${baseUrl}/`)) return notFound(uri);
    const [path, query] = uri.slice(baseUrl.length).split(/\?(.*)/s) as [string, string | undefined];
    const offsetMatch = query === undefined ? null : OFFSET_QUERY.exec(query);
    if (query !== undefined && !offsetMatch) {
      return invalidParams(
        `Invalid params: the only query a resource URI takes is ?offset=<n>, received ${shown(query)}.`,
      );
    }
    const key = bodyKey(path);
    return after(isResource(path), (resource) =>
      resource && key
        ? after(bodies.get(key), (twin) =>
            twin ? readResult(uri, twin, offsetMatch ? Number(offsetMatch[1]) : 0) : notFound(uri),
          )
        : notFound(uri),
    );
  }

  function complete(params: JsonObject): Reply | Promise<Reply> {
    const { ref, argument } = params;
    if (
      !isObject(ref) ||
      !isObject(argument) ||
      typeof argument.name !== 'string' ||
      typeof argument.value !== 'string'
    ) {
      return invalidParams(
        'Invalid params: completion/complete takes "ref" and "argument" {name, value} (strings).',
      );
    }
    if (ref.type !== 'ref/resource') {
      return invalidParams(
        `Invalid params: this server has no prompts; it completes the arguments of its resource templates.`,
      );
    }
    const template = typeof ref.uri === 'string' ? byTemplate.get(ref.uri) : undefined;
    if (!template) {
      return invalidParams(
        `Invalid params: ${shown(ref.uri)} is not one of the templates resources/templates/list gives.`,
      );
    }
    const kind: ResourceKind = template.kind;
    if (argument.name !== RESOURCE_KINDS[kind].argument) return ok(completion([], 0));
    const prefix = argument.value;
    return after(bodies.get(completionKey(template.lang, kind)), (body) => {
      const values = body ? bodyValue<string[]>(body) : [];
      // Every value starting with the prefix sorts before the prefix followed by the last code unit.
      const start = lowerBound(values, prefix);
      const end = lowerBound(values, `${prefix}\uffff`);
      return ok(completion(values.slice(start, Math.min(end, start + MAX_COMPLETIONS)), end - start));
    });
  }

  function completion(values: string[], total: number): EncodedResult {
    const result: CompleteResult = { completion: { values, total, hasMore: total > values.length } };
    return encodedResult(JSON.stringify(result));
  }

  return {
    'resources/list': list,
    'resources/templates/list': () => ok(TEMPLATES_RESULT),
    'resources/read': read,
    'completion/complete': complete,
  };
}
