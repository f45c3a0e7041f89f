/** The data module's layout: metadata as JSON, each text a literal of its own, the indexes as JSON text. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataModule } from '../scripts/build.ts';
import {
  decodeText,
  encodeText,
  type PackedSiteData,
  packSiteData,
  unpackSiteData,
} from '../src/data/pack.ts';
import { fixtureData, sampleData } from './support/data.ts';

describe('packSiteData and unpackSiteData', () => {
  it('round-trip the sample blog to equal data', async () => {
    const data = await sampleData();
    expect(unpackSiteData(packSiteData(data))).toEqual(data);
  });

  it('leave the texts out of the metadata, encoded in record order', async () => {
    const data = await fixtureData('mini');
    const packed = packSiteData(data);
    expect(JSON.stringify(packed.meta)).not.toContain('"body"');
    expect(JSON.stringify(packed.meta)).not.toContain('"html"');
    const records = [...data.posts, ...data.series, ...data.decks];
    expect(packed.texts.map(decodeText)).toEqual(records.flatMap((record) => [record.body, record.html]));
  });

  it('decode each text on first read and keep it', async () => {
    const data = await fixtureData('mini');
    const post = unpackSiteData(packSiteData(data)).posts[0];
    expect(Object.getOwnPropertyDescriptor(post, 'html')?.get).toBeTypeOf('function');
    expect(post?.html).toBe(data.posts[0]?.html);
    expect(Object.getOwnPropertyDescriptor(post, 'html')?.value).toBe(data.posts[0]?.html);
    expect(JSON.parse(JSON.stringify(post))).toEqual(data.posts[0]);
  });

  it('fail loudly when the texts do not match the records', async () => {
    const packed = packSiteData(await fixtureData('mini'));
    const truncated: PackedSiteData = { ...packed, texts: packed.texts.slice(0, -1) };
    expect(() => unpackSiteData(truncated)).toThrow(/texts for/);
  });
});

describe('encodeText', () => {
  const tricky = 'He said "100%" \\ C:\\path\n\ttab\r\n canción — 𝄞 \u2028 `code` $5 \'q\' %41 </script>';

  it('round-trips through decodeText', () => {
    expect(decodeText(encodeText(tricky))).toBe(tricky);
  });

  it('leaves only printable ASCII a double-quoted literal holds without escapes', () => {
    const encoded = encodeText(tricky);
    expect(encoded).toMatch(/^[ -~]*$/);
    expect(encoded).not.toMatch(/["\\]/);
    expect(JSON.stringify(encoded)).toBe(`"${encoded}"`);
    expect(encodeText('plain words, kept as they are')).toBe('plain words, kept as they are');
  });
});

describe('dataModule', () => {
  it('writes a module that unpacks to the compiled data', async () => {
    const data = await sampleData();
    const file = join(await mkdtemp(join(tmpdir(), 'folio-data-')), 'site-data.js');
    await writeFile(file, dataModule(data));
    const module = (await import(pathToFileURL(file).href)) as { default: PackedSiteData };
    expect(unpackSiteData(module.default)).toEqual(data);
  });

  it('keeps each text on a line of its own', async () => {
    const data = await fixtureData('mini');
    const lines = dataModule(data).split('\n');
    for (const text of packSiteData(data).texts) expect(lines).toContain(`${JSON.stringify(text)},`);
  });
});
