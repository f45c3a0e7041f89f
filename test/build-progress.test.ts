/**
 * The build's progress line: drawn in place on a terminal once a build runs for a few seconds,
 * with a rate and an estimate; nothing at all when standard error is not a terminal.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressReporter } from '../src/build/command/terminal-progress.ts';
import { BIN, ROOT } from './support/server.ts';

/** A terminal stand-in: what was written, and a clock the test moves. */
function fakeTerminal(isTTY: boolean) {
  const written: string[] = [];
  let time = 0;
  const stream = { isTTY, write: (text: string) => written.push(text) };
  const progress = progressReporter(stream, { afterMs: 3000, everyMs: 200, now: () => time });
  return { written, progress, tick: (ms: number) => (time += ms) };
}

describe('progress on a terminal', () => {
  it('draws nothing during the first seconds', () => {
    const { written, progress, tick } = fakeTerminal(true);
    progress.step('read', 'files');
    for (let i = 0; i < 100; i++) {
      tick(20);
      progress.advance();
    }
    progress.done();
    expect(written).toEqual([]);
  });

  it('redraws one line in place with the count, the rate and the time left, then clears it', () => {
    const { written, progress, tick } = fakeTerminal(true);
    tick(3000);
    progress.step('render', 'posts', 1000);
    for (let i = 0; i < 400; i++) {
      tick(4);
      progress.advance();
    }
    expect(written[0]).toBe('\r\x1b[Kfolio: render 0/1000 posts');
    // 400 posts in 1.6 s: 250 a second, 600 left.
    expect(written.at(-1)).toBe('\r\x1b[Kfolio: render 400/1000 posts (250/s, about 3 s left)');
    // At most one redraw per 200 ms: 1.6 s of work, 8 redraws after the first.
    expect(written).toHaveLength(9);
    progress.step('write', 'bodies');
    tick(500);
    progress.advance(1000);
    expect(written.at(-1)).toBe('\r\x1b[Kfolio: write 1000 bodies (2000/s)');
    progress.done();
    expect(written.at(-1)).toBe('\r\x1b[K');
  });
});

/** A generated blog of this many posts: every step of the build has many items to report. */
const POSTS = 200;

describe('progress elsewhere', () => {
  it('writes nothing to a stream that is not a terminal', () => {
    const { written, progress, tick } = fakeTerminal(false);
    tick(10_000);
    progress.step('render', 'posts', 10);
    for (let i = 0; i < 10; i++) {
      tick(1000);
      progress.advance();
    }
    progress.done();
    expect(written).toEqual([]);
  });

  // Whether a terminal would draw progress depends on the clock (see above, where it is injected);
  // piped output never gets any, however long the build.
  it('keeps a build line-based when its output is piped: no carriage returns, no progress lines', {
    timeout: 240_000,
  }, async () => {
    const corpus = await mkdtemp(join(tmpdir(), 'folio-progress-'));
    await run(['tools/corpus.ts', '--posts', String(POSTS), '--out', corpus]);
    const result = await run([
      'src/bin/build.ts',
      '--content',
      corpus,
      '--out',
      join(corpus, '.out'),
      '--now',
      '2026-01-01',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('\r');
    const [summary, ...rest] = result.stdout.trimEnd().split('\n');
    expect(summary).toMatch(new RegExp(`^folio: built ${POSTS} posts, `));
    expect(rest.filter((line) => /\b(read|render|compile|write) \d/.test(line))).toEqual([]);
  });
});

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(resolve(BIN, 'tsx'), args, { cwd: ROOT, timeout: 200_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
