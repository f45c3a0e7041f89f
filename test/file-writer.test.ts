/**
 * The build's file writers, on a worker thread and on the calling thread (a small blog's): every
 * file lands, in order, and a failed write fails the build with its code and path.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directFileWriter, fileWriter } from '../src/build/write/file-writer.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-writer-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('fileWriter', () => {
  it('writes every file, strings and bytes, in nested folders, past its batch limits', async () => {
    const writer = fileWriter();
    const big = new Uint8Array(1024 * 1024).fill(7);
    for (let i = 0; i < 24; i++) await writer.write(join(folder, `deep/${i % 3}/big-${i}.bin`), big);
    for (let i = 0; i < 500; i++) await writer.write(join(folder, `small/${i}.txt`), `body ${i}`);
    await writer.write(join(folder, 'small/0.txt'), 'written last, wins');
    await writer.close();
    expect(readFileSync(join(folder, 'deep/2/big-23.bin'))).toEqual(Buffer.from(big));
    expect(readFileSync(join(folder, 'small/499.txt'), 'utf8')).toBe('body 499');
    expect(readFileSync(join(folder, 'small/0.txt'), 'utf8')).toBe('written last, wins');
  });

  it('lets every writer waiting for it at once go on (the pages and a compressed body write at the same time)', async () => {
    const writer = fileWriter();
    const batch = new Uint8Array(4 * 1024 * 1024).fill(1);
    const writeSome = async (name: string) => {
      for (let i = 0; i < 4; i++) await writer.write(join(folder, `${name}-${i}.bin`), batch);
    };
    await Promise.all([writeSome('pages'), writeSome('parts')]);
    await writer.close();
    expect(readFileSync(join(folder, 'pages-3.bin')).length).toBe(batch.length);
    expect(readFileSync(join(folder, 'parts-3.bin')).length).toBe(batch.length);
  });

  it('writes a body larger than a batch, in pieces, across batches, while other files are written', async () => {
    const told = new Map<string, number[]>();
    const writer = fileWriter((path, bytes) => told.set(path, [...(told.get(path) ?? []), bytes]));
    // 20 MiB in 64 KiB pieces, each piece its own byte value: any piece out of place shows.
    const pieces = Array.from({ length: 320 }, (_, i) => new Uint8Array(64 * 1024).fill(i % 251));
    const pages = (async () => {
      for (let i = 0; i < 2000; i++)
        await writer.write(join(folder, `pages/${i}.html`), `<p>${i}</p>`.repeat(200));
    })();
    await Promise.all([writer.write(join(folder, 'parts/llms-full.txt~part0'), pieces), pages]);
    await writer.write(join(folder, 'parts/empty'), []);
    await writer.write(join(folder, 'parts/small'), [new Uint8Array([1, 2]), new Uint8Array([3])]);
    await writer.close();
    const part = readFileSync(join(folder, 'parts/llms-full.txt~part0'));
    expect(part.length).toBe(20 * 1024 * 1024);
    // Compared as bytes: a deep equality of 20 MiB would enumerate every index.
    expect(part.equals(Buffer.concat(pieces))).toBe(true);
    expect(readFileSync(join(folder, 'pages/1999.html'), 'utf8')).toBe('<p>1999</p>'.repeat(200));
    expect(readFileSync(join(folder, 'parts/empty')).length).toBe(0);
    expect([...readFileSync(join(folder, 'parts/small'))]).toEqual([1, 2, 3]);
    // Each file's size is told once, whole, however many batches it took.
    expect(told.size).toBe(2003);
    for (const [path, sizes] of told) expect(sizes).toEqual([readFileSync(path).length]);
  });

  it('fails with the file system error, its code and its path', async () => {
    writeFileSync(join(folder, 'taken'), 'a file where a folder is needed');
    const writer = fileWriter();
    await writer.write(join(folder, 'taken/inside/page.html'), '<p>');
    const failure = await writer.close().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
    expect(failure?.code).toMatch(/^(ENOTDIR|EEXIST)$/);
    expect(failure?.path).toContain(join(folder, 'taken'));
  });

  it('names the file when the disk is full (the kernel says so on write, with no path)', async () => {
    const writer = fileWriter();
    await writer.write('/dev/full', 'a body that does not fit');
    const failure = await writer.close().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
    expect(failure?.code).toBe('ENOSPC');
    expect(failure?.path).toBe('/dev/full');
  });
});

describe('directFileWriter', () => {
  it('writes every file, strings and bytes, in nested folders, the last write of a path winning', async () => {
    const told: [string, number][] = [];
    const writer = directFileWriter((path, bytes) => told.push([path, bytes]));
    await writer.write(join(folder, 'deep/1/page.html'), new Uint8Array([60, 112, 62]));
    for (let i = 0; i < 50; i++) await writer.write(join(folder, `small/${i}.txt`), `body ${i}`);
    await writer.write(join(folder, 'small/0.txt'), 'written last, wins');
    await writer.write(join(folder, 'canción.md'), 'canción');
    await writer.write(join(folder, 'parts/part0'), [new Uint8Array([1, 2]), new Uint8Array([3])]);
    await writer.close();
    expect([...readFileSync(join(folder, 'parts/part0'))]).toEqual([1, 2, 3]);
    expect(readFileSync(join(folder, 'deep/1/page.html'), 'utf8')).toBe('<p>');
    expect(readFileSync(join(folder, 'small/49.txt'), 'utf8')).toBe('body 49');
    expect(readFileSync(join(folder, 'small/0.txt'), 'utf8')).toBe('written last, wins');
    // Each write's size in bytes, a character of two bytes counted as two.
    expect(told.at(0)).toEqual([join(folder, 'deep/1/page.html'), 3]);
    expect(told.at(-2)).toEqual([join(folder, 'canción.md'), 8]);
    expect(told.at(-1)).toEqual([join(folder, 'parts/part0'), 3]);
    expect(told).toHaveLength(54);
  });

  it.each([
    ['a file where a folder is needed', () => join(folder, 'taken/inside/page.html'), /^(ENOTDIR|EEXIST)$/],
    ['a full disk (the kernel says so on write, with no path)', () => '/dev/full', /^ENOSPC$/],
  ])(
    'fails that write with the file system error, its code and its path: %s',
    async (_name, target, code) => {
      writeFileSync(join(folder, 'taken'), 'a file where a folder is needed');
      const path = target();
      const failure = await Promise.resolve(directFileWriter().write(path, 'a body')).then(
        () => undefined,
        (error: NodeJS.ErrnoException) => error,
      );
      expect(failure?.code).toMatch(code);
      expect(path).toContain(failure?.path);
    },
  );
});
