/**
 * Ranks posts for a query exactly as MiniSearch 7.2's search() does with SEARCH_OPTIONS, from the
 * postings of the query's terms and the index's statistics alone: BM25+ per field, times the field's
 * boost, summed over the fields and the prefix matches of a term, then over the query's terms
 * (AND, or OR), times the number of query terms a post matched; best first, ties in the order the
 * posts were found. Every sum is made in MiniSearch's order, so scores and ties come out the same.
 */
import { BOOSTS, FIELDS, foldTerm, matchesAsPrefix, tokenize } from '../core/search-index.ts';

/** MiniSearch's defaults: BM25+ parameters, and the weight of a prefix match at distance 0. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const PREFIX_WEIGHT = 0.375;
const FIELD_BOOSTS = FIELDS.map((field) => BOOSTS[field]);

/** What scoring needs beyond postings. */
export interface Statistics {
  documentCount: number;
  averageFieldLength: readonly number[];
  /** The length of a field (by its index in FIELDS) in a post. */
  fieldLength: readonly ((post: number) => number)[];
}

/** A term's postings per field (by index in FIELDS): post numbers and frequencies in turn, or null. */
export interface TermPostings {
  /** The term's place in MiniSearch's term order, the order its prefix matches are taken in. */
  rank: number;
  fields: readonly (Uint32Array | null)[];
}

/** Where the scorer finds terms: the exact one, and those it begins in term order (without itself). */
export interface TermSource {
  exact(term: string): TermPostings | undefined;
  extensions(prefix: string): Iterable<[term: string, postings: TermPostings]>;
}

export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/** The query's folded terms in order, each saying whether it also matches as a prefix. */
export function queryTerms(query: string): QueryTerm[] {
  const terms = tokenize(query)
    .map(foldTerm)
    .filter((term): term is string => term !== null);
  return terms.map((term, i) => ({ term, prefix: matchesAsPrefix(term, i, terms) }));
}

export interface Ranked {
  post: number;
  score: number;
}

/**
 * Posts with every term, else posts with any: how many there are, and the best `limit` of them.
 * The terms are folded left to right as MiniSearch combines them: a post's score is its terms'
 * scores summed in query order, times the number of distinct query terms it matched. Memory is a
 * few arrays of one number per post, however many words the query has.
 */
export function rank(
  statistics: Statistics,
  terms: readonly QueryTerm[],
  source: TermSource,
  limit: number,
): { total: number; best: Ranked[] } {
  const posts = statistics.documentCount;
  const sum = new Float64Array(posts);
  const termsMatched = new Uint16Array(posts);
  const distinctMatched = new Uint16Array(posts);
  const termScore = new Float64Array(posts);
  const repeated = repeatedTermFlags(terms, posts);
  /** OR keeps the posts in the order first matched; AND in the order the last term matched them. */
  const firstMatched: number[] = [];
  let lastMatched: number[] = [];
  for (const term of terms) {
    const order = termMatches(statistics, term, source, termScore);
    const seen = repeated.get(term.term);
    for (const post of order) {
      const score = termScore[post] as number;
      termScore[post] = 0;
      if (termsMatched[post] === 0) {
        firstMatched.push(post);
        sum[post] = score;
      } else sum[post] = (sum[post] as number) + score;
      termsMatched[post] = (termsMatched[post] as number) + 1;
      if (seen?.[post] === 1) continue;
      if (seen) seen[post] = 1;
      distinctMatched[post] = (distinctMatched[post] as number) + 1;
    }
    lastMatched = order;
  }
  const inEvery = lastMatched.filter((post) => termsMatched[post] === terms.length);
  const found = inEvery.length > 0 ? inEvery : firstMatched;
  const scoreOf = (post: number) => (sum[post] as number) * (distinctMatched[post] as number);
  return { total: found.length, best: best(found, scoreOf, limit) };
}

/** For each word the query gives more than once, which posts it already counted for. */
function repeatedTermFlags(terms: readonly QueryTerm[], posts: number): Map<string, Uint8Array> {
  const flags = new Map<string, Uint8Array>();
  for (const [i, { term }] of terms.entries())
    if (!flags.has(term) && terms.some((other, j) => j > i && other.term === term))
      flags.set(term, new Uint8Array(posts));
  return flags;
}

/**
 * One query term's scores, added into `score` (all 0 before; BM25+ is never 0, so 0 is no
 * match), and the posts it matched in the order first matched, as MiniSearch's result map has them.
 */
function termMatches(
  statistics: Statistics,
  { term, prefix }: QueryTerm,
  source: TermSource,
  score: Float64Array,
): number[] {
  const order: number[] = [];
  const exact = source.exact(term);
  if (exact) addMatches(statistics, exact, 1, score, order);
  if (prefix)
    for (const [longer, postings] of source.extensions(term)) {
      const distance = longer.length - term.length;
      const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance);
      addMatches(statistics, postings, weight, score, order);
    }
  return order;
}

function addMatches(
  statistics: Statistics,
  postings: TermPostings,
  weight: number,
  scores: Float64Array,
  order: number[],
) {
  for (const [field, boost] of FIELD_BOOSTS.entries()) {
    const list = postings.fields[field];
    if (!list) continue;
    const length = statistics.fieldLength[field] as (post: number) => number;
    const average = statistics.averageFieldLength[field] as number;
    const matching = list.length / 2;
    for (let i = 0; i < list.length; i += 2) {
      const post = list[i] as number;
      const raw = bm25(list[i + 1] as number, matching, statistics.documentCount, length(post), average);
      const score = weight * boost * raw;
      const known = scores[post] as number;
      if (known === 0) order.push(post);
      scores[post] = known + score;
    }
  }
}

function bm25(frequency: number, matching: number, total: number, length: number, average: number) {
  const { k, b, d } = BM25;
  const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return inverseFrequency * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
}

/** The first `limit` of the posts stably sorted by score, without sorting them all. */
function best(found: number[], scoreOf: (post: number) => number, limit: number): Ranked[] {
  const top: Ranked[] = [];
  for (const post of found) {
    const score = scoreOf(post);
    if (top.length === limit && score <= (top[limit - 1] as Ranked).score) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as Ranked).score < score) at--;
    top.splice(at, 0, { post, score });
    if (top.length > limit) top.pop();
  }
  return top;
}
