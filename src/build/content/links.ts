/**
 * The links and images a body points at inside the site, with the line of the file each is written
 * on, for the build to report those that will not resolve (src/build/link-check.ts).
 */
import type { Token } from 'markdown-it';
import { parseMarkdown } from '../site/render/markdown.ts';
import { srcsetCandidates } from '../site/render/srcset.ts';
import { type StartTag, startTags } from './html-tags.ts';

export interface LinkRef {
  /** The content file, and the 1-based line the target is written on. */
  file: string;
  line: number;
  kind: 'link' | 'image';
  /** As written. */
  target: string;
  /** The site path it stands for, taken from the page it is on, without query or fragment. */
  path: string;
}

/** A scheme (`https:`, `mailto:`), a protocol-relative `//host`, or a fragment or query alone. */
const NOT_A_SITE_PATH = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\?)/i;

/** A link or image of a body, as written. */
export interface LinkTarget {
  kind: LinkRef['kind'];
  target: string;
}

/** What an attribute of raw HTML that names an address points at: `href` a link, the others an image or media file. */
function attributeTargets({ name, value }: StartTag['attributes'][number]): LinkTarget[] {
  if (name === 'href') return [{ kind: 'link', target: value }];
  if (name === 'src' || name === 'poster') return [{ kind: 'image', target: value }];
  if (name === 'srcset') return srcsetCandidates(value).map(({ url }) => ({ kind: 'image', target: url }));
  return [];
}

function htmlTargets(html: string): LinkTarget[] {
  return startTags(html).flatMap((tag) => tag.attributes.flatMap(attributeTargets));
}

function tokenTargets(token: Token): LinkTarget[] {
  if (token.type === 'link_open') return [{ kind: 'link', target: String(token.attrGet('href') ?? '') }];
  if (token.type === 'image') return [{ kind: 'image', target: String(token.attrGet('src') ?? '') }];
  if (token.type === 'html_inline' || token.type === 'html_block') return htmlTargets(token.content);
  return (token.children ?? []).flatMap(tokenTargets);
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The 1-based line of the first place `target` is written in `text` (the first line when not found). */
function lineOf(text: string, target: string): number {
  const at = text.indexOf(target);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** Every link and image of a body, in order, from the tokens it was rendered from. */
export const linkTargets = (tokens: readonly Token[]): LinkTarget[] => tokens.flatMap(tokenTargets);

/**
 * Every link and image of a body, parsing it for them. Without `](`, `]:` or a tag it has none that
 * could be internal: the parser finds only bare URLs then, which name their scheme.
 */
export function bodyLinkTargets(markdown: string): LinkTarget[] {
  return /\]\(|\]:|<[A-Za-z]/.test(markdown) ? linkTargets(parseMarkdown(markdown)) : [];
}

/**
 * The internal links and images among a body's `targets`, on the page at `pagePath`; `text` is
 * the file as written.
 */
export function siteLinks(
  file: string,
  text: string,
  targets: readonly LinkTarget[],
  pagePath: string,
): LinkRef[] {
  const seen = new Set<string>();
  return targets
    .filter(({ target }) => target !== '' && !NOT_A_SITE_PATH.test(target))
    .flatMap(({ kind, target }) => {
      const written = decoded(target);
      if (seen.has(`${kind} ${written}`)) return [];
      seen.add(`${kind} ${written}`);
      const path = decoded(new URL(target, `http://site${pagePath}`).pathname);
      return [{ file, line: lineOf(text, written), kind, target: written, path }];
    });
}
