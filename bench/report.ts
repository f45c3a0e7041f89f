/**
 * The benchmark's report: what `npm run bench` measured, as data (docs/benchmarks.json), and the one
 * renderer that turns it into Markdown, both for the terminal while the run goes and for
 * docs/benchmarks.md once it is over. docs/benchmarks.md is never edited by hand: a full run writes
 * both files, and `tsx bench/report.ts docs/benchmarks.json` writes the Markdown again from
 * the data.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type Align = 'l' | 'r';

/** One part of the report, in the order the run printed it. */
export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; headers: string[]; rows: string[][]; align: Align[] };

export interface BenchReport {
  /** The day the run started (YYYY-MM-DD, UTC). */
  date: string;
  /** The command line that made it. */
  command: string;
  /** The run's settings, as its first line says them. */
  settings: string;
  blocks: Block[];
}

/** A Markdown table with its columns padded, numbers aligned right. */
function renderTable({ headers, rows, align }: Extract<Block, { kind: 'table' }>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${widths.map((w, i) => (align[i] === 'r' ? (cells[i] ?? '').padStart(w) : (cells[i] ?? '').padEnd(w))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** One block as Markdown, without the blank line that follows it. */
export function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'table':
      return renderTable(block);
  }
}

/** The whole of docs/benchmarks.md. */
export function renderMarkdown(report: BenchReport, dataFile = 'benchmarks.json'): string {
  const head = [
    '# Benchmarks',
    `<!-- Written by \`npm run bench\` from ${dataFile}; an edit here is lost at the next run. -->`,
    `Last full run: \`${report.command}\`, on ${report.date}.`,
    report.settings,
    'Each figure is the median of its rounds, and each ratio is taken within a round, then the median of the rounds: compare only ratios measured in the same run. How the run works: [benchmarking.md](benchmarking.md).',
  ];
  return `${[...head, ...report.blocks.map(renderBlock)].join('\n\n')}\n`;
}

/**
 * Writes the report's data and its Markdown side by side (`<dir>/benchmarks.json` and `.md`), each
 * into a temporary file first and then renamed, so an interrupted run leaves the last ones whole.
 * The folder is made if it does not exist (`--report` may name a new one).
 */
export function writeReport(report: BenchReport, dir: string): { json: string; markdown: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'benchmarks.json');
  const markdown = join(dir, 'benchmarks.md');
  writeAtomically(json, `${JSON.stringify(report, null, 2)}\n`);
  writeAtomically(markdown, renderMarkdown(report, basename(json)));
  return { json, markdown };
}

function writeAtomically(file: string, text: string) {
  const partial = join(dirname(file), `.${basename(file)}.partial`);
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** Records the report's blocks and prints each one as it comes, as the run always has. */
export class ReportWriter {
  readonly blocks: Block[] = [];

  constructor(private readonly print: (text: string) => void = (text) => console.log(text)) {}

  private add(block: Block) {
    this.blocks.push(block);
    this.print(`${renderBlock(block)}\n`);
  }

  heading(level: 2 | 3, text: string) {
    this.add({ kind: 'heading', level, text });
  }

  paragraph(text: string) {
    this.add({ kind: 'paragraph', text });
  }

  list(items: string[]) {
    this.add({ kind: 'list', items });
  }

  table(headers: string[], rows: string[][], align: Align[]) {
    this.add({ kind: 'table', headers, rows, align });
  }
}

// `tsx bench/report.ts FILE.json` writes FILE.md from it again.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const file = process.argv[2];
  if (!file?.endsWith('.json')) {
    console.error('usage: tsx bench/report.ts <benchmarks.json>');
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  writeAtomically(file.replace(/\.json$/, '.md'), renderMarkdown(report, basename(file)));
}
