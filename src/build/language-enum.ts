/** The published schemas name the blog's own languages: every `lang` becomes an enum of them. */
import type { JsonSchema, OverrideSchemaContext } from '@valibot/to-json-schema';
import type { Lang } from '../core/languages.ts';
import { LangSchema } from '../core/schemas.ts';

export function languageEnum(languages: readonly Lang[]): JsonSchema {
  return { type: 'string', enum: [...languages] };
}

/** An `overrideSchema` for the converter: LangSchema, wherever a record uses it, as that enum. */
export function withLanguageEnum(languages: readonly Lang[]) {
  return (context: OverrideSchemaContext): JsonSchema | undefined =>
    context.valibotSchema === LangSchema
      ? { ...languageEnum(languages), description: 'Content language' }
      : undefined;
}
