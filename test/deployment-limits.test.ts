/** The build's warnings about a deployment folder over a hosting platform's documented limits. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentStats, deploymentSummary, limitWarnings } from '../src/build/bundle/deployment-limits.ts';

let folder: string | undefined;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

function deployment(files: Record<string, number>): string {
  folder = mkdtempSync(join(tmpdir(), 'folio-limits-'));
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), new Uint8Array(bytes));
  }
  return folder;
}

describe('deployment limits', () => {
  it('counts the files, the bytes, the largest file and the fullest folder', () => {
    const stats = deploymentStats(
      deployment({ '_folio/a.json': 10, '_folio/blog/b.html': 30, '_folio/blog/c.md': 5 }),
    );
    expect(stats).toEqual({
      files: 3,
      bytes: 45,
      largest: { path: '_folio/blog/b.html', bytes: 30 },
      fullestFolder: { path: '_folio/blog', files: 2 },
    });
  });

  it('says nothing for a deployment within every limit', () => {
    expect(limitWarnings(deploymentStats(deployment({ '_folio/index.html': 100 })))).toEqual([]);
  });

  it('names the file over the 25 MiB per-file limit, which no Workers plan lifts', () => {
    const stats = deploymentStats(deployment({ '_folio/_media/talk.mp4': 26 * 1024 * 1024, '_folio/x': 1 }));
    expect(limitWarnings(stats)).toEqual([
      'Cloudflare Workers, every plan: _folio/_media/talk.mp4 is 26.0 MiB, over its 25.0 MiB per file (no Workers plan takes a larger file: make it smaller, or host it elsewhere and link to it)',
    ]);
  });

  it('sums the deployment up in one line', () => {
    const stats = deploymentStats(deployment({ '_folio/a.json': 1024 * 1024, '_folio/b.md': 512 * 1024 }));
    expect(deploymentSummary(stats)).toBe(
      'the deployment holds 2 files, 1.5 MiB; the largest is _folio/a.json (1.0 MiB)',
    );
  });

  it('counts files against each platform, from the smallest limit up', () => {
    const over = (files: number) =>
      limitWarnings({
        files,
        bytes: files,
        largest: { path: 'x', bytes: 1 },
        fullestFolder: { path: '.', files },
      });
    expect(over(15_000)).toEqual([]);
    expect(over(15_001)).toEqual([
      'Vercel CLI upload: 15,001 files, over its 15,000 (`vercel deploy --archive=tgz` uploads one archive instead)',
    ]);
    expect(over(20_001)).toEqual([
      'Cloudflare Workers Free: 20,001 files, over its 20,000 (the Workers Paid plan takes 100,000 files per Worker version)',
      'Vercel CLI upload: 20,001 files, over its 15,000 (`vercel deploy --archive=tgz` uploads one archive instead)',
    ]);
    expect(over(100_001).map((line) => line.split(':')[0])).toEqual([
      'Cloudflare Workers Free',
      'Cloudflare Workers Paid',
      'Vercel CLI upload',
    ]);
    expect(over(100_001)[1]).toBe(
      'Cloudflare Workers Paid: 100,001 files, over its 100,000 (no Workers plan takes more: serve the blog from Node or Bun, or from Netlify)',
    );
  });
});
