/** Search quality on the sample blog in content/, through the index as the build serializes it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { packSiteData, unpackSiteData } from '../src/data/pack.ts';
import type { Lang, PostRecord, SiteData } from '../src/data/types.ts';
import { createSearch } from '../src/mcp/search.ts';
import { foldTerm } from '../src/mcp/search-index.ts';
import { sampleData } from './support/data.ts';

const BASE = 'https://blog.example';
let data: SiteData;
let search: ReturnType<typeof createSearch>;

beforeAll(async () => {
  // The handler reads the data from the data module: search the index after the same round trip.
  data = unpackSiteData(JSON.parse(JSON.stringify(packSiteData(await sampleData()))));
  search = createSearch(data, BASE);
});

function slugsFor(query: string, lang: Lang = 'en', limit = 10): string[] {
  return search({ query, lang, limit }).results.map((result) => result.slug);
}

function postOf(slug: string, lang: Lang): PostRecord {
  const post = data.posts.find((candidate) => candidate.slug === slug && candidate.lang === lang);
  if (!post) throw new Error(`the sample blog has no ${lang} post ${slug}`);
  return post;
}

describe('exact words', () => {
  it('title words put the post first', () => {
    expect(slugsFor('token bucket')[0]).toBe('token-bucket-from-scratch');
    expect(slugsFor('conditional requests')[0]).toBe('etags-and-conditional-requests');
    expect(slugsFor('manejador fetch', 'es')[0]).toBe('one-fetch-handler');
  });

  it('a title match outranks a body-only match', () => {
    const results = search({ query: 'stale', lang: 'en', limit: 50 }).results;
    expect(results[0]?.slug).toBe('stale-while-revalidate');
    expect(results.length).toBeGreaterThan(1);
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('results carry the post fields, an absolute url and a numeric score', () => {
    const [first] = search({ query: 'token bucket', lang: 'es', limit: 1 }).results;
    const post = postOf('token-bucket-from-scratch', 'es');
    expect(first).toEqual({
      slug: post.slug,
      title: post.title,
      description: post.description,
      pubDate: post.pubDate,
      tags: post.allTags,
      url: `${BASE}/es/blog/token-bucket-from-scratch/`,
      score: expect.any(Number),
    });
    expect(first?.score).toBeGreaterThan(0);
  });
});

describe('accents and case', () => {
  it.each(['cache', 'caché', 'CACHÉ', 'Cache'])(
    '"%s" finds the Spanish post titled "Caché caducada"',
    (query) => {
      expect(postOf('stale-while-revalidate', 'es').title).toContain('Caché');
      expect(slugsFor(query, 'es')).toContain('stale-while-revalidate');
    },
  );

  it.each(['busqueda', 'búsqueda', 'BÚSQUEDA'])('"%s" puts "Búsqueda de texto completo" first', (query) => {
    expect(slugsFor(query, 'es')[0]).toBe('client-side-search');
  });

  it('"cancion" finds the post that writes «canción» in its body', () => {
    expect(postOf('client-side-search', 'es').body).toContain('canción');
    expect(slugsFor('cancion', 'es')).toEqual(['client-side-search']);
  });

  it('folds terms with NFD, drops combining marks and lowercases', () => {
    expect(foldTerm('CANCIÓN')).toBe('cancion');
    expect(foldTerm('cancio\u0301n')).toBe('cancion');
    expect(foldTerm('\u0301')).toBeNull();
  });
});

describe('fields', () => {
  it('a tag name finds the posts with that tag', () => {
    const tagged = data.posts.filter((post) => post.lang === 'en' && post.allTags.includes('vitest'));
    expect(tagged.map((post) => post.slug)).toEqual(['testing-http-handlers']);
    expect(slugsFor('vitest')[0]).toBe('testing-http-handlers');
  });

  it('a hyphenated tag is found by its words', () => {
    expect(slugsFor('rate-limiting')).toEqual(
      expect.arrayContaining(['token-bucket-from-scratch', 'rate-limit-headers']),
    );
  });

  it('a word only in a body finds that post', () => {
    const post = postOf('one-fetch-handler', 'en');
    const outsideBody = `${post.title} ${post.description} ${post.allTags.join(' ')}`.toLowerCase();
    expect(outsideBody).not.toContain('wintertc');
    expect(post.body).toContain('WinterTC');
    expect(slugsFor('wintertc')).toEqual(['one-fetch-handler']);
  });

  it('link addresses are not indexed as words', () => {
    expect(slugsFor('datatracker')).toEqual([]);
  });
});

describe('matching', () => {
  it('a query with no match has no results and a total of 0', () => {
    expect(search({ query: 'xylophone quartz', lang: 'en', limit: 10 })).toEqual({
      query: 'xylophone quartz',
      lang: 'en',
      total: 0,
      results: [],
    });
  });

  it('the last word matches as a prefix', () => {
    expect(slugsFor('revalid')[0]).toBe('stale-while-revalidate');
    expect(slugsFor('token buck')[0]).toBe('token-bucket-from-scratch');
  });

  it('only the last word matches as a prefix', () => {
    expect(slugsFor('zzqqxx revalid')[0]).toBe('stale-while-revalidate');
    expect(slugsFor('revalid zzqqxx')).toEqual([]);
  });

  it('posts with every word come before the fallback to any word', () => {
    const both = search({ query: 'token bucket', lang: 'en', limit: 50 });
    const bucket = search({ query: 'bucket', lang: 'en', limit: 50 });
    expect(both.total).toBeLessThanOrEqual(bucket.total);
    const fallback = search({ query: 'wintertc zzqqxx', lang: 'en', limit: 50 });
    expect(fallback.results.map((result) => result.slug)).toEqual(['one-fetch-handler']);
  });

  it('total counts every match and results hold the top limit', () => {
    const all = search({ query: 'http', lang: 'en', limit: 50 });
    const top = search({ query: 'http', lang: 'en', limit: 3 });
    expect(all.total).toBeGreaterThan(3);
    expect(top.total).toBe(all.total);
    expect(top.results).toEqual(all.results.slice(0, 3));
  });

  it('searches one language at a time', () => {
    expect(slugsFor('validators', 'es')).toEqual([]);
    expect(slugsFor('validadores', 'es')).toContain('etags-and-conditional-requests');
    expect(slugsFor('validators', 'en')).toContain('etags-and-conditional-requests');
  });
});
