/**
 * What a tool module is (one file per tool under tools/): its spec (tool-specs/, which the build
 * publishes) with its behaviour, as the dispatcher calls it. Also the helpers the behaviours
 * share: reading a prerendered body and encoding a result once per body.
 */
import type * as v from 'valibot';
import { bodyKey, type Manifest } from '../core/deployment.ts';
import type { Lang } from '../core/languages.ts';
import { after } from '../runtime/after.ts';
import { type Body, type BodyCache, bodyText, derive, parsedBody } from '../runtime/body-cache.ts';
import { argumentsParser, type Parsed } from './arguments.ts';
import { type EncodedResult, encodedResult } from './json-rpc.ts';
import { type JsonObject, toolErrorResult } from './protocol.ts';
import type { Arguments, ArgumentsSchema, ToolSpec } from './tool-spec.ts';

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

/** What a tool does, made once per server: the behaviour takes the arguments its own schema gives. */
export type Behaviour<I extends ArgumentsSchema> = (
  context: ToolContext,
) => (args: v.InferOutput<I>) => EncodedResult | Promise<EncodedResult>;

/** A tool as the dispatcher and the published descriptions read it, whatever its arguments. */
export interface ToolModule extends ToolSpec {
  /**
   * Its calls, made once per server: arguments checked against its schema (the errors worded from
   * `inputSchema`, the schema as published), then answered.
   */
  calls: (context: ToolContext, args: Arguments, inputSchema: () => JsonObject | Promise<JsonObject>) => Call;
}

/** A tool module: its spec and what it does. */
export function toolModule<I extends ArgumentsSchema, O extends v.GenericSchema>(
  spec: ToolSpec<I, O>,
  behaviour: Behaviour<I>,
): ToolModule {
  return {
    ...spec,
    calls(context, args, inputSchema) {
      const run = behaviour(context);
      const input = spec.input(args);
      return (given) =>
        after(inputSchema(), (published): ToolOutcome | Promise<ToolOutcome> => {
          const parsed = argumentsParser(spec.name, input, () => published)(given);
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
