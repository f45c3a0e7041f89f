/**
 * llms-full.txt: every published post of one language in full, one Markdown twin after another,
 * the first language's at `/llms-full.txt`, each other's at `/<lang>/llms-full.txt`. A language
 * whose corpus passes LLMS_FULL_PART_BYTES goes on in numbered parts (`/llms-full-2.txt`,
 * `/es/llms-full-2.txt`), so no file an agent is sent to grows with the blog. Every part opens
 * with the site and author profile and ends with a link to the next part; each post is in
 * exactly one part. The parts are written as the posts' twins are made, and llms.txt and the
 * language's llms index, written after them, link every part with its size.
 */
import { languageName } from '../../core/languages.ts';
import { inLanguage } from '../content/authors.ts';
import type { Lang, SiteData } from '../data/types.ts';
import { siteLinks } from './links.ts';

/** Where a language's corpus is cut into parts: no part passes it, unless one post alone does. */
export const LLMS_FULL_PART_BYTES = 2_000_000;
/** Room kept in each part for the link to the next one. */
const NEXT_LINK_BYTES = 1_000;
/** Markdown in the languages of a blog comes to about this many bytes per token of a model's tokenizer. */
const BYTES_PER_TOKEN = 4;

/** One part of a language's corpus as written: where it is served, its size, and how many posts it holds. */
export interface LlmsFullPart {
  path: string;
  bytes: number;
  posts: number;
}

/** Every part written, by language, in order; a language missing here has none of Folio's (its owner's file is served). */
export type LlmsFullParts = ReadonlyMap<Lang, readonly LlmsFullPart[]>;

/** A part's body as it is written (src/build/body-sink.ts's growing body). */
export interface GrowingText {
  add(text: string): Promise<void>;
  end(): Promise<void>;
}

/** `/llms-full.txt`, `/llms-full-2.txt`, `/es/llms-full.txt`, `/es/llms-full-3.txt`. */
export function llmsFullPath(languages: readonly Lang[], lang: Lang, part = 1): string {
  return `${siteLinks(languages).langRoot(lang)}llms-full${part === 1 ? '' : `-${part}`}.txt`;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).byteLength;

/** Who writes the blog, what they do and where else they are, in one line; their bio in `lang` after it. */
export function authorLine(data: SiteData, lang: Lang): string {
  const { author } = data.site;
  const role = inLanguage(author.role, lang);
  const bio = inLanguage(author.bio, lang);
  const profiles = author.sameAs.length ? ` (${author.sameAs.join(', ')})` : '';
  return `Written by ${author.name}${role ? `, ${role}` : ''}${profiles}.${bio ? ` ${bio}` : ''}`;
}

/** The site and author profile every part opens with: the name, the description, the author and the licence. */
function profile(data: SiteData, lang: Lang, part: number, baseUrl: string): string {
  const { site } = data;
  const title = `${site.name}: every post in ${languageName(lang)} in full${part === 1 ? '' : `, part ${part}`}`;
  const license = site.license === null ? '' : ` Content licence: ${site.license}, reuse with attribution.`;
  return `# ${title}\n\n> ${site.description}\n\n${authorLine(data, lang)} Site: ${baseUrl}/.${license}\n`;
}

export interface LlmsFullOutput {
  /** Opens the body of a path. */
  open: (path: string) => GrowingText;
  /** Whether Folio writes a language's corpus at its first path (not where the owner's file is served). */
  folioWrites: (path: string) => boolean;
  partBytes?: number;
}

/**
 * Writes each language's parts as its posts' twins come, newest first: `add` takes one post's
 * twin, `end` closes every part and resolves to them all.
 */
export function llmsFullWriter(
  data: SiteData,
  baseUrl: string,
  { open, folioWrites, partBytes = LLMS_FULL_PART_BYTES }: LlmsFullOutput,
) {
  const { languages } = data.site;
  const written = new Map<Lang, LlmsFullPart[]>();
  const current = new Map<Lang, { body: GrowingText; part: LlmsFullPart }>();

  const openPart = async (lang: Lang, number: number) => {
    const part = { path: llmsFullPath(languages, lang, number), bytes: 0, posts: 0 };
    const body = open(part.path);
    const opening = profile(data, lang, number, baseUrl);
    await body.add(opening);
    part.bytes += byteLength(opening);
    written.get(lang)?.push(part);
    current.set(lang, { body, part });
    return { body, part };
  };
  /** Closes a part, with the link to the one that follows it if any. */
  const closePart = async (
    { body, part }: { body: GrowingText; part: LlmsFullPart },
    lang: Lang,
    next?: number,
  ) => {
    if (next !== undefined) {
      const link = `\n---\n\nContinued in part ${next}: ${baseUrl}${llmsFullPath(languages, lang, next)}\n`;
      await body.add(link);
      part.bytes += byteLength(link);
    }
    await body.end();
  };

  return {
    async add(lang: Lang, twin: string) {
      if (!written.has(lang)) {
        if (!folioWrites(llmsFullPath(languages, lang))) return;
        written.set(lang, []);
      }
      let part = current.get(lang) ?? (await openPart(lang, 1));
      const text = `\n${twin}`;
      const bytes = byteLength(text);
      if (part.part.posts > 0 && part.part.bytes + bytes + NEXT_LINK_BYTES > partBytes) {
        const number = (written.get(lang)?.length ?? 0) + 1;
        await closePart(part, lang, number);
        part = await openPart(lang, number);
      }
      await part.body.add(text);
      part.part.bytes += bytes;
      part.part.posts += 1;
    },
    /** Closes every part; a language of no post gets a corpus of its profile alone. */
    async end(): Promise<LlmsFullParts> {
      for (const lang of languages) {
        if (!written.has(lang) && folioWrites(llmsFullPath(languages, lang))) {
          written.set(lang, []);
          await openPart(lang, 1);
        }
      }
      for (const [lang, part] of current) await closePart(part, lang);
      return written;
    },
  };
}

const approximately = (bytes: number) => Math.max(1, Math.round(bytes / BYTES_PER_TOKEN / 1000)) * 1000;

/**
 * The llms.txt list items of a language's parts, each with its size:
 * `- [Every post in English in full, part 1 of 2](url): 1,998,211 bytes, about 500,000 tokens, 812 posts`.
 */
export function llmsFullItems(
  parts: LlmsFullParts,
  languages: readonly Lang[],
  lang: Lang,
  baseUrl: string,
): string[] {
  const own = parts.get(lang);
  const everyPost = `Every post in ${languageName(lang)} in full`;
  if (own === undefined)
    return [`- [${everyPost}](${baseUrl}${llmsFullPath(languages, lang)}): the site's own file`];
  const number = new Intl.NumberFormat('en');
  return own.map((part, i) => {
    const name = `${everyPost}${own.length > 1 ? `, part ${i + 1} of ${own.length}` : ''}`;
    const size = `${number.format(part.bytes)} bytes, about ${number.format(approximately(part.bytes))} tokens`;
    return `- [${name}](${baseUrl}${part.path}): ${size}, ${number.format(part.posts)} posts in Markdown`;
  });
}
