/**
 * The static half of `vercel dev` (vercel.json's devCommand) and of the tests' platform emulators:
 * a URL path answered with the file under the deployment folder, and nothing outside it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploymentFile } from '../tools/serve-deployment.mjs';

const root = mkdtempSync(join(tmpdir(), 'folio-served-'));
mkdirSync(join(root, 'public/_folio'), { recursive: true });
writeFileSync(join(root, 'public/_folio/manifest.json'), '{}');
writeFileSync(join(root, 'public/_folio/a b.md'), '# a b');
writeFileSync(join(root, 'secret.txt'), 'outside');
const published = join(root, 'public');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('deploymentFile', () => {
  it('answers a path with the bytes of the file under the folder, percent-decoded', () => {
    expect(deploymentFile(published, '/_folio/manifest.json')?.toString()).toBe('{}');
    expect(deploymentFile(published, '/_folio/a%20b.md')?.toString()).toBe('# a b');
  });

  it('answers nothing for a missing file, a folder, the folder itself or a bad encoding', () => {
    for (const path of ['/_folio/none.json', '/_folio', '/_folio/', '/', '/_folio/%E0%A4%A'])
      expect(deploymentFile(published, path), path).toBeNull();
  });

  it('never reaches a file outside the folder', () => {
    for (const path of [
      '/../secret.txt',
      '/_folio/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
    ])
      expect(deploymentFile(published, path), path).toBeNull();
  });
});
