/**
 * Compiles the scorer before the first real query needs it. Until V8 has optimized the loops of
 * search-score.ts, they run interpreted: a common word over 50,000 posts then takes three to five
 * times as long, and every number it works out is a small object the collector must sweep. A long-
 * lived server runs this once, after its first answer: a few searches of an index made in memory,
 * one per turn of the event loop, so requests that come meanwhile wait for one search at most.
 */
import { framed, VarintWriter } from '../core/search-codec.ts';
import { FIELDS, type LengthWidth, type ShardTerm } from '../core/search-index.ts';
import { parseHead, parseShard, termSource } from '../runtime/search/search-files.ts';
import { queryTerms, type Ranked, rank } from '../runtime/search/search-score.ts';

/** Posts of the made-up index: enough postings per search for V8 to optimize the loops that read them. */
const WARM_POSTS = 3_000;
/** Its words: a term in every post, a longer one (a prefix match of the first) and one in every other. */
const WARM_TERMS = [
  { term: 'a', every: 1 },
  { term: 'ab', every: 3 },
  { term: 'b', every: 2 },
] as const;
/** One word and two words: the two ways rank() combines postings, each searched a few times. */
const WARM_QUERIES = ['a', 'a', 'a', 'b a', 'a', 'b a', 'b a', 'b a', 'a', 'b a'];

export interface WarmAnswer {
  query: string;
  total: number;
  best: Ranked[];
}

/** Runs the searches, one per turn; resolves with each one's number of matches and best posts. */
export async function warmSearch(): Promise<WarmAnswer[]> {
  const head = parseHead(warmHead());
  const shard = parseShard(warmShard());
  const source = termSource(
    head,
    new Map([
      [0, shard],
      [1, shard],
    ]),
  );
  const answers: WarmAnswer[] = [];
  for (const query of WARM_QUERIES) {
    await nextTurn();
    answers.push({ query, ...rank(head, queryTerms(query), source, 10) });
  }
  return answers;
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Fields whose lengths take one, two and four bytes, so the scorer has met every kind of length
 * array a real head may hold before it reads one (one it has not met would undo its compiling).
 */
const WARM_WIDTHS: readonly LengthWidth[] = [1, 4, 1, 2];

function warmHead(): Uint8Array {
  const fieldLengthWidth = [...WARM_WIDTHS];
  const lengths = fieldLengthWidth.map((width, field) =>
    new Uint8Array(width * WARM_POSTS).map((_, i) => (i * 7 + field) % 50),
  );
  return framed(
    {
      documentCount: WARM_POSTS,
      // Fractions, as a real head's means are: an array of whole numbers is another kind to V8.
      averageFieldLength: FIELDS.map((_, field) => 20.5 + field),
      fieldLengthWidth,
      shards: ['a', 'b'],
      postsPerChunk: WARM_POSTS,
      filters: { tag: [], series: [] },
    },
    lengths,
  );
}

/** The one shard file of both keys: every word, each in every field of every `every`th post. */
function warmShard(): Uint8Array {
  const listed: ShardTerm[] = [];
  const payload: Uint8Array[] = [];
  for (const [rank, { term, every }] of WARM_TERMS.entries()) {
    const postings = new VarintWriter();
    const count = Math.ceil(WARM_POSTS / every);
    for (const _field of FIELDS)
      for (let post = 0; post < WARM_POSTS; post += every) {
        postings.write(post === 0 ? 0 : every);
        postings.write(1 + (post % 5));
      }
    listed.push([term, rank, postings.length, ...FIELDS.map(() => count)]);
    payload.push(postings.bytes());
  }
  return framed(listed, payload);
}
