/**
 * Ranks posts for a query exactly as MiniSearch 7.2's search() does with SEARCH_OPTIONS, from the
 * postings of the query's terms and the index's statistics alone: BM25+ per field, times the field's
 * boost, summed over the fields and the prefix matches of a term, then over the query's terms
 * (AND, or OR), times the number of query terms a post matched; best first, ties in the order the
 * posts were found. Every sum is made in MiniSearch's order, so scores and ties come out the same.
 */
import { BOOSTS, FIELDS, foldTerm, matchesAsPrefix, tokenize } from './search-index.ts';

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

/**
 * One query term's matches: each post's score (BM25+ is never 0, so 0 is no match) and the posts
 * in the order they were first matched, the order MiniSearch's result map has them in.
 */
interface TermMatches {
  term: string;
  score: Float64Array;
  order: number[];
}

export interface Ranked {
  post: number;
  score: number;
}

/**
 * Posts with every term, else posts with any: how many there are, and the best `limit` of them.
 * A post's score is its terms' scores summed in query order (MiniSearch combines left to right),
 * times the number of distinct query terms it matched.
 */
export function rank(
  statistics: Statistics,
  terms: readonly QueryTerm[],
  source: TermSource,
  limit: number,
): { total: number; best: Ranked[] } {
  const perTerm = terms.map((term) => termMatches(statistics, term, source));
  let found = inEvery(perTerm);
  if (found.length === 0) found = inAny(perTerm, statistics.documentCount);
  const distinct = distinctTermsOf(perTerm);
  const scoreOf = (post: number) => combinedScore(perTerm, post) * distinct(post);
  return { total: found.length, best: best(found, scoreOf, limit) };
}

function termMatches(statistics: Statistics, { term, prefix }: QueryTerm, source: TermSource): TermMatches {
  const matches: TermMatches = { term, score: new Float64Array(statistics.documentCount), order: [] };
  const exact = source.exact(term);
  if (exact) addMatches(statistics, exact, 1, matches);
  if (prefix)
    for (const [longer, postings] of source.extensions(term)) {
      const distance = longer.length - term.length;
      const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance);
      addMatches(statistics, postings, weight, matches);
    }
  return matches;
}

function addMatches(statistics: Statistics, postings: TermPostings, weight: number, matches: TermMatches) {
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
      const known = matches.score[post] as number;
      if (known === 0) matches.order.push(post);
      matches.score[post] = known + score;
    }
  }
}

function bm25(frequency: number, matching: number, total: number, length: number, average: number) {
  const { k, b, d } = BM25;
  const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return inverseFrequency * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
}

/** AND: the posts every term matched, in the order of the last term (MiniSearch keeps the right side's). */
function inEvery(perTerm: TermMatches[]): number[] {
  const last = perTerm.at(-1);
  if (!last) return [];
  return last.order.filter((post) => perTerm.every(({ score }) => (score[post] as number) > 0));
}

/** OR: the posts any term matched, in the order first matched, term by term. */
function inAny(perTerm: TermMatches[], documentCount: number): number[] {
  const seen = new Uint8Array(documentCount);
  const found: number[] = [];
  for (const { order } of perTerm)
    for (const post of order)
      if (seen[post] === 0) {
        seen[post] = 1;
        found.push(post);
      }
  return found;
}

function combinedScore(perTerm: TermMatches[], post: number): number {
  let sum: number | undefined;
  for (const { score } of perTerm) {
    const value = score[post] as number;
    if (value > 0) sum = sum === undefined ? value : sum + value;
  }
  return sum as number;
}

/** How many distinct query terms a post matched (a word given twice counts once). */
function distinctTermsOf(perTerm: TermMatches[]): (post: number) => number {
  const firstOfTerm = perTerm.map(({ term }) => perTerm.findIndex((other) => other.term === term));
  const counted = new Uint8Array(perTerm.length);
  return (post) => {
    counted.fill(0);
    let distinct = 0;
    for (const [i, { score }] of perTerm.entries()) {
      const first = firstOfTerm[i] as number;
      if ((score[post] as number) > 0 && counted[first] === 0) {
        counted[first] = 1;
        distinct++;
      }
    }
    return distinct;
  };
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
