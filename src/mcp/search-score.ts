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

/** A post's score so far and the distinct query terms it matched. */
interface Found {
  score: number;
  terms: readonly string[];
}
type Matches = Map<number, Found>;

export interface Ranked {
  post: number;
  score: number;
}

/** Posts with every term, else posts with any: how many there are, and the best `limit` of them. */
export function rank(
  statistics: Statistics,
  terms: readonly QueryTerm[],
  source: TermSource,
  limit: number,
): { total: number; best: Ranked[] } {
  const perTerm = terms.map((term) => termMatches(statistics, term, source));
  let found = combined(perTerm, both);
  if (found.size === 0) found = combined(perTerm, either);
  return { total: found.size, best: best(found, limit) };
}

function termMatches(statistics: Statistics, { term, prefix }: QueryTerm, source: TermSource): Matches {
  const matches: Matches = new Map();
  const exact = source.exact(term);
  if (exact) addMatches(statistics, term, exact, 1, matches);
  if (prefix)
    for (const [longer, postings] of source.extensions(term)) {
      const distance = longer.length - term.length;
      const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance);
      addMatches(statistics, term, postings, weight, matches);
    }
  return matches;
}

function addMatches(
  statistics: Statistics,
  queryTerm: string,
  postings: TermPostings,
  weight: number,
  matches: Matches,
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
      const known = matches.get(post);
      if (known) known.score += score;
      else matches.set(post, { score, terms: [queryTerm] });
    }
  }
}

function bm25(frequency: number, matching: number, total: number, length: number, average: number) {
  const { k, b, d } = BM25;
  const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return inverseFrequency * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
}

function joined(a: Found, b: Found): Found {
  return { score: a.score + b.score, terms: [...new Set([...a.terms, ...b.terms])] };
}

/** OR: every post of either, those of `a` first. */
function either(a: Matches, b: Matches): Matches {
  const out = new Map(a);
  for (const [post, found] of b) {
    const known = out.get(post);
    out.set(post, known ? joined(known, found) : found);
  }
  return out;
}

/** AND: the posts in both, in the order of `b`. */
function both(a: Matches, b: Matches): Matches {
  const out: Matches = new Map();
  for (const [post, found] of b) {
    const known = a.get(post);
    if (known) out.set(post, joined(known, found));
  }
  return out;
}

function combined(perTerm: Matches[], combine: (a: Matches, b: Matches) => Matches): Matches {
  return perTerm.length === 0 ? new Map() : perTerm.reduce(combine);
}

/** The first `limit` of the posts stably sorted by score, without sorting them all. */
function best(found: Matches, limit: number): Ranked[] {
  const top: Ranked[] = [];
  for (const [post, { score: sum, terms }] of found) {
    const score = sum * terms.length;
    if (top.length === limit && score <= (top[limit - 1] as Ranked).score) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as Ranked).score < score) at--;
    top.splice(at, 0, { post, score });
    if (top.length > limit) top.pop();
  }
  return top;
}
