import * as v from 'valibot';
import { compareText } from '../data/order.ts';
import type { ContentIssue } from './errors.ts';
import { type ContentFiles, isIgnoredPath } from './files.ts';
import {
  type FrontMatterSplitter,
  fieldLine,
  parseYaml,
  splitFrontMatter,
  type TextProblem,
} from './front-matter.ts';
import { toMarkdown } from './mdx.ts';
import { type MediaReference, type MediaUrlOf, mediaUrl, withMediaUrls } from './media.ts';
import { describeValue, fieldsOf, plainIssues, unknownFieldIssue, unreadableIssue } from './messages.ts';
import type { BuildReport } from './report.ts';

export interface ReaderOptions {
  strict: boolean;
  /** How an entry's front matter is split from its body (the dev server keeps unchanged files' splits). */
  split?: FrontMatterSplitter;
  /** Where the files entries refer to are published. */
  mediaUrl?: MediaUrlOf;
}

/** Reads and checks content files, collecting every problem rather than stopping at the first. */
export class ContentReader {
  /** Every path of the folder in order, without those under a name starting with `_`. */
  readonly paths: readonly string[];
  /** Every file an entry's Markdown refers to by a relative path, in the order read. */
  readonly mediaReferences: MediaReference[] = [];

  /** Refuse what is only noted otherwise (unknown fields, missing files). */
  readonly strict: boolean;
  private readonly split: FrontMatterSplitter;
  private readonly mediaUrl: MediaUrlOf;

  constructor(
    private readonly files: ContentFiles,
    readonly issues: ContentIssue[],
    readonly report: BuildReport,
    options: ReaderOptions,
  ) {
    this.strict = options.strict;
    this.split = options.split ?? ((text) => splitFrontMatter(text));
    this.mediaUrl = options.mediaUrl ?? mediaUrl;
    const all = [...files.keys()].sort(compareText);
    this.paths = all.filter((path) => !isIgnoredPath(path));
    report.ignoredPaths.push(...all.filter(isIgnoredPath));
    // A link out of the folder is refused whether or not the layout would read it: a linked folder
    // has no file the layout asks for, and it must not pass unnoticed.
    for (const path of this.paths) {
      const content = files.get(path);
      if (typeof content === 'object' && content.unreadable === 'outside')
        issues.push(unreadableIssue(path, content));
    }
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** A file as written, when it could be read (for line numbers). */
  written(path: string): string {
    const content = this.files.get(path);
    return typeof content === 'string' ? content : '';
  }

  problem(file: string, field: string, expected: string, received: string, line?: number): void {
    this.issues.push({ file, ...(line !== undefined && { line }), field, expected, received });
  }

  /** One of Folio's own YAML files (site.yaml, tags.yaml, gone.yaml), checked field by field. */
  yaml<S extends v.GenericSchema>(file: string, schema: S): v.InferOutput<S> | undefined {
    const text = this.text(file);
    if (text === undefined) return undefined;
    const parsed = parseYaml(text);
    if (this.isProblem(file, '(file)', parsed) || !this.isMapping(file, '(file)', parsed.data))
      return undefined;
    return this.validate(file, schema, parsed.data);
  }

  /**
   * A Markdown or MDX entry: its front matter checked against `schema` and its body as Markdown,
   * relative image paths pointing at where those files are published.
   * Fields the schema does not name are counted for the summary, or refused with --strict.
   */
  entry<S extends v.GenericSchema>(
    file: string,
    schema: S,
  ): { data: v.InferOutput<S>; body: string } | undefined {
    const text = this.text(file);
    if (text === undefined) return undefined;
    const document = this.split(text, file);
    if (this.isProblem(file, '(front matter)', document)) return undefined;
    if (!this.isMapping(file, '(front matter)', document.data)) return undefined;
    this.checkUnknownFields(file, schema, document.data);
    const data = this.validate(file, schema, document.data);
    const { markdown, leftOut, unreadable } = toMarkdown(file, document.body);
    if (leftOut) this.report.noteMdx(file, leftOut);
    // The body is the file's text after the front matter, trimmed: its last occurrence.
    const firstLine = lineAt(text, Math.max(0, text.lastIndexOf(document.body)));
    if (unreadable) {
      const line = firstLine + unreadable.line - 1;
      this.problem(file, '(body)', 'MDX as Astro reads it', unreadable.reason, line);
    }
    const media = withMediaUrls(file, markdown, firstLine, this.mediaUrl);
    this.mediaReferences.push(...media.references);
    return data === undefined ? undefined : { data, body: media.markdown };
  }

  /**
   * The 1-based line of the front-matter field of an entry (or of a language's override of it)
   * that holds `value`, else of the field; 1 when neither is found.
   */
  fieldLine(file: string, field: string, value: string): number {
    const text = this.written(file);
    return fieldLine(text, file, field, value) ?? fieldLine(text, file, field) ?? 1;
  }

  validate<S extends v.GenericSchema>(file: string, schema: S, input: unknown): v.InferOutput<S> | undefined {
    const result = v.safeParse(schema, input);
    if (result.success) return result.output;
    this.issues.push(...plainIssues(file, schema, input, result.issues));
    return undefined;
  }

  /**
   * An entry's front matter as written, neither checked nor reported on (the entry's own read, later,
   * does both): undefined when the file or its front matter cannot be read.
   */
  peek(file: string): Record<string, unknown> | undefined {
    const content = this.files.get(file);
    if (typeof content !== 'string') return undefined;
    const document = this.split(content, file);
    if ('problem' in document) return undefined;
    const { data } = document;
    return typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : undefined;
  }

  private text(file: string): string | undefined {
    const content = this.files.get(file);
    if (content === undefined || typeof content === 'string') return content;
    if (content.unreadable !== 'outside') this.issues.push(unreadableIssue(file, content));
    return undefined;
  }

  private isProblem<T extends object>(
    file: string,
    field: string,
    result: T | TextProblem,
  ): result is TextProblem {
    if (!('problem' in result)) return false;
    this.problem(file, field, result.problem.expected, result.problem.received);
    return true;
  }

  private isMapping(file: string, field: string, data: unknown): data is Record<string, unknown> {
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return true;
    this.problem(file, field, 'fields as key: value lines', describeValue(data));
    return false;
  }

  private checkUnknownFields(file: string, schema: v.GenericSchema, data: Record<string, unknown>): void {
    const known = fieldsOf(schema);
    const unknown = Object.keys(data).filter((field) => !known.includes(field));
    if (!this.strict) {
      this.report.noteIgnoredFields(unknown);
      return;
    }
    for (const field of unknown) {
      this.issues.push(
        unknownFieldIssue(file, field, known, 'a field Folio does not use (--strict refuses those)'),
      );
    }
  }
}

/** The 1-based line of the character at `offset`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
