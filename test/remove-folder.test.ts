/**
 * removeFolder: removes a whole tree, tolerates a path that is not there or that another removal
 * takes away at the same time, and lets the event loop turn while it unlinks a large folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeFolder } from '../src/folders/remove-folder.ts';

/** A folder of `files` files and, `depth` levels down, two subfolders of the same shape each. */
function tree(path: string, files: number, depth: number): string {
  mkdirSync(path, { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(path, `file-${i}.json`), `{"i":${i}}`);
  if (depth > 0) for (const name of ['a', 'b']) tree(join(path, name), files, depth - 1);
  return path;
}

const scratch = () => mkdtempSync(join(tmpdir(), 'folio-remove-'));

it('removes a folder, its files and its folders, and leaves the folder beside it', async () => {
  const parent = scratch();
  const removed = tree(join(parent, 'out'), 5, 3);
  const kept = tree(join(parent, 'out.kept'), 2, 0);
  await removeFolder(removed);
  expect(existsSync(removed)).toBe(false);
  expect(readdirSync(kept)).toHaveLength(2);
  expect(readdirSync(parent)).toEqual(['out.kept']);
});

it('a path that is not there is no error', async () => {
  await expect(removeFolder(join(scratch(), 'never-made'))).resolves.toBeUndefined();
});

it('two removals of one folder at once both finish, and the folder is gone', async () => {
  const removed = tree(join(scratch(), 'out'), 40, 4);
  await expect(Promise.all([removeFolder(removed), removeFolder(removed)])).resolves.toEqual([
    undefined,
    undefined,
  ]);
  expect(existsSync(removed)).toBe(false);
});

it('lets the event loop turn while it unlinks a folder of 2,000 files', async () => {
  const removed = tree(join(scratch(), 'out'), 2000, 0);
  /** How many files each turn of the event loop found left, while the removal ran. */
  const left = new Set<number>();
  let removing = true;
  const look = () => {
    if (existsSync(removed)) left.add(readdirSync(removed).length);
    if (removing) setImmediate(look);
  };
  setImmediate(look);
  await removeFolder(removed);
  removing = false;
  expect(existsSync(removed)).toBe(false);
  // At most 256 files go between two turns: the turns saw at least 7 counts between all and none.
  const partly = [...left].filter((files) => files > 0 && files < 2000);
  expect(partly.length).toBeGreaterThanOrEqual(7);
});
