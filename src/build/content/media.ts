/**
 * Files a post, series or deck keeps beside it (Astro's `./cover.png`): referenced by a path
 * relative to the entry's file, published at `/_media/<path in the content folder>`. References
 * are rewritten in the Markdown itself, so the page and its twin point at the same published file.
 */
import { MEDIA_PREFIX } from '../../core/paths.ts';

/** A relative reference an entry makes, where its file is, and the line it is on. */
export interface MediaReference {
  file: string;
  line: number;
  /** As written, such as `./cover.png`. */
  ref: string;
  /**
   * The file it names, relative to the content folder (`../assets/a.png` for Astro's
   * `src/assets`, beside the content folder); null when it is not a path.
   */
  path: string | null;
}

/** A reference that is neither a URL (`https:`, `data:`, `//host`), a site path nor a fragment. */
export function isRelativeReference(ref: string): boolean {
  return ref !== '' && !/^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(ref);
}

/**
 * `./img/a.png` from `blog/en/post.md` -> `blog/en/img/a.png`; `../../../assets/a.png` ->
 * `../assets/a.png` (outside the content folder, which only Astro's layout reads files from).
 */
export function contentPathOf(file: string, ref: string): string | null {
  const parts = file.split('/').slice(0, -1);
  let up = 0;
  let target: string;
  try {
    target = decodeURI(ref.replace(/[?#].*$/, ''));
  } catch {
    target = ref;
  }
  for (const part of target.split('/')) {
    if (part === '..') {
      if (parts.length === 0) up++;
      else parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.length > 0 ? [...Array<string>(up).fill('..'), ...parts].join('/') : null;
}

/** How a `..` of a path outside the content folder is written in its URL (no name of the folder starts with `_`). */
const PARENT = '_parent';

export const mediaUrl = (path: string): string =>
  MEDIA_PREFIX +
  path
    .split('/')
    .map((part) => (part === '..' ? PARENT : encodeURIComponent(part)))
    .join('/');

/** The path in the content folder of a decoded /_media/ URL path. */
export const mediaPathOfUrl = (url: string): string =>
  url
    .slice(MEDIA_PREFIX.length)
    .split('/')
    .map((part) => (part === PARENT ? '..' : part))
    .join('/');

// `![alt](target "title")` (the target maybe in <>), and `src="…"` of raw HTML media elements.
const MARKDOWN_IMAGE = /(!\[[^\]\n]*\]\(\s*<?)([^\s)>]+)/g;
const HTML_SOURCE = /(<(?:img|source|video|audio)\b[^>]*?\b(?:src|poster)\s*=\s*["']?)([^"'\s>]+)/gi;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const EXPLICIT_RELATIVE = /^\.\.?\//;
/** What every line MARKDOWN_IMAGE or HTML_SOURCE matches holds. */
const MAY_REFER = /!\[|<(?:img|source|video|audio)\b/i;

/**
 * The Markdown with every relative image (outside fenced code) pointing at its published URL, and
 * the references it made. `firstLine` is the body's first line in the file.
 */
export function withMediaUrls(
  file: string,
  markdown: string,
  firstLine = 1,
): { markdown: string; references: MediaReference[] } {
  // Most bodies show no image: they are kept as they are (the same string, no copy of it).
  if (!MAY_REFER.test(markdown)) return { markdown, references: [] };
  const references: MediaReference[] = [];
  let fence: string | null = null;
  const lines = markdown.split('\n').map((text, i) => {
    const opening = FENCE.exec(text)?.[1];
    if (fence !== null) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      return text;
    }
    if (opening) {
      fence = opening;
      return text;
    }
    const rewrite = (_: string, before: string, ref: string) => {
      if (!isRelativeReference(ref)) return before + ref;
      const path = contentPathOf(file, ref);
      references.push({ file, line: firstLine + i, ref, path });
      return before + (path === null ? ref : mediaUrl(path));
    };
    // In raw HTML only an explicit `./` or `../` names a file beside the entry: a bare word may be
    // text inside another tag's attribute (`title="<img src=x>"`), which no reader loads.
    const rewriteExplicit = (match: string, before: string, ref: string) =>
      EXPLICIT_RELATIVE.test(ref) ? rewrite(match, before, ref) : match;
    return text.replace(MARKDOWN_IMAGE, rewrite).replace(HTML_SOURCE, rewriteExplicit);
  });
  return { markdown: lines.join('\n'), references };
}
