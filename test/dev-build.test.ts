/**
 * The dev server's incremental builds against fresh ones: after each change to a generated blog
 * (edits, a new post, a deleted one, a renamed one, the site settings, the taxonomy, a series, a
 * draft, a broken post and its fix), every body and the manifest equal, byte for byte, what a fresh
 * build of the same folder emits; and the bodies a change does not touch are the last build's own.
 */
import { mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from '../src/build/content/errors.ts';
import { type DevBuilder, devBuilder } from '../src/build/dev/dev-build.ts';
import type { MemoryDeployment } from '../src/build/dev/memory-deployment.ts';
import { buildData } from '../src/build/index.ts';
import { bodyKey, pageFileKey, searchHeadKey, staticFileKey } from '../src/core/deployment.ts';
import { writeCorpus } from '../tools/corpus.ts';
import { BUILD_TIME, deployed } from './support/data.ts';

const BASE = 'http://localhost:8787';
const POLICY = { quota: 300, windowSeconds: 60 };
/** The newest English post (first chapter of a series), and an old one nothing here edits. */
const EDITED = 'blog/en/2025-12-31_fast-bundles-1.md';
const pageKey = (path: string) => pageFileKey(bodyKey(path) as string);
const EDITED_PAGE = pageKey('/blog/fast-bundles-1/');
const UNTOUCHED_PAGE = pageKey('/blog/small-workers-40/');
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

let dir: string;
let builder: DevBuilder;
let last: MemoryDeployment;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-dev-build-'));
  await writeCorpus(dir, { posts: 80 });
  builder = devBuilder({
    content: { contentDir: dir, now: BUILD_TIME, layout: undefined, strict: false },
    baseUrl: BASE,
    policy: POLICY,
  });
  last = await builder.build();
}, 60_000);

afterAll(async () => {
  await builder?.close();
  await rm(dir, { recursive: true, force: true });
});

const path = (file: string) => join(dir, file);

async function change(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(path(file), edit(await readFile(path(file), 'utf8')));
  builder.changed(path(file));
}

/** Rebuilds and checks the result against a fresh build; returns the previous build for comparison. */
async function rebuiltAsFresh(): Promise<MemoryDeployment> {
  const previous = last;
  last = await builder.build();
  const fresh = await deployed(await buildData(dir, BUILD_TIME), BASE, POLICY);
  expect(last.manifest).toEqual(fresh.manifest);
  expect([...last.bodies.keys()].sort()).toEqual([...fresh.bodies.keys()].sort());
  const differing = [...fresh.bodies].filter(
    ([key, bytes]) => !Buffer.from(bytes).equals(last.bodies.get(key) as Uint8Array),
  );
  expect(differing.map(([key]) => key)).toEqual([]);
  return previous;
}

describe('dev builds', () => {
  it('equal a fresh build after an edit, and keep the bodies it does not touch', async () => {
    await change(EDITED, (source) =>
      source.replace(/^title: .*$/m, 'title: "Quokka Zeppelin"').replace(/\n\n/, '\n\nA new first line.\n\n'),
    );
    const previous = await rebuiltAsFresh();
    expect(text(last.bodies.get(EDITED_PAGE))).toContain('Quokka Zeppelin');
    expect(last.bodies.get(UNTOUCHED_PAGE)).toBe(previous.bodies.get(UNTOUCHED_PAGE));
    expect(last.bodies.get(searchHeadKey('es'))).toBe(previous.bodies.get(searchHeadKey('es')));
    expect(last.bodies.get(searchHeadKey('en'))).not.toBe(previous.bodies.get(searchHeadKey('en')));
  });

  it('equal a fresh build after tags change, a post is added, deleted, renamed or made a draft', async () => {
    await change(EDITED, (source) => source.replace(/^tags: .*$/m, 'tags: [search, fonts]'));
    await rebuiltAsFresh();
    await writeFile(
      path('blog/en/2025-12-30_brand-new-post.md'),
      '---\ntitle: "A brand new post"\ndescription: "Added while the server runs."\npubDate: 2025-12-30\ntags: [brand-new, http]\n---\n\nFresh **words**.\n',
    );
    await rebuiltAsFresh();
    await rm(path('blog/es/2025-12-31_fast-bundles-1.md'));
    await rebuiltAsFresh();
    await rename(path('blog/en/2025-12-30_brand-new-post.md'), path('blog/en/2025-12-30_renamed-post.md'));
    await rebuiltAsFresh();
    await change('blog/en/2025-12-30_renamed-post.md', (source) =>
      source.replace('tags:', 'draft: true\ntags:'),
    );
    await rebuiltAsFresh();
  });

  it('equal a fresh build after the site settings, the taxonomy or a series change', async () => {
    await change('site.yaml', (source) => source.replace(/^name: .*$/m, 'name: Renamed Blog'));
    const previous = await rebuiltAsFresh();
    expect(last.bodies.get(UNTOUCHED_PAGE)).not.toBe(previous.bodies.get(UNTOUCHED_PAGE));
    await change('tags.yaml', (source) => source.replace(/tier: primary/, 'tier: secondary'));
    await rebuiltAsFresh();
    await change('series/en/series-1.md', (source) =>
      source.replace(/^title: .*$/m, 'title: "Retitled series"'),
    );
    await rebuiltAsFresh();
  });

  it('throws the problems of a broken post, then equals a fresh build once it is fixed', async () => {
    const good = await readFile(path(EDITED), 'utf8');
    await change(EDITED, (source) => source.replace(/^pubDate: .*$/m, 'pubDate: soon'));
    await expect(builder.build()).rejects.toBeInstanceOf(ContentError);
    await writeFile(path(EDITED), good.replace(/^title: .*$/m, 'title: "Fixed and retitled"'));
    builder.changed(path(EDITED));
    await rebuiltAsFresh();
  });

  it('reads a file the watcher reports even when its size and time look unchanged', async () => {
    // A whole second, which the file system keeps exactly.
    const time = new Date('2025-12-31T12:00:00Z');
    await utimes(path(EDITED), time, time);
    builder.changed(path(EDITED));
    await rebuiltAsFresh();
    await writeFile(path(EDITED), (await readFile(path(EDITED), 'utf8')).replace('retitled', 'retitlee'));
    await utimes(path(EDITED), time, time);
    // The premise: size and modification time alone do not tell this change.
    expect(text((await builder.build()).bodies.get(EDITED_PAGE))).toContain('Fixed and retitled');
    builder.changed(path(EDITED));
    await rebuiltAsFresh();
    expect(text(last.bodies.get(EDITED_PAGE))).toContain('Fixed and retitlee');
  });

  it('gives a post the new URL of an image beside it once the image’s bytes change, and serves it there', async () => {
    const image = 'blog/en/figure.png';
    const urlIn = (deployment: MemoryDeployment) =>
      /<img src="(\/_media\/blog\/en\/figure\.[0-9a-f]{12}\.png)"/.exec(
        text(deployment.bodies.get(EDITED_PAGE)),
      )?.[1];
    await writeFile(path(image), 'first bytes');
    builder.changed(path(image));
    await change(EDITED, (source) => `${source}\n![A figure](./figure.png)\n`);
    const before = await builder.build();
    // Only the image changes: the post's text is the same.
    await writeFile(path(image), 'other bytes');
    builder.changed(path(image));
    last = await builder.build();
    const [first, second] = [urlIn(before), urlIn(last)];
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(text(last.bodies.get(staticFileKey(bodyKey(second as string) as string)))).toBe('other bytes');
  });
});
