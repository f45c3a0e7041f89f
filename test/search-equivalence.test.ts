/**
 * The run time's search over the sharded index files answers every query exactly as MiniSearch
 * does over the same posts with the same options: the same posts in the same order, the same
 * scores and the same total, on the fixture blog and on a generated corpus, for generated queries
 * (corpus words, prefixes, case, accents, several words, unknown words, the fallback to any word).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/build/data/types.ts';
import { emitIntoMemory } from '../src/build/dev/memory-deployment.ts';
import { buildData } from '../src/build/index.ts';
import { searchDocuments, searchIndexFiles } from '../src/build/search-index.ts';
import { searchHeadKey, searchTermsKey } from '../src/core/deployment.ts';
import type { SearchResults } from '../src/core/schemas.ts';
import { type IndexedPost, SEARCH_OPTIONS, tokenize } from '../src/core/search-index.ts';
import { createBodyCache } from '../src/runtime/body-cache.ts';
import { searchIndex } from '../src/runtime/search/search.ts';
import { parseHead, parseShard, termSource } from '../src/runtime/search/search-files.ts';
import { queryTerms, type Ranked, rank } from '../src/runtime/search/search-score.ts';
import { writeCorpus } from '../tools/corpus.ts';
import { BUILD_TIME, servedData, UNFILTERED } from './support/data.ts';

const BASE = 'https://blog.example';
/** Small enough that the body cache evicts shards and keeps no stored chunk: they are read again. */
const CACHE_BYTES = 16 * 1024;
const RUNS = 1500;

type Ranking = (query: string, limit: number) => { total: number; best: Ranked[] };

interface Subject {
  search: ReturnType<typeof searchIndex>;
  reference: Map<string, (query: string, limit: number) => SearchResults>;
  /** Post numbers and unrounded scores, from the scorer over every shard and from MiniSearch. */
  ranking: Map<string, { ours: Ranking; miniSearch: Ranking }>;
  /** Words as the posts write them, by language. */
  words: Map<string, string[]>;
}

/** The deployment's index of `data`, its shards split at `shardBytes`, and MiniSearch's of the same posts. */
async function subjectOf(data: SiteData, shardBytes?: number): Promise<Subject> {
  const { source, bodies } = await emitIntoMemory(data, {
    baseUrl: BASE,
    policy: { quota: 300, windowSeconds: 60 },
    indexSearch: (documents) => searchIndexFiles(documents, shardBytes),
  });
  const documents = searchDocuments(data, BASE);
  const reference = new Map<string, (query: string, limit: number) => SearchResults>();
  const words = new Map<string, string[]>();
  const ranking = new Map<string, { ours: Ranking; miniSearch: Ranking }>();
  for (const [lang, posts] of Object.entries(documents)) {
    const index = new MiniSearch<IndexedPost>(SEARCH_OPTIONS);
    index.addAll(posts);
    reference.set(lang, miniSearchOf(lang, index, posts));
    ranking.set(lang, { ours: scorerOf(lang, bodies), miniSearch: rankingOf(index, posts) });
    words.set(lang, [
      ...new Set(posts.flatMap((post) => tokenize(`${post.title} ${post.tags} ${post.body}`))),
    ]);
  }
  return { search: searchIndex(createBodyCache(source, { budget: CACHE_BYTES })), reference, ranking, words };
}

/** MiniSearch's matches: posts with every word, else with any. */
function matchesOf(index: MiniSearch<IndexedPost>, query: string) {
  const found = index.search(query, { combineWith: 'AND' });
  return found.length > 0 ? found : index.search(query, { combineWith: 'OR' });
}

function rankingOf(index: MiniSearch<IndexedPost>, posts: IndexedPost[]): Ranking {
  const numberOf = new Map(posts.map((post, n) => [post.id, n]));
  return (query, limit) => {
    const found = matchesOf(index, query);
    const best = found
      .slice(0, limit)
      .map((match) => ({ post: numberOf.get(match.id) as number, score: match.score }));
    return { total: found.length, best };
  };
}

/** The scorer over every shard of the language, read straight from the deployment. */
function scorerOf(lang: string, bodies: ReadonlyMap<string, Uint8Array>): Ranking {
  const head = parseHead(bodies.get(searchHeadKey(lang)) as Uint8Array);
  const shards = new Map(
    head.shards.map((_, i) => [i, parseShard(bodies.get(searchTermsKey(lang, i)) as Uint8Array)]),
  );
  const source = termSource(head, shards);
  return (query, limit) => rank(head, queryTerms(query), source, limit);
}

/** search_blog_posts as MiniSearch answers it: posts with every word, else with any. */
function miniSearchOf(lang: string, index: MiniSearch<IndexedPost>, posts: IndexedPost[]) {
  const byId = new Map(posts.map((post) => [post.id, post]));
  return (query: string, limit: number): SearchResults => {
    const found = matchesOf(index, query);
    const results = found.slice(0, limit).map((match) => {
      const post = byId.get(match.id) as IndexedPost;
      return {
        slug: post.slug,
        title: post.title,
        description: post.description,
        pubDate: post.pubDate,
        tags: post.tagList,
        url: post.url,
        score: Math.round(match.score * 1000) / 1000,
      };
    });
    const more = results.length > 0 && results.length < found.length;
    return {
      query,
      lang: lang as SearchResults['lang'],
      total: found.length,
      results,
      ...(more && { nextCursor: String(results.length) }),
    };
  };
}

/** A word of the posts, maybe cut to a prefix, recased, stripped of accents or given some. */
function wordOf(words: string[]) {
  const word = fc.constantFrom(...words);
  const unknown = fc.stringMatching(/^[a-zñç]{1,8}$/);
  const variant = fc.tuple(word, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 12 }));
  return fc.oneof(
    { weight: 3, arbitrary: word },
    {
      weight: 4,
      arbitrary: variant.map(([text, how, cut]) => {
        if (how === 0) return text.slice(0, cut);
        if (how === 1) return text.toUpperCase();
        if (how === 2) return text.normalize('NFD').replace(/\p{M}/gu, '');
        if (how === 3) return text.replace(/[aeiou]/, (vowel) => `${vowel}\u0301`).normalize('NFC');
        if (how === 4) return `${text[0]?.toUpperCase() ?? ''}${text.slice(1, cut + 1)}`;
        return [...text].reverse().join('');
      }),
    },
    { weight: 1, arbitrary: unknown },
  );
}

function queryOf(words: string[]) {
  const separator = fc.constantFrom(' ', '  ', '-', ', ', ' / ', '.');
  return fc
    .array(fc.tuple(wordOf(words), separator), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([word, between]) => word + between).join(''))
    .map((query) => query.trim() || 'x');
}

async function agreesOnGeneratedQueries(subject: Subject) {
  for (const [lang, words] of subject.words) {
    const reference = subject.reference.get(lang) as (query: string, limit: number) => SearchResults;
    await fc.assert(
      fc.asyncProperty(queryOf(words), fc.integer({ min: 1, max: 50 }), async (query, limit) => {
        expect(await subject.search({ ...UNFILTERED, query, lang, limit })).toEqual(reference(query, limit));
      }),
      { numRuns: RUNS },
    );
  }
}

async function ranksExactlyOnGeneratedQueries(subject: Subject) {
  for (const [lang, words] of subject.words) {
    const { ours, miniSearch } = subject.ranking.get(lang) as { ours: Ranking; miniSearch: Ranking };
    await fc.assert(
      fc.property(queryOf(words), fc.integer({ min: 1, max: 50 }), (query, limit) => {
        expect(ours(query, limit)).toEqual(miniSearch(query, limit));
      }),
      { numRuns: RUNS },
    );
  }
}

describe('the sharded index answers as MiniSearch does', () => {
  let fixture: Subject;
  let fixtureInSmallShards: Subject;
  let corpus: Subject;
  let dir: string;

  beforeAll(async () => {
    const served = await servedData();
    fixture = await subjectOf(served);
    // Shards this small split the terms by one, two and three characters, and hold single terms.
    fixtureInSmallShards = await subjectOf(served, 512);
    dir = await mkdtemp(join(tmpdir(), 'folio-search-corpus-'));
    await writeCorpus(dir, { posts: 400 });
    corpus = await subjectOf(await buildData(dir, BUILD_TIME), 1024);
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('on the fixture blog, for generated queries', async () => {
    await agreesOnGeneratedQueries(fixture);
  }, 120_000);

  it('on the fixture blog in small shards, for generated queries', async () => {
    await agreesOnGeneratedQueries(fixtureInSmallShards);
  }, 120_000);

  it('on a generated corpus of 400 posts in small shards, for generated queries', async () => {
    await agreesOnGeneratedQueries(corpus);
  }, 300_000);

  it('to the last bit of every score, before rounding, on the fixture and the corpus', async () => {
    await ranksExactlyOnGeneratedQueries(fixture);
    await ranksExactlyOnGeneratedQueries(corpus);
  }, 300_000);

  it.each([
    ['a one-letter prefix', 'c'],
    ['a word every post has', 'the'],
    ['words no post has together', 'cache zzqqxx'],
    ['a repeated word', 'cache cache cach'],
    ['no words at all', '¿¡ -- !?'],
    ['digits', '12 part'],
  ])('on the corpus, for %s', async (_what, query) => {
    for (const lang of corpus.words.keys()) {
      const reference = corpus.reference.get(lang) as (query: string, limit: number) => SearchResults;
      expect(await corpus.search({ ...UNFILTERED, query, lang, limit: 50 })).toEqual(reference(query, 50));
    }
  });
});
