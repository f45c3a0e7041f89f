import { parse } from 'yaml';

export interface Document {
  data: unknown;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a Markdown file into its YAML front matter and body; throws with a readable message. */
export function splitFrontMatter(text: string): Document {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new Error('expected YAML front matter between --- lines at the top of the file');
  return { data: parseYaml(match[1] ?? ''), body: text.slice(match[0].length).trim() };
}

export function parseYaml(text: string): unknown {
  try {
    return parse(text) ?? {};
  } catch (error) {
    throw new Error(`invalid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}
