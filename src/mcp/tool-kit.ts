/**
 * What a tool module is (one file per tool under tools/): its name, wording, input and output
 * schemas, annotations and behaviour, read both by the dispatcher at run time and, at build time,
 * by every published description of the tools (tools/list, the portal, the agent skill). Also the
 * helpers the behaviours share: reading a prerendered body and encoding a result once per body.
 */
import type * as v from 'valibot';
import { bodyKey, type Manifest } from '../core/deployment.ts';
import type { Lang } from '../core/languages.ts';
import { after } from '../runtime/after.ts';
import { type Body, type BodyCache, bodyText, derive, parsedBody } from '../runtime/body-cache.ts';
import { type ArgumentsSchema, argumentsParser, type Parsed } from './arguments.ts';
import { type EncodedResult, encodedResult } from './json-rpc.ts';
import { type JsonObject, READ_ONLY, type ToolAnnotations, toolErrorResult } from './protocol.ts';
import type { argumentSchemas } from './schemas.ts';

/** The argument schemas of a blog in given languages (every `lang` names them). */
export type Arguments = ReturnType<typeof argumentSchemas>;

/** What a tool's behaviour is made with, once per server. */
export interface ToolContext {
  manifest: Manifest;
  bodies: BodyCache;
  /** The prerendered body of a site path, null when there is none. */
  read: (path: string) => Body | null | Promise<Body | null>;
}

/** A tools/call outcome: the encoded CallToolResult, or a message naming the bad argument. */
export type ToolOutcome = Parsed<EncodedResult>;

export type Call = (given: JsonObject) => ToolOutcome | Promise<ToolOutcome>;

/** A tool as its module writes it: the behaviour takes the arguments its own schema gives. */
export interface ToolDefinition<I extends ArgumentsSchema, O extends v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  /**
   * The first protocol revision whose tools/list names it, for a tool added after the original six:
   * a client of an earlier revision is shown the tool set that revision was published with.
   */
  since?: string;
  /** Its arguments, for a blog in the languages these schemas were made for. */
  input: (args: Arguments) => I;
  output: O;
  /** Its behaviour, made once per server. */
  behaviour: (context: ToolContext) => (args: v.InferOutput<I>) => EncodedResult | Promise<EncodedResult>;
}

/** A tool as the dispatcher and the published descriptions read it, whatever its arguments. */
export interface ToolModule {
  name: string;
  title: string;
  description: string;
  since?: string;
  input: (args: Arguments) => ArgumentsSchema;
  output: v.GenericSchema;
  annotations: ToolAnnotations;
  /**
   * Its calls, made once per server: arguments checked against its schema (the errors worded from
   * `inputSchema`, the schema as published), then answered.
   */
  calls: (context: ToolContext, args: Arguments, inputSchema: () => JsonObject | Promise<JsonObject>) => Call;
}

/** A tool module, every tool read-only. */
export function toolModule<I extends ArgumentsSchema, O extends v.GenericSchema>(
  tool: ToolDefinition<I, O>,
): ToolModule {
  const { behaviour, ...described } = tool;
  return {
    ...described,
    annotations: READ_ONLY,
    calls(context, args, inputSchema) {
      const run = behaviour(context);
      const input = tool.input(args);
      return (given) =>
        after(inputSchema(), (published): ToolOutcome | Promise<ToolOutcome> => {
          const parsed = argumentsParser(tool.name, input, () => published)(given);
          return parsed.ok ? after(run(parsed.value), (value) => ({ ok: true, value })) : parsed;
        });
    },
  };
}

export function toolContext(manifest: Manifest, bodies: BodyCache): ToolContext {
  return { manifest, bodies, read: (path) => bodies.get(bodyKey(path) ?? '') };
}

/** `{content: [text], structuredContent}` around a JSON text, without parsing it again. */
export function resultOf(json: string): EncodedResult {
  return encodedResult(
    `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`,
  );
}

export function errorResult(text: string): EncodedResult {
  return encodedResult(JSON.stringify(toolErrorResult(text)));
}

const decoder = new TextDecoder();
export const bodyValue = <T>(body: Body) =>
  parsedBody(body, 'value', (bytes) => JSON.parse(decoder.decode(bytes)) as T);
/** The bytes an encoded result holds, as the body budget counts it. */
export const encodedCost = (result: EncodedResult) => result.end.byteLength;
/** A result derived from a body and kept with it, counted against the body budget. */
export const resultFrom = (body: Body, name: string, make: () => EncodedResult) =>
  derive(body, name, make, encodedCost);
/** A REST API body as a tool result, encoded once per body. */
export const bodyResult = (body: Body) => resultFrom(body, 'mcp-result', () => resultOf(bodyText(body)));

export const seriesListingPath = (lang: Lang) => `/api/series/${lang}/index.json`;
