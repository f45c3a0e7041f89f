/**
 * `.mdx` files are published as Markdown. The body is parsed as MDX (micromark's mdxjs extension,
 * into mdast) and kept as written but for what is MDX's own: its ESM blocks (`import`, `export`),
 * `{expressions}` and components without children (`<Chart />`) are left out, and a component
 * block with children (`<Callout>…</Callout>`) gives way to them, read as Markdown, so its prose is
 * published. Code blocks and code spans are Markdown's, kept as written. Inline JSX inside a
 * paragraph is left to the raw-HTML allow-list, which keeps its text (its expressions are left out).
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';

export interface MdxLeftOut {
  /** `import`/`export` blocks. */
  esm: number;
  /** The name of each component block left out, children and all (`<>` fragments as `Fragment`). */
  components: string[];
  /** `{…}` expressions, such as MDX comments, in blocks of their own or inline. */
  expressions: number;
}

/** Why a body is not MDX, where the parser stopped (its line counted from the body's first). */
export interface MdxUnreadable {
  line: number;
  reason: string;
}

export type MdxMarkdown =
  | { markdown: string; leftOut: MdxLeftOut; unreadable?: undefined }
  | { markdown: string; leftOut: null; unreadable: MdxUnreadable };

/** The part of an mdast node this conversion reads (the MDX extensions' nodes among them). */
interface Node {
  type: string;
  name?: string | null | undefined;
  children?: Node[] | undefined;
  position?:
    | { start: { column: number; offset?: number | undefined }; end: { offset?: number | undefined } }
    | undefined;
}

/** Text of the source replaced from `start` to `end`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

const EXTENSIONS = [mdxjs()];
const MDAST_EXTENSIONS = [mdxFromMarkdown()];
const BLANK = /^[ \t]*$/;
/** What MDX reads apart from Markdown starts with one of these; a body without any is Markdown as it is. */
const MAY_HOLD_MDX = /[<{]|^(?:import|export)\b/m;

/** The Markdown of a file's body: MDX is converted, anything else returned as it is. */
export function toMarkdown(
  file: string,
  body: string,
): MdxMarkdown | { markdown: string; leftOut: null; unreadable?: undefined } {
  return file.endsWith('.mdx') ? mdxToMarkdown(body) : { markdown: body, leftOut: null };
}

/** The Markdown of an MDX body; one that is not MDX is returned as written, with why. */
export function mdxToMarkdown(source: string): MdxMarkdown {
  // The parser reads character by character, the costly part of building MDX: a body of prose
  // alone is not parsed.
  if (!MAY_HOLD_MDX.test(source))
    return { markdown: source.trim(), leftOut: { esm: 0, components: [], expressions: 0 } };
  let tree: Node;
  try {
    tree = fromMarkdown(source, { extensions: EXTENSIONS, mdastExtensions: MDAST_EXTENSIONS });
  } catch (error) {
    const { line, reason } = error as { line?: number; reason?: string; message: string };
    return {
      markdown: source,
      leftOut: null,
      unreadable: { line: line ?? 1, reason: reason ?? (error as Error).message },
    };
  }
  const leftOut: MdxLeftOut = { esm: 0, components: [], expressions: 0 };
  return { markdown: rewritten(source, tree.children ?? [], 0, source.length, leftOut).trim(), leftOut };
}

/** The source from `start` to `end` with the MDX nodes among `nodes` (at any depth) converted. */
function rewritten(source: string, nodes: Node[], start: number, end: number, leftOut: MdxLeftOut): string {
  let out = '';
  let at = start;
  for (const edit of editsOf(source, nodes, leftOut)) {
    const before = source.slice(at, edit.start);
    out += before;
    // A block that gives way to its children starts a block of its own: a blank line before it.
    if (edit.text && out !== '' && !out.endsWith('\n\n')) out += out.endsWith('\n') ? '\n' : '\n\n';
    out += edit.text;
    at = edit.end;
  }
  return out + source.slice(at, end);
}

function* editsOf(source: string, nodes: Node[], leftOut: MdxLeftOut): Generator<Edit> {
  for (const node of nodes) {
    switch (node.type) {
      case 'mdxjsEsm':
        leftOut.esm++;
        yield flowEdit(source, node, '');
        break;
      case 'mdxFlowExpression':
        leftOut.expressions++;
        yield flowEdit(source, node, '');
        break;
      case 'mdxTextExpression':
        leftOut.expressions++;
        yield { start: startOf(node), end: endOf(node), text: '' };
        break;
      case 'mdxJsxFlowElement': {
        const children = node.children ?? [];
        const first = children[0];
        const last = children.at(-1);
        if (first === undefined || last === undefined) {
          leftOut.components.push(node.name ?? 'Fragment');
          yield flowEdit(source, node, '');
          break;
        }
        // The children as a text of their own, dedented: from the start of the first one's line,
        // or (when it follows the opening tag on its line) from the first and without its line.
        const onTagLine = !BLANK.test(source.slice(lineStartOf(source, startOf(first)), startOf(first)));
        const from = onTagLine ? startOf(first) : lineStartOf(source, startOf(first));
        const own = dedent(rewritten(source, children, from, endOf(last), leftOut), onTagLine ? 1 : 0);
        // At the block's own indent, as the text around it is until its container is dedented.
        yield flowEdit(source, node, `${indented(own.trimEnd(), indentOf(source, startOf(node)))}\n\n`);
        break;
      }
      default:
        if (node.children) yield* editsOf(source, node.children, leftOut);
    }
  }
}

/**
 * A block replaced by `text`: from the start of its line (when only its indent comes before it) to
 * the next line with text, so that one blank line is left where it was, not two.
 */
function flowEdit(source: string, node: Node, text: string): Edit {
  let start = startOf(node);
  const lineStart = lineStartOf(source, start);
  if (BLANK.test(source.slice(lineStart, start))) start = lineStart;
  let end = endOf(node);
  for (;;) {
    const lineEnd = source.indexOf('\n', end);
    if (lineEnd < 0 || !BLANK.test(source.slice(end, lineEnd))) {
      if (lineEnd < 0 && BLANK.test(source.slice(end))) end = source.length;
      break;
    }
    end = lineEnd + 1;
  }
  return { start, end, text };
}

const lineStartOf = (source: string, offset: number) => source.lastIndexOf('\n', offset - 1) + 1;
const startOf = (node: Node) => node.position?.start.offset ?? 0;
const endOf = (node: Node) => node.position?.end.offset ?? 0;

/** The spaces and tabs before `offset` on its line, when nothing else comes before it. */
function indentOf(source: string, offset: number): string {
  const before = source.slice(lineStartOf(source, offset), offset);
  return BLANK.test(before) ? before : '';
}

/** Each line with text prefixed by `indent`. */
const indented = (text: string, indent: string) => (indent ? text.replace(/^(?=.*\S)/gm, indent) : text);

/** The lines but the first `kept` moved left by the indent they share. */
function dedent(text: string, kept = 0): string {
  const lines = text.split('\n');
  const moved = lines.slice(kept);
  const indents = moved
    .filter((line) => !BLANK.test(line))
    .map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const shared = Math.min(...indents);
  return [...lines.slice(0, kept), ...moved.map((line) => line.slice(Math.min(shared, line.length)))].join(
    '\n',
  );
}
