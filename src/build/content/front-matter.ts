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

/**
 * The 1-based line of a top-level field: in the front matter of a Markdown file, anywhere in a
 * YAML file. Nothing for a problem that is not about one field (such as the file name). Given
 * `holding`, the line of the field or of a language's override of it (`heroImageEs`) whose value
 * holds it.
 */
export function fieldLine(text: string, file: string, field: string, holding?: string): number | undefined {
  const key = /^[A-Za-z_][\w-]*/.exec(field)?.[0];
  if (!key) return undefined;
  const lines = text.split(/\r?\n/);
  const yaml = /\.ya?ml$/.test(file);
  if (!yaml && lines[0]?.replace(/^\uFEFF/, '').trim() !== '---') return undefined;
  const keyLine = new RegExp(`^["']?${key}${holding === undefined ? '' : '[A-Za-z0-9]*'}["']?\\s*:`);
  for (let i = yaml ? 0 : 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!yaml && line.trim() === '---') return undefined;
    if (keyLine.test(line) && (holding === undefined || line.includes(holding))) return i + 1;
  }
  return undefined;
}
