/**
 * Ranks posts for a query exactly as MiniSearch 7.2's search() does with SEARCH_OPTIONS, from the
 * postings of the query's terms and the index's statistics alone: BM25+ per field, times the field's
 * boost, summed over the fields and the prefix matches of a term, then over the query's terms
 * (AND, or OR), times the number of query terms a post matched; best first, ties in the order the
 * posts were found. Every sum is made in MiniSearch's order, so scores and ties come out the same.
 */
import { VarintReader } from '../../core/search-codec.ts';
import { BOOSTS, FIELDS, foldTerm, matchesAsPrefix, tokenize } from '../../core/search-index.ts';

/** MiniSearch's defaults: BM25+ parameters, and the weight of a prefix match at distance 0. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const PREFIX_WEIGHT = 0.375;
const FIELD_BOOSTS = FIELDS.map((field) => BOOSTS[field]);

/** What scoring needs beyond postings. */
export interface Statistics {
  documentCount: number;
  averageFieldLength: readonly number[];
  /** The lengths of a field (by its index in FIELDS), by post. */
  fieldLength: readonly FieldLengths[];
}

export type FieldLengths = Uint8Array | Uint16Array | Uint32Array;

/**
 * A term's postings as its shard stores them (src/core/search-index.ts): per field (by index in
 * FIELDS) how many posts have it there, and the postings of every field in turn as varints, each
 * post's number as the gap from the one before, then the term's frequency in it.
 */
export interface TermPostings {
  /** The term's place in MiniSearch's term order, the order its prefix matches are taken in. */
  rank: number;
  counts: readonly number[];
  bytes: Uint8Array;
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
 * Posts with every term, else posts with any, among the `allowed` ones (a flag per post; every post
 * when null): how many there are, and the best `limit` of them.
 * The terms are folded left to right as MiniSearch combines them: a post's score is its terms'
 * scores summed in query order, times the number of distinct query terms it matched. Memory is a
 * few typed arrays of one number per post, however many words the query has; the loops over
 * postings touch nothing else, so a first query runs nearly as fast as later ones.
 */
export function rank(
  statistics: Statistics,
  terms: readonly QueryTerm[],
  source: TermSource,
  limit: number,
  allowed: Uint8Array | null = null,
): { total: number; best: Ranked[] } {
  const posts = statistics.documentCount;
  const order = new Uint32Array(posts);
  const [only] = terms;
  if (terms.length === 1 && only) {
    // One term: its scores are the posts' sums, each matched once, in the order first matched.
    const score = new Float64Array(posts);
    const found = keptIn(order.subarray(0, termMatches(statistics, only, source, score, order)), allowed);
    return { total: found.length, best: best(found, score, null, limit) };
  }
  const sum = new Float64Array(posts);
  const termsMatched = new Uint16Array(posts);
  const distinctMatched = new Uint16Array(posts);
  const termScore = new Float64Array(posts);
  const repeated = repeatedTermFlags(terms, posts);
  /** OR keeps the posts in the order first matched; AND in the order the last term matched them. */
  const firstMatched = new Uint32Array(posts);
  let firstCount = 0;
  let orderCount = 0;
  for (const term of terms) {
    orderCount = termMatches(statistics, term, source, termScore, order);
    const seen = repeated.get(term.term);
    for (let i = 0; i < orderCount; i++) {
      const post = order[i] as number;
      const score = termScore[post] as number;
      termScore[post] = 0;
      if (termsMatched[post] === 0) {
        firstMatched[firstCount++] = post;
        sum[post] = score;
      } else sum[post] = (sum[post] as number) + score;
      termsMatched[post] = (termsMatched[post] as number) + 1;
      if (seen?.[post] === 1) continue;
      if (seen) seen[post] = 1;
      distinctMatched[post] = (distinctMatched[post] as number) + 1;
    }
  }
  let inEvery = 0;
  for (let i = 0; i < orderCount; i++) {
    const post = order[i] as number;
    if (termsMatched[post] === terms.length && (allowed === null || allowed[post] === 1))
      order[inEvery++] = post;
  }
  const found =
    inEvery > 0 ? order.subarray(0, inEvery) : keptIn(firstMatched.subarray(0, firstCount), allowed);
  return { total: found.length, best: best(found, sum, distinctMatched, limit) };
}

/** The allowed posts of `found`, in their order, moved to its front (all of them when `allowed` is null). */
function keptIn(found: Uint32Array, allowed: Uint8Array | null): Uint32Array {
  if (allowed === null) return found;
  let kept = 0;
  for (const post of found) if (allowed[post] === 1) found[kept++] = post;
  return found.subarray(0, kept);
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
 * match), and the posts it matched written to `order` in the order first matched, as MiniSearch's
 * result map has them; returns how many.
 */
function termMatches(
  statistics: Statistics,
  { term, prefix }: QueryTerm,
  source: TermSource,
  score: Float64Array,
  order: Uint32Array,
): number {
  let count = 0;
  const exact = source.exact(term);
  if (exact) count = addMatches(statistics, exact, 1, score, order, count);
  if (prefix)
    for (const [longer, postings] of source.extensions(term)) {
      const distance = longer.length - term.length;
      const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance);
      count = addMatches(statistics, postings, weight, score, order, count);
    }
  return count;
}

/** BM25+ of each posting, as MiniSearch computes it, times the weight and the field's boost. */
function addMatches(
  statistics: Statistics,
  postings: TermPostings,
  weight: number,
  scores: Float64Array,
  order: Uint32Array,
  count: number,
): number {
  const { k, b, d } = BM25;
  const total = statistics.documentCount;
  const reader = new VarintReader(postings.bytes);
  for (const [field, boost] of FIELD_BOOSTS.entries()) {
    const matching = postings.counts[field] as number;
    if (matching === 0) continue;
    const length = statistics.fieldLength[field] as FieldLengths;
    const average = statistics.averageFieldLength[field] as number;
    const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
    const scale = weight * boost;
    let post = 0;
    for (let n = 0; n < matching; n++) {
      post += reader.next();
      const frequency = reader.next();
      const lengthFactor = 1 - b + (b * (length[post] as number)) / average;
      const score = scale * (inverseFrequency * (d + (frequency * (k + 1)) / (frequency + k * lengthFactor)));
      const known = scores[post] as number;
      if (known === 0) order[count++] = post;
      scores[post] = known + score;
    }
  }
  return count;
}

/** Past this many, the best are taken by one stable sort of every match rather than by insertion. */
const INSERTED_AT_MOST = 64;

/**
 * The first `limit` of the posts stably sorted by score (the sum of their terms' scores times the
 * distinct terms they matched, 1 when `distinct` is null): for a page of results, without sorting
 * them all; deeper (a continuation), by sorting them, so a deep page costs a sort, not limit × matches.
 */
function best(found: Uint32Array, sum: Float64Array, distinct: Uint16Array | null, limit: number): Ranked[] {
  const scoreOf = (post: number) =>
    distinct ? (sum[post] as number) * (distinct[post] as number) : (sum[post] as number);
  if (limit > INSERTED_AT_MOST) {
    const all = Array.from(found, (post): Ranked => ({ post, score: scoreOf(post) }));
    return all.sort((a, b) => b.score - a.score).slice(0, limit);
  }
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
