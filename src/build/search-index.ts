/**
 * Build time: each language's posts indexed as MiniSearch indexes them, written as the files the
 * run time searches: a head, term shards and the shown fields of posts in chunks
 * (src/core/search-index.ts).
 */
import SearchableMap from 'minisearch/SearchableMap';
import { searchFilterKey, searchHeadKey, searchPostsKey, searchTermsKey } from '../core/deployment.ts';
import { framed, VarintWriter } from '../core/search-codec.ts';
import {
  FIELDS,
  FILTER_KINDS,
  type FilterKind,
  firstCodePoints,
  foldTerm,
  type IndexedPost,
  type LengthWidth,
  type SearchHead,
  type ShardTerm,
  type StoredPost,
  tokenize,
} from '../core/search-index.ts';
import type { PostRecord, SiteData } from './data/types.ts';

/** Link targets and bare URLs are addresses, not words of the post. */
function bodyText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
}

function toIndexedPost(post: PostRecord<string>, markdown: string, baseUrl: string): IndexedPost {
  return {
    id: post.id,
    title: post.title,
    tags: [...post.allTags, ...post.keywords].join(' '),
    description: post.description,
    body: bodyText(markdown),
    slug: post.slug,
    pubDate: post.pubDate,
    tagList: post.allTags,
    series: post.series,
    url: baseUrl + post.path,
  };
}

/** Posts repeat their words, so the build folds each distinct word once. */
function memoized(fold: typeof foldTerm): typeof foldTerm {
  const folded = new Map<string, string | null>();
  return (term) => {
    let result = folded.get(term);
    if (result === undefined) {
      result = fold(term);
      folded.set(term, result);
    }
    return result;
  };
}

/**
 * What the index holds of each post, by language, in order: plain data, so another thread can
 * index it. Each language's may be made as it is read (`streamedDocuments`), and read more than once.
 */
export type SearchDocuments = Readonly<Record<string, Iterable<IndexedPost>>>;

/** Every language's documents, made now. */
export function searchDocuments(data: SiteData<string>, baseUrl: string): Record<string, IndexedPost[]> {
  return Object.fromEntries(
    Object.entries(streamedDocuments(data, baseUrl)).map(([lang, posts]) => [lang, [...posts]]),
  );
}

/** Every language's documents, each made as it is read: a large blog's are never all in memory. */
export function streamedDocuments(data: SiteData<string>, baseUrl: string): SearchDocuments {
  const documentsIn = (lang: string): Iterable<IndexedPost> => ({
    *[Symbol.iterator]() {
      for (const post of data.posts)
        if (post.lang === lang) yield toIndexedPost(post, data.bodies.markdown(post), baseUrl);
    },
  });
  return Object.fromEntries(data.site.languages.map((lang) => [lang, documentsIn(lang)]));
}

/** A file of the index: its body key and its bytes (bytes, so another thread can hand them over without a copy). */
export type SearchFile = [key: string, bytes: Uint8Array<ArrayBuffer>];

const encoder = new TextEncoder();

/** A shard grows to about this many bytes before its terms are split by one more character. */
const SHARD_BYTES = 128 * 1024;

/** Each language's index files (src/core/search-index.ts says what they hold). */
export function searchIndexFiles(
  documents: SearchDocuments,
  shardBytes = SHARD_BYTES,
): Record<string, SearchFile[]> {
  return Object.fromEntries(
    Object.entries(documents).map(([lang, posts]) => {
      const index = languageIndex(lang, shardBytes);
      for (const post of posts) index.add(post);
      return [lang, index.files()];
    }),
  );
}

/** Each language's index files, or the promise of them: a language's can be written as soon as they are made. */
export type SearchIndexes = Readonly<Record<string, SearchFile[] | Promise<SearchFile[]>>>;

/** How the build turns the documents into index files: here, or on another thread. */
export type SearchIndexer = (documents: SearchDocuments) => SearchIndexes;

/** Posts per stored chunk: a page of results reads a few small chunks. */
const POSTS_PER_CHUNK = 64;

/** A term's postings in each field (FIELDS order). */
type Postings = (PostingList | undefined)[];

/**
 * A term's postings in one field, encoded as they are counted, as the shard stores them (each
 * post's number as the gap from the one before, then the term's frequency in it): about 2 bytes a
 * posting, where post numbers and frequencies in a typed array took 8. At 100,000 posts the
 * postings are most of the index while it is made. Only the last post's count is still open.
 */
class PostingList {
  #stored = new VarintWriter(16);
  #posts = 0;
  /** The post before the last one counted (0 before the second), which the last one's gap is from. */
  #previous = 0;
  #last = -1;
  #frequency = 0;

  /** Counts one occurrence in post `n`, the last post counted or a later one. */
  count(n: number): void {
    if (n === this.#last) {
      this.#frequency++;
      return;
    }
    if (this.#last >= 0) {
      this.#stored.write(this.#last - this.#previous);
      this.#stored.write(this.#frequency);
      this.#previous = this.#last;
    }
    this.#last = n;
    this.#frequency = 1;
    this.#posts++;
  }

  /** How many posts have the term. */
  get posts(): number {
    return this.#posts;
  }

  writeTo(writer: VarintWriter): void {
    writer.append(this.#stored);
    if (this.#last < 0) return;
    writer.write(this.#last - this.#previous);
    writer.write(this.#frequency);
  }
}

/**
 * One language's index, its posts added in order, made as MiniSearch 7.2's add() makes it with
 * SEARCH_OPTIONS: each field's length in distinct words, their running mean, and each term's
 * postings, its terms in the order of MiniSearch's own radix tree (the order prefix matches are
 * taken in, at run time as in MiniSearch). Its postings are typed arrays rather than
 * MiniSearch's maps.
 * Only what results show of each post is kept of the posts.
 */
export function languageIndex(lang: string, shardBytes = SHARD_BYTES) {
  const fold = memoized(foldTerm);
  const postingsOf = new Map<string, Postings>();
  /** The terms in MiniSearch's tree, where a term goes the first time it is seen, as MiniSearch adds it. */
  const order = new SearchableMap<Postings>();
  const averageFieldLength = FIELDS.map(() => 0);
  const fieldLength = FIELDS.map((): number[] => []);
  const shown: StoredPost[] = [];
  const filters = postsByFilter();
  return {
    add(post: IndexedPost): void {
      const n = shown.length;
      shown.push(storedPost(post));
      filters.add(n, post);
      for (const [field, name] of FIELDS.entries()) {
        const tokens = tokenize(post[name]);
        const length = new Set(tokens).size;
        fieldLength[field]?.push(length);
        averageFieldLength[field] = ((averageFieldLength[field] as number) * n + length) / (n + 1);
        for (const token of tokens) {
          const term = fold(token);
          if (term === null) continue;
          let postings = postingsOf.get(term);
          if (!postings) {
            postings = [];
            postingsOf.set(term, postings);
            order.set(term, postings);
          }
          postings[field] ??= new PostingList();
          postings[field].count(n);
        }
      }
    },
    files(): SearchFile[] {
      const entries = Array.from(order, ([term, postings], rank) => sizedEntry(term, rank, postings));
      const shards = partition(entries, 1, shardBytes).sort(([a], [b]) => (a < b ? -1 : 1));
      const lengths = fieldLength.map(packed);
      const head: SearchHead = {
        documentCount: shown.length,
        averageFieldLength,
        fieldLengthWidth: lengths.map(({ width }) => width),
        shards: shards.map(([key]) => key),
        postsPerChunk: POSTS_PER_CHUNK,
        filters: filters.names(),
      };
      const files: SearchFile[] = [
        [
          searchHeadKey(lang),
          framed(
            head,
            lengths.map(({ bytes }) => bytes),
          ),
        ],
      ];
      for (const [i, [, shard]] of shards.entries())
        files.push([
          searchTermsKey(lang, i),
          framed(
            shard.map(({ term }) => term),
            shard.map(({ postings }) => postings),
          ),
        ]);
      for (let first = 0; first < shown.length; first += POSTS_PER_CHUNK) {
        const chunk = shown.slice(first, first + POSTS_PER_CHUNK);
        files.push([searchPostsKey(lang, first / POSTS_PER_CHUNK), encoder.encode(JSON.stringify(chunk))]);
      }
      for (const [kind, n, bytes] of filters.files()) files.push([searchFilterKey(lang, kind, n), bytes]);
      return files;
    },
  };
}

/** The posts of each tag and series, by number as they are added (ascending), as their filter files store them. */
function postsByFilter() {
  const lists: Record<FilterKind, Map<string, { writer: VarintWriter; last: number }>> = {
    tag: new Map(),
    series: new Map(),
  };
  const count = (kind: FilterKind, name: string, n: number) => {
    let list = lists[kind].get(name);
    if (!list) {
      list = { writer: new VarintWriter(16), last: 0 };
      lists[kind].set(name, list);
    }
    list.writer.write(n - list.last);
    list.last = n;
  };
  const sorted = (kind: FilterKind) => [...lists[kind].keys()].sort();
  return {
    add(n: number, post: IndexedPost): void {
      for (const tag of new Set(post.tagList)) count('tag', tag, n);
      if (post.series !== null) count('series', post.series, n);
    },
    names: (): Record<FilterKind, string[]> => ({ tag: sorted('tag'), series: sorted('series') }),
    *files(): Iterable<[FilterKind, number, Uint8Array<ArrayBuffer>]> {
      for (const kind of FILTER_KINDS)
        for (const [n, name] of sorted(kind).entries())
          yield [kind, n, (lists[kind].get(name) as { writer: VarintWriter }).writer.bytes()];
    },
  };
}

/** A term as its shard lists it, its postings encoded, and the bytes it adds to a shard. */
interface SizedEntry {
  term: ShardTerm;
  postings: Uint8Array;
  size: number;
}

function sizedEntry(term: string, rank: number, postings: Postings): SizedEntry {
  const writer = new VarintWriter();
  for (const list of postings) list?.writeTo(writer);
  const counts = FIELDS.map((_, field) => postings[field]?.posts ?? 0);
  const listed: ShardTerm = [term, rank, writer.length, ...counts];
  return { term: listed, postings: writer.bytes(), size: JSON.stringify(listed).length + 1 + writer.length };
}

/**
 * Groups terms by their first `depth` code points; a group over `bytes` keeps only the term that
 * equals its key and splits the rest by one more code point. So every term is in the shard of the
 * longest key that begins it.
 */
function partition(
  entries: SizedEntry[],
  depth: number,
  bytes: number,
): [key: string, shard: SizedEntry[]][] {
  const groups = new Map<string, SizedEntry[]>();
  for (const entry of entries) {
    const key = firstCodePoints(entry.term[0], depth);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups].flatMap(([key, group]): [string, SizedEntry[]][] => {
    if (group.reduce((size, entry) => size + entry.size, 0) <= bytes) return [[key, group]];
    const itself = group.filter((entry) => entry.term[0] === key);
    const longer = partition(
      group.filter((entry) => entry.term[0] !== key),
      depth + 1,
      bytes,
    );
    return itself.length > 0 ? [[key, itself], ...longer] : longer;
  });
}

/** Unsigned integers, little-endian, each in as few bytes as the largest needs. */
function packed(values: number[]): { width: LengthWidth; bytes: Uint8Array } {
  const largest = values.reduce((max, value) => Math.max(max, value), 0);
  const width = largest < 0x100 ? 1 : largest < 0x10000 ? 2 : 4;
  const bytes = Buffer.alloc(values.length * width);
  for (const [i, value] of values.entries()) bytes.writeUIntLE(value, i * width, width);
  return { width, bytes };
}

function storedPost(post: IndexedPost): StoredPost {
  return [post.slug, post.title, post.description, post.pubDate, post.tagList, post.url];
}
