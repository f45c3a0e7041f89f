/**
 * Generated sequences of changes to a small blog (retitled, rewritten, retagged, new, deleted,
 * renamed, drafted and broken posts), each followed by a dev rebuild: after every change the dev
 * build gives what a fresh build of the folder gives, every body and the manifest byte for byte, or
 * the same content problems.
 */
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, type ContentIssue } from '../src/build/content/errors.ts';
import { type DevBuilder, devBuilder } from '../src/build/dev/dev-build.ts';
import type { MemoryDeployment } from '../src/build/dev/memory-deployment.ts';
import { buildData } from '../src/build/index.ts';
import { writeCorpus } from '../tools/corpus.ts';
import { BUILD_TIME, deployed } from './support/data.ts';

const BASE = 'http://localhost:8787';
const POLICY = { quota: 300, windowSeconds: 60 };
const WORDS = ['quokka', 'zeppelin', 'http', 'caching', 'search', 'fonts', 'edge', 'new-tag'] as const;

let dir: string;
let builder: DevBuilder;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-dev-sequences-'));
  builder = devBuilder({
    content: { contentDir: dir, now: BUILD_TIME, layout: undefined, strict: false },
    baseUrl: BASE,
    policy: POLICY,
  });
}, 60_000);

afterAll(async () => {
  await builder?.close();
  await rm(dir, { recursive: true, force: true });
});

type Outcome = { deployment: MemoryDeployment } | { issues: readonly ContentIssue[] };

async function outcome(build: () => Promise<MemoryDeployment>): Promise<Outcome> {
  try {
    return { deployment: await build() };
  } catch (error) {
    if (error instanceof ContentError) return { issues: error.issues };
    throw error;
  }
}

function expectSame(dev: Outcome, fresh: Outcome): void {
  if ('issues' in fresh || 'issues' in dev) {
    expect('issues' in dev && dev.issues).toEqual('issues' in fresh && fresh.issues);
    return;
  }
  expect(dev.deployment.manifest).toEqual(fresh.deployment.manifest);
  expect([...dev.deployment.bodies.keys()].sort()).toEqual([...fresh.deployment.bodies.keys()].sort());
  const differing = [...fresh.deployment.bodies].filter(
    ([key, bytes]) => !Buffer.from(bytes).equals(dev.deployment.bodies.get(key) as Uint8Array),
  );
  expect(differing.map(([key]) => key)).toEqual([]);
}

/** The posts now in the folder, by relative path. */
async function posts(): Promise<string[]> {
  const lists = await Promise.all(
    ['en', 'es'].map(async (lang) =>
      (await readdir(join(dir, 'blog', lang))).map((name) => `blog/${lang}/${name}`),
    ),
  );
  return lists.flat().sort();
}

const word = fc.constantFrom(...WORDS);
const change = fc.oneof(
  fc.record({ kind: fc.constant('retitle' as const), post: fc.nat(), text: word }),
  fc.record({ kind: fc.constant('rewrite' as const), post: fc.nat(), text: word }),
  fc.record({
    kind: fc.constant('retag' as const),
    post: fc.nat(),
    tags: fc.uniqueArray(word, { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), post: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    lang: fc.constantFrom('en', 'es'),
    slug: word,
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({ kind: fc.constant('rename' as const), post: fc.nat(), slug: word }),
  fc.record({ kind: fc.constant('draft' as const), post: fc.nat() }),
  fc.record({ kind: fc.constant('break' as const), post: fc.nat() }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

const newPost = (slug: string, day: string) =>
  `---\ntitle: "About ${slug}"\ndescription: "New."\npubDate: 2025-11-${day}\ntags: [${slug}]\n---\n\nAll about ${slug}.\n`;

/** A post's text after an edit. */
function edited(
  text: string,
  step: Extract<Change, { kind: 'retitle' | 'rewrite' | 'retag' | 'draft' | 'break' }>,
) {
  switch (step.kind) {
    case 'retitle':
      return text.replace(/^title: .*$/m, `title: "${step.text}"`);
    case 'rewrite':
      return `${text.trimEnd()}\n\nAnd **${step.text}**.\n`;
    case 'retag':
      return text.replace(/^tags: .*$/m, `tags: [${step.tags.join(', ')}]`);
    case 'draft':
      return text.replace(/^---\n/, '---\ndraft: true\n');
    case 'break':
      return text.replace(/^pubDate: .*$/m, 'pubDate: soon');
  }
}

/** Makes the change as an editor would, telling the builder which file it wrote. */
async function apply(step: Change): Promise<void> {
  if (step.kind === 'add') {
    const day = String(step.day).padStart(2, '0');
    const file = join(dir, 'blog', step.lang, `2025-11-${day}_${step.slug}.md`);
    await writeFile(file, newPost(step.slug, day));
    return builder.changed(file);
  }
  const all = await posts();
  if (all.length === 0) return;
  const file = join(dir, all[step.post % all.length] as string);
  if (step.kind === 'delete') return rm(file);
  if (step.kind === 'rename') return rename(file, file.replace(/_[^/]+\.md$/, `_${step.slug}.md`));
  await writeFile(file, edited(await readFile(file, 'utf8'), step));
  builder.changed(file);
}

describe('dev builds after any sequence of changes', () => {
  it('equal fresh builds, or report the same problems', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        await writeCorpus(dir, { posts: 12 });
        await outcome(() => builder.build());
        for (const step of changes) {
          await apply(step);
          expectSame(
            await outcome(() => builder.build()),
            await outcome(async () => deployed(await buildData(dir, BUILD_TIME), BASE, POLICY)),
          );
        }
      }),
      { numRuns: 25 },
    );
  });
});
