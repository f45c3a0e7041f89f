import { parse } from 'yaml';

export interface Document {
  data: unknown;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function fence(text: string) {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ''));
  return match ? { yaml: match[1] ?? '', body: text.slice(match[0].length).trim() } : undefined;
}

/** Splits a Markdown file into its YAML front matter and body; throws with a readable message. */
export function splitFrontMatter(text: string): Document {
  const parts = fence(text);
  if (!parts) throw new Error('expected YAML front matter between --- lines at the top of the file');
  return { data: parseYaml(parts.yaml), body: parts.body };
}

/** The body of a Markdown file without reading its front matter (undefined when it has none). */
export function markdownBody(text: string): string | undefined {
  return fence(text)?.body;
}

export function parseYaml(text: string): unknown {
  try {
    return parse(text) ?? {};
  } catch (error) {
    throw new Error(`invalid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}
