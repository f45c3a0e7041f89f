/**
 * `.mdx` files are published as Markdown: their ESM blocks (`import`, `export`), self-closing JSX
 * components and `{expressions}` are left out; a component with children (`<Callout>…</Callout>`)
 * gives way to its children, read as Markdown, so its prose is published; everything else, code
 * blocks and code spans included, is kept as written. Inline JSX inside a paragraph is left to the
 * raw-HTML allow-list, which keeps its text.
 */
import { stringEnd } from './js-string.ts';

export interface MdxLeftOut {
  /** `import`/`export` blocks. */
  esm: number;
  /** The name of each component block left out, children and all (`<>` fragments as `Fragment`). */
  components: string[];
  /** `{…}` expressions, such as MDX comments, in blocks of their own or inline. */
  expressions: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ESM = /^(?:import|export)\b/;
const COMPONENT = /^( {0,3})<(?:([A-Z][\w.]*|[a-z]\w*\.[\w.]+)(?=[\s/>]|$)|>)/;
const EXPRESSION = /^( {0,3})\{/;
const BLANK = /^[ \t]*$/;

/** The Markdown of a file's body: MDX is converted, anything else returned as it is. */
export function toMarkdown(file: string, body: string): { markdown: string; leftOut: MdxLeftOut | null } {
  return file.endsWith('.mdx') ? mdxToMarkdown(body) : { markdown: body, leftOut: null };
}

export function mdxToMarkdown(source: string): { markdown: string; leftOut: MdxLeftOut } {
  const leftOut: MdxLeftOut = { esm: 0, components: [], expressions: 0 };
  return { markdown: convert(source, leftOut).join('\n').trim(), leftOut };
}

/** The Markdown lines of an MDX text (a file's body, or a component's children). */
function convert(source: string, leftOut: MdxLeftOut): string[] {
  const lines = source.split('\n');
  const starts = lineStarts(lines);
  const kept: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? '';
    if (fence !== undefined) {
      if (closesFence(line, fence)) fence = undefined;
      kept.push(line);
      i++;
      continue;
    }
    fence = FENCE.exec(line)?.[1];
    const block = fence === undefined ? blockAt(source, lines, starts, i, leftOut) : undefined;
    if (block === undefined) {
      kept.push(fence === undefined ? withoutExpressions(line, leftOut) : line);
      i++;
      continue;
    }
    if (block.children !== undefined) {
      // Blank lines around the children make them blocks of their own, not inline HTML.
      const children = convert(dedent(block.children), leftOut);
      while (BLANK.test(children.at(-1) ?? '\n')) children.pop();
      if (kept.length > 0 && !BLANK.test(kept.at(-1) ?? '')) kept.push('');
      kept.push(...children.slice(children.findIndex((child) => !BLANK.test(child))), '');
    }
    i = block.next;
    // Leave one blank line where a block was, not two.
    if (kept.length === 0 || BLANK.test(kept.at(-1) ?? ''))
      while (i < lines.length && BLANK.test(lines[i] ?? '')) i++;
  }
  return kept;
}

/** The text without its inline `{…}` expressions; code spans and JSX tags keep theirs. */
function withoutExpressions(line: string, leftOut: MdxLeftOut): string {
  if (!line.includes('{')) return line;
  let out = '';
  for (let i = 0; i < line.length; ) {
    const char = line[i] as string;
    let end = i + 1;
    if (char === '\\') end = i + 2;
    else if (char === '`') end = codeEnd(line, i);
    else if (char === '<' && /[A-Za-z]/.test(line[i + 1] ?? '')) end = tagEnd(line, i) ?? i + 1;
    else if (char === '{') {
      const close = braceEnd(line, i);
      if (close !== undefined) {
        leftOut.expressions++;
        i = close;
        continue;
      }
    }
    out += line.slice(i, end);
    i = end;
  }
  return out;
}

/** The children's lines moved left by the indent they share. */
function dedent(text: string): string {
  const lines = text.replace(/^[ \t]*\n/, '').split('\n');
  const indents = lines
    .filter((line) => !BLANK.test(line))
    .map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const shared = Math.min(...indents);
  return lines.map((line) => line.slice(Math.min(shared, line.length))).join('\n');
}

/** An MDX block that starts at line `i`: the line after it, and the children a component gives way to. */
interface MdxBlock {
  next: number;
  children?: string;
}

/** The MDX block that starts at line `i`, or undefined when line `i` starts none. */
function blockAt(
  source: string,
  lines: readonly string[],
  starts: readonly number[],
  i: number,
  leftOut: MdxLeftOut,
): MdxBlock | undefined {
  const line = lines[i] ?? '';
  if (ESM.test(line)) {
    leftOut.esm++;
    return { next: esmEnd(lines, i) };
  }
  const component = COMPONENT.exec(line);
  const expression = component ? null : EXPRESSION.exec(line);
  const indent = (component ?? expression)?.[1];
  if (indent === undefined) return undefined;
  const at = (starts[i] ?? 0) + indent.length;
  const end = component ? elementEnd(source, at) : braceEnd(source, at);
  if (end === undefined) return undefined;
  let last = i;
  while (last + 1 < starts.length && (starts[last + 1] ?? Infinity) <= end) last++;
  // Text after the block on its last line makes it a paragraph with inline JSX: keep it.
  if (!BLANK.test(source.slice(end, (starts[last + 1] ?? source.length + 1) - 1))) return undefined;
  const next = last + 1;
  if (!component) {
    leftOut.expressions++;
    return { next };
  }
  const children = childrenOf(source, at, end);
  if (children !== undefined) return { next, children };
  leftOut.components.push(component[2] ?? 'Fragment');
  return { next };
}

/** What the element from `at` to `end` holds between its tags; undefined when self-closing or empty. */
function childrenOf(source: string, at: number, end: number): string | undefined {
  const open = tagEnd(source, at);
  if (open === undefined || source[open - 2] === '/') return undefined;
  const close = source.lastIndexOf('</', end);
  const children = close > open ? source.slice(open, close) : '';
  return BLANK.test(children.replace(/\n/g, '')) ? undefined : children;
}

function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return starts;
}

function closesFence(line: string, fence: string): boolean {
  const close = FENCE.exec(line)?.[1];
  return (
    close !== undefined &&
    close[0] === fence[0] &&
    close.length >= fence.length &&
    BLANK.test(line.trim().slice(close.length))
  );
}

/** An ESM block runs to the first blank line outside brackets. */
function esmEnd(lines: readonly string[], i: number): number {
  let depth = 0;
  let j = i;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (depth <= 0 && j > i && BLANK.test(line)) break;
    depth += bracketBalance(line);
  }
  return j;
}

function bracketBalance(line: string): number {
  let balance = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? '';
    if (char === '"' || char === "'" || char === '`') i = stringEnd(line, i) - 1;
    else if ('{[('.includes(char)) balance++;
    else if ('}])'.includes(char)) balance--;
  }
  return balance;
}

/** The offset just past the JSX element that opens at `at`, or undefined when it never closes. */
function elementEnd(text: string, at: number): number | undefined {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const char = text[i];
    const next = text[i + 1] ?? '';
    let end: number | undefined = i + 1;
    if (char === '`' || (char === '~' && atLineStart(text, i))) end = codeEnd(text, i);
    else if (char === '{') end = braceEnd(text, i);
    else if (char === '<' && next === '/') {
      const close = text.indexOf('>', i);
      end = close < 0 ? undefined : close + 1;
      depth--;
    } else if (char === '<' && /[A-Za-z>]/.test(next)) {
      end = tagEnd(text, i);
      if (end !== undefined && text[end - 2] !== '/') depth++;
    } else {
      i++;
      continue;
    }
    if (end === undefined) return undefined;
    i = end;
    if (depth === 0) return i;
  }
  return undefined;
}

/** The offset past the `>` of the tag that opens at `at` (attributes may hold strings and braces). */
function tagEnd(text: string, at: number): number | undefined {
  for (let i = at + 1; i < text.length; ) {
    const char = text[i];
    if (char === '>') return i + 1;
    if (char === '"' || char === "'") i = stringEnd(text, i);
    else if (char === '{') {
      const end = braceEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
    } else i++;
  }
  return undefined;
}

/** The offset past the `}` matching the `{` at `at`, skipping strings and comments. */
function braceEnd(text: string, at: number): number | undefined {
  let depth = 0;
  for (let i = at; i < text.length; ) {
    const char = text[i];
    if (char === '"' || char === "'" || char === '`') i = stringEnd(text, i);
    else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return undefined;
      i = close + 2;
    } else {
      if (char === '{') depth++;
      if (char === '}' && --depth === 0) return i + 1;
      i++;
    }
  }
  return undefined;
}

function atLineStart(text: string, i: number): boolean {
  return /(?:^|\n) {0,3}$/.test(text.slice(Math.max(0, i - 4), i));
}

/** The offset past a code span or fenced code block starting at `at`. */
function codeEnd(text: string, at: number): number {
  const run = /^(`+|~+)/.exec(text.slice(at, at + 64))?.[1] ?? '`';
  if (run.length >= 3 && atLineStart(text, at)) {
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) return text.length;
    let start = lineEnd + 1;
    while (start < text.length) {
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end < 0 ? text.length : end);
      if (closesFence(line, run)) return end < 0 ? text.length : end + 1;
      start = end < 0 ? text.length : end + 1;
    }
    return text.length;
  }
  if (run[0] === '~') return at + run.length;
  const close = text.indexOf(run, at + run.length);
  return close < 0 ? at + run.length : close + run.length;
}
