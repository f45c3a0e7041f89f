import { parse } from 'yaml';

/** Why a file's text could not be read as YAML or front matter. */
export interface TextProblem {
  problem: { expected: string; received: string };
}

export interface Document {
  data: unknown;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** A Markdown file's front matter as YAML text and its body (undefined when it has no front matter). */
export function frontMatterParts(text: string): { yaml: string; body: string } | undefined {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ''));
  return match ? { yaml: match[1] ?? '', body: text.slice(match[0].length).trim() } : undefined;
}

/** What YAML text says, or why it cannot be read. */
export type YamlReading = { data: unknown } | TextProblem;

/**
 * How a Markdown file is split into its YAML front matter and body; `file` names it, for a
 * splitter that read the file's YAML before.
 */
export type FrontMatterSplitter = (text: string, file: string) => Document | TextProblem;

/** Splits a Markdown file into its YAML front matter, as `readYaml` reads it, and its body. */
export function splitFrontMatter(
  text: string,
  readYaml: (yaml: string) => YamlReading = parseYaml,
): Document | TextProblem {
  const parts = frontMatterParts(text);
  if (!parts) {
    return {
      problem: {
        expected: 'YAML front matter between --- lines at the top of the file',
        received: `a file that starts with ${JSON.stringify(text.trimStart().split('\n')[0]?.slice(0, 40) ?? '')}`,
      },
    };
  }
  const yaml = readYaml(parts.yaml);
  return 'problem' in yaml ? yaml : { data: yaml.data, body: parts.body };
}

export function parseYaml(text: string): YamlReading {
  try {
    return { data: parse(text) ?? {} };
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]?.replace(/:$/, '') ?? '';
    return { problem: { expected: 'valid YAML', received: `YAML the reader rejects (${reason})` } };
  }
}
