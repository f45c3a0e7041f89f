/**
 * The benchmark's report: `npm run bench` keeps its figures as data (docs/benchmarks.json) and
 * renders docs/benchmarks.md from them, so the Markdown is never edited by hand.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BenchReport, ReportWriter, renderMarkdown, writeReport } from '../bench/report.ts';

const sample: BenchReport = {
  date: '2026-11-23',
  command: 'npm run bench -- --rounds 1',
  settings: 'folio bench: 1 rounds of 3 s per route, node v22.0.0',
  blocks: [
    { kind: 'heading', level: 2, text: 'Throughput' },
    {
      kind: 'table',
      headers: ['route', 'req/s'],
      rows: [
        ['posts-en limit=10', '52,477'],
        ['404', '9,831'],
      ],
      align: ['l', 'r'],
    },
    { kind: 'paragraph', text: 'peak RSS: Folio on Node 94 MiB' },
    { kind: 'heading', level: 3, text: 'Limits' },
    { kind: 'list', items: ['Cloudflare Workers Free: 20,000 files', 'Vercel CLI upload: 15,000 files'] },
  ],
};

describe('the benchmark report', () => {
  it('renders its data as Markdown: headings, aligned tables, paragraphs and lists', () => {
    const markdown = renderMarkdown(sample);
    expect(markdown).toMatch(
      /^# Benchmarks\n\n<!-- Written by `npm run bench` from benchmarks\.json; an edit here is lost at the next run\. -->\n\nLast full run: `npm run bench -- --rounds 1`, on 2026-11-23\.\n\nfolio bench: 1 rounds of 3 s per route, node v22\.0\.0\n\n/,
    );
    expect(markdown).toContain(
      [
        '## Throughput',
        '',
        '| route             |  req/s |',
        '|-------------------|-------:|',
        '| posts-en limit=10 | 52,477 |',
        '| 404               |  9,831 |',
        '',
        'peak RSS: Folio on Node 94 MiB',
        '',
        '### Limits',
        '',
        '- Cloudflare Workers Free: 20,000 files',
        '- Vercel CLI upload: 15,000 files',
        '',
      ].join('\n'),
    );
    expect(markdown.endsWith('- Vercel CLI upload: 15,000 files\n')).toBe(true);
  });

  it('prints each block as the run goes and keeps it for the report', () => {
    const printed: string[] = [];
    const out = new ReportWriter((text) => printed.push(text));
    out.heading(2, 'Targets');
    out.table(['target', 'met'], [['build, 10000 posts', 'yes']], ['l', 'l']);
    expect(printed).toEqual([
      '## Targets\n',
      '| target             | met |\n|--------------------|-----|\n| build, 10000 posts | yes |\n',
    ]);
    expect(out.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Targets' },
      { kind: 'table', headers: ['target', 'met'], rows: [['build, 10000 posts', 'yes']], align: ['l', 'l'] },
    ]);
  });

  it('writes the data and its Markdown side by side, in a folder it makes if there is none', () => {
    const parent = mkdtempSync(join(tmpdir(), 'folio-bench-report-'));
    try {
      const written = writeReport(sample, join(parent, 'new', 'folder'));
      expect(written.json).toBe(join(parent, 'new', 'folder', 'benchmarks.json'));
      expect(JSON.parse(readFileSync(written.json, 'utf8'))).toEqual(sample);
      expect(readFileSync(written.markdown, 'utf8')).toBe(renderMarkdown(sample));
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('docs/benchmarks.md is exactly what docs/benchmarks.json renders to (never edited by hand)', () => {
    const report = JSON.parse(readFileSync('docs/benchmarks.json', 'utf8')) as BenchReport;
    expect(readFileSync('docs/benchmarks.md', 'utf8')).toBe(renderMarkdown(report));
  });
});
