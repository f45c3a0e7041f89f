/**
 * Search quality on the served fixture blog (test/fixtures/complete), whose posts carry the words
 * looked for here, through the index as the build serializes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang, PostRecord, SiteData } from '../src/build/data/types.ts';
import { foldTerm } from '../src/core/search-index.ts';
import type { SearchQuery } from '../src/core/search-query.ts';
import { warmSearch } from '../src/mcp/search-warm.ts';
import { createBodyCache } from '../src/runtime/body-cache.ts';
import { createSearch } from '../src/runtime/search/search.ts';
import { deployed, servedData, UNFILTERED } from './support/data.ts';

const BASE = 'https://blog.example';
let data: SiteData;
/** A search of the whole language from its first result, as a query without filters or cursor asks. */
let search: (
  query: Pick<SearchQuery, 'query' | 'lang' | 'limit'>,
) => ReturnType<ReturnType<typeof createSearch>>;

beforeAll(async () => {
  // The index as the build writes it, read back as the handler reads it.
  data = await servedData();
  const engine = createSearch(createBodyCache((await deployed(data, BASE)).source));
  search = (query) => engine({ offset: 0, tag: null, series: null, ...query });
});

async function slugsFor(query: string, lang: Lang = 'en', limit = 10): Promise<string[]> {
  return (await await search({ ...UNFILTERED, query, lang, limit })).results.map((result) => result.slug);
}

function postOf(slug: string, lang: Lang): PostRecord {
  const post = data.posts.find((candidate) => candidate.slug === slug && candidate.lang === lang);
  if (!post) throw new Error(`the fixture blog has no ${lang} post ${slug}`);
  return post;
}

const bodyOf = (slug: string, lang: Lang) => data.bodies.markdown(postOf(slug, lang));

describe('exact words', () => {
  it('title words put the post first', async () => {
    expect((await slugsFor('leaky bucket'))[0]).toBe('leaky-bucket-limiter');
    expect((await slugsFor('strong validators'))[0]).toBe('weak-and-strong-validators');
    expect((await slugsFor('manejador fetch', 'es'))[0]).toBe('one-handler-five-runtimes');
  });

  it('a title match outranks a body-only match', async () => {
    const results = (await search({ ...UNFILTERED, query: 'stale', lang: 'en', limit: 50 })).results;
    expect(results[0]?.slug).toBe('stale-responses');
    expect(results.length).toBeGreaterThan(1);
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('results carry the post fields, an absolute url and a numeric score', async () => {
    const [first] = (await search({ ...UNFILTERED, query: 'leaky bucket', lang: 'es', limit: 1 })).results;
    const post = postOf('leaky-bucket-limiter', 'es');
    expect(first).toEqual({
      slug: post.slug,
      title: post.title,
      description: post.description,
      pubDate: post.pubDate,
      tags: post.allTags,
      url: `${BASE}/es/blog/leaky-bucket-limiter/`,
      score: expect.any(Number),
    });
    expect(first?.score).toBeGreaterThan(0);
  });
});

describe('accents and case', () => {
  it.each(['cache', 'caché', 'CACHÉ', 'Cache'])(
    '"%s" finds the Spanish post titled "Invalidar la caché…"',
    async (query) => {
      expect(postOf('cache-busting-with-hashes', 'es').title).toContain('caché');
      expect(await slugsFor(query, 'es')).toContain('cache-busting-with-hashes');
    },
  );

  it.each(['busqueda', 'búsqueda', 'BÚSQUEDA'])(
    '"%s" puts "Búsqueda de texto completo sin servidor" first',
    async (query) => {
      expect((await slugsFor(query, 'es'))[0]).toBe('offline-full-text-search');
    },
  );

  it('"cancion" finds the post that writes «canción» in its body', async () => {
    expect(bodyOf('offline-full-text-search', 'es')).toContain('canción');
    expect(await slugsFor('cancion', 'es')).toEqual(['offline-full-text-search']);
  });

  it('folds terms with NFD, drops combining marks and lowercases', async () => {
    expect(foldTerm('CANCIÓN')).toBe('cancion');
    expect(foldTerm('cancio\u0301n')).toBe('cancion');
    expect(foldTerm('\u0301')).toBeNull();
  });
});

describe('fields', () => {
  it('a tag name finds the posts with that tag', async () => {
    const tagged = data.posts.filter((post) => post.lang === 'en' && post.allTags.includes('vitest'));
    expect(tagged.map((post) => post.slug)).toEqual(['handlers-without-mocks']);
    expect((await slugsFor('vitest'))[0]).toBe('handlers-without-mocks');
  });

  it('a hyphenated tag is found by its words', async () => {
    expect(await slugsFor('rate-limiting')).toEqual(
      expect.arrayContaining(['leaky-bucket-limiter', 'retry-after-in-practice']),
    );
  });

  it('a word only in a body finds that post', async () => {
    const post = postOf('one-handler-five-runtimes', 'en');
    const outsideBody = `${post.title} ${post.description} ${post.allTags.join(' ')}`.toLowerCase();
    expect(outsideBody).not.toContain('wintertc');
    expect(bodyOf('one-handler-five-runtimes', 'en')).toContain('WinterTC');
    expect(await slugsFor('wintertc')).toEqual(['one-handler-five-runtimes']);
  });

  it('link addresses are not indexed as words', async () => {
    expect(bodyOf('weak-and-strong-validators', 'en')).toContain('](https://datatracker.ietf.org/');
    expect(await slugsFor('datatracker')).toEqual([]);
  });
});

describe('matching', () => {
  it('a query with no match has no results and a total of 0', async () => {
    expect(await search({ ...UNFILTERED, query: 'xylophone quartz', lang: 'en', limit: 10 })).toEqual({
      query: 'xylophone quartz',
      lang: 'en',
      total: 0,
      results: [],
    });
  });

  it('the last word matches as a prefix', async () => {
    expect((await slugsFor('revalid'))[0]).toBe('stale-responses');
    expect((await slugsFor('leaky buck'))[0]).toBe('leaky-bucket-limiter');
  });

  it('only the last word matches as a prefix', async () => {
    expect((await slugsFor('zzqqxx revalid'))[0]).toBe('stale-responses');
    expect(await slugsFor('revalid zzqqxx')).toEqual([]);
  });

  it('posts with every word come before the fallback to any word', async () => {
    const both = await search({ ...UNFILTERED, query: 'leaky bucket', lang: 'en', limit: 50 });
    const bucket = await search({ ...UNFILTERED, query: 'bucket', lang: 'en', limit: 50 });
    expect(both.total).toBeLessThanOrEqual(bucket.total);
    const fallback = await search({ ...UNFILTERED, query: 'wintertc zzqqxx', lang: 'en', limit: 50 });
    expect(fallback.results.map((result) => result.slug)).toEqual(['one-handler-five-runtimes']);
  });

  it('total counts every match and results hold the top limit', async () => {
    const all = await search({ ...UNFILTERED, query: 'http', lang: 'en', limit: 50 });
    const top = await search({ ...UNFILTERED, query: 'http', lang: 'en', limit: 3 });
    expect(all.total).toBeGreaterThan(3);
    expect(top.total).toBe(all.total);
    expect(top.results).toEqual(all.results.slice(0, 3));
  });

  it('searches one language at a time', async () => {
    expect(await slugsFor('validators', 'es')).toEqual([]);
    expect(await slugsFor('validadores', 'es')).toContain('weak-and-strong-validators');
    expect(await slugsFor('validators', 'en')).toContain('weak-and-strong-validators');
  });
});

describe('compiling the scorer ahead of the first search', () => {
  it('searches a made-up index of 3,000 posts: one word matches all, two words the posts with both', async () => {
    const answers = await warmSearch();
    expect(new Set(answers.map(({ query, total }) => `${query}: ${total}`))).toEqual(
      new Set(['a: 3000', 'b a: 1500']),
    );
    for (const { best } of answers) {
      expect(best).toHaveLength(10);
      const scores = best.map((ranked) => ranked.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores.every((score) => score > 0)).toBe(true);
    }
  });

  it('leaves the answers of a deployment as they were', async () => {
    const fresh = createSearch(createBodyCache((await deployed(data, BASE)).source));
    const before = await fresh({ ...UNFILTERED, query: 'cache headers', lang: 'en', limit: 10 });
    await warmSearch();
    expect(await search({ ...UNFILTERED, query: 'cache headers', lang: 'en', limit: 10 })).toEqual(before);
  });
});
