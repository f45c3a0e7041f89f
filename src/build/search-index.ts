/**
 * Build time: each language's posts indexed by MiniSearch, written as the files the run time
 * searches: a head, term shards and the shown fields of posts in chunks (src/core/search-index.ts).
 */
import MiniSearch from 'minisearch';
import { searchHeadKey, searchPostsKey, searchTermsKey } from '../core/deployment.ts';
import {
  FIELDS,
  firstCodePoints,
  foldTerm,
  type IndexedPost,
  type PackedLengths,
  SEARCH_OPTIONS,
  type SearchHead,
  type ShardEntry,
  type StoredPost,
} from '../core/search-index.ts';
import type { PostRecord } from './data/types.ts';

/** Link targets and bare URLs are addresses, not words of the post. */
function bodyText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
}

function toIndexedPost(post: PostRecord<string>, baseUrl: string): IndexedPost {
  return {
    id: post.id,
    title: post.title,
    tags: post.allTags.join(' '),
    description: post.description,
    body: bodyText(post.body),
    slug: post.slug,
    pubDate: post.pubDate,
    tagList: post.allTags,
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

/** What the index holds of each post, by language: plain data, so another thread can index it. */
export type SearchDocuments = Record<string, IndexedPost[]>;

export function searchDocuments<L extends string>(
  posts: readonly PostRecord<L>[],
  languages: readonly L[],
  baseUrl: string,
): SearchDocuments {
  return Object.fromEntries(
    languages.map((lang) => [
      lang,
      posts.filter((post) => post.lang === lang).map((post) => toIndexedPost(post, baseUrl)),
    ]),
  );
}

/** A file of the index: its body key and its text. */
export type SearchFile = [key: string, text: string];

/** A shard grows to about this many bytes before its terms are split by one more character. */
const SHARD_BYTES = 128 * 1024;

/** Each language's index files (src/core/search-index.ts says what they hold). */
export function searchIndexFiles(
  documents: SearchDocuments,
  shardBytes = SHARD_BYTES,
): Record<string, SearchFile[]> {
  return Object.fromEntries(
    Object.entries(documents).map(([lang, posts]) => [lang, languageFiles(lang, posts, shardBytes)]),
  );
}

/** How the build turns the documents into index files: here, or on another thread. */
export type SearchIndexer = (
  documents: SearchDocuments,
) => Record<string, SearchFile[]> | Promise<Record<string, SearchFile[]>>;

/** Posts per stored chunk: a page of results reads a few small chunks. */
const POSTS_PER_CHUNK = 64;

/** MiniSearch indexes the posts; its postings, statistics and term order are written out as files. */
function languageFiles(lang: string, posts: IndexedPost[], shardBytes: number): SearchFile[] {
  const index = new MiniSearch<IndexedPost>({ ...SEARCH_OPTIONS, processTerm: memoized(foldTerm) });
  index.addAll(posts);
  const { index: terms, fieldIds, fieldLength, averageFieldLength, documentCount } = index.toJSON();
  const entries = terms.map(([term, fields], rank) => sizedEntry(term, rank, fields, fieldIds));
  const shards = partition(entries, 1, shardBytes).sort(([a], [b]) => (a < b ? -1 : 1));
  const head: SearchHead = {
    documentCount,
    averageFieldLength: FIELDS.map((field) => averageFieldLength[fieldIds[field] as number] as number),
    fieldLength: FIELDS.map((field) =>
      packed(posts.map((_, n) => fieldLength[n]?.[fieldIds[field] as number] ?? 0)),
    ),
    shards: shards.map(([key]) => key),
    postsPerChunk: POSTS_PER_CHUNK,
  };
  const files: SearchFile[] = [[searchHeadKey(lang), JSON.stringify(head)]];
  for (const [i, [, shard]] of shards.entries())
    files.push([searchTermsKey(lang, i), `[${shard.map((entry) => entry.text).join(',')}]`]);
  for (let first = 0; first < posts.length; first += POSTS_PER_CHUNK) {
    const chunk = posts.slice(first, first + POSTS_PER_CHUNK).map(storedPost);
    files.push([searchPostsKey(lang, first / POSTS_PER_CHUNK), JSON.stringify(chunk)]);
  }
  return files;
}

/** A term's shard entry as JSON, with the term kept to partition by. */
interface SizedEntry {
  term: string;
  text: string;
}

function sizedEntry(
  term: string,
  rank: number,
  fields: Record<string, Record<string, number>>,
  fieldIds: Record<string, number>,
): SizedEntry {
  const postings = FIELDS.map((field) => {
    const frequencies = fields[fieldIds[field] as number];
    return frequencies ? gapsAndFrequencies(frequencies) : 0;
  });
  const entry: ShardEntry = [term, rank, ...postings];
  return { term, text: JSON.stringify(entry) };
}

/** Post numbers ascending (integer keys enumerate so) as gaps, each followed by its frequency. */
function gapsAndFrequencies(frequencies: Record<string, number>): number[] {
  const postings: number[] = [];
  let previous = 0;
  for (const [post, frequency] of Object.entries(frequencies)) {
    postings.push(Number(post) - previous, frequency);
    previous = Number(post);
  }
  return postings;
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
    const key = firstCodePoints(entry.term, depth);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups].flatMap(([key, group]): [string, SizedEntry[]][] => {
    if (group.reduce((size, entry) => size + entry.text.length, 0) <= bytes) return [[key, group]];
    const itself = group.filter((entry) => entry.term === key);
    const longer = partition(
      group.filter((entry) => entry.term !== key),
      depth + 1,
      bytes,
    );
    return itself.length > 0 ? [[key, itself], ...longer] : longer;
  });
}

/** Unsigned integers, little-endian, each in as few bytes as the largest needs. */
function packed(values: number[]): PackedLengths {
  const largest = values.reduce((max, value) => Math.max(max, value), 0);
  const width = largest < 0x100 ? 1 : largest < 0x10000 ? 2 : 4;
  const bytes = Buffer.alloc(values.length * width);
  for (const [i, value] of values.entries()) bytes.writeUIntLE(value, i * width, width);
  return { width, base64: bytes.toString('base64') };
}

function storedPost(post: IndexedPost): StoredPost {
  return [post.slug, post.title, post.description, post.pubDate, post.tagList, post.url];
}
