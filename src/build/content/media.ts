/**
 * Files a post, series or deck keeps beside it (Astro's `./cover.png`): referenced by a path
 * relative to the entry's file, published under `/_media/<path in the content folder>` (with a
 * hash of the file's bytes in its name: src/build/site-folder/media-urls.ts). References are rewritten in the
 * Markdown itself, so the page and its twin point at the same published file.
 */
import { MEDIA_PREFIX } from '../../core/paths.ts';
import { outsideCode } from '../site/render/code-spans.ts';
import { mapSrcset } from '../site/render/srcset.ts';
import { rewriteAttributes } from './html-tags.ts';

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

/**
 * The URL of a file beside an entry: `/_media/<its path in the content folder>`, with `hash` (of
 * its bytes, when the build knows them) before its extension, `cover.3f9a1c2b5d7e.png`, so the
 * URL changes whenever the file does.
 */
export function mediaUrl(path: string, hash?: string): string {
  const parts = path.split('/').map((part) => (part === '..' ? PARENT : encodeURIComponent(part)));
  if (hash !== undefined) {
    const name = parts.pop() as string;
    const dot = name.lastIndexOf('.');
    parts.push(dot > 0 ? `${name.slice(0, dot)}.${hash}${name.slice(dot)}` : `${name}.${hash}`);
  }
  return MEDIA_PREFIX + parts.join('/');
}

/** Where a file beside an entry is published, by its path in the content folder. */
export type MediaUrlOf = (path: string) => string;

/** `![alt](target "title")`, the target maybe in <> (and then it may hold spaces). */
const MARKDOWN_IMAGE = /(!\[[^\]\n]*\]\(\s*)(<[^>\n]*>|[^\s)]+)/g;
/** An image by reference: `![alt][label]`, `![label][]` or `![label]`. */
const IMAGE_BY_REFERENCE = /!\[([^\]\n]*)\](?!\()(?:\[([^\]\n]*)\])?/g;
/** A link reference definition: `[label]: target`, the target maybe in <>. */
const DEFINITION = /^( {0,3}\[([^\]\n]+)\]:\s*)(<[^>\n]*>|\S+)/;
/** The attributes of raw HTML media elements that name files. */
const MEDIA_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
};
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** What a body with an image, by Markdown, reference or raw HTML element, holds. */
const MAY_REFER = /!\[|<(?:img|source|video|audio|track)\b/i;

/** A Markdown destination with its file published: `published` is given the target without its <>. */
const destination = (written: string, published: (ref: string) => string) =>
  written.startsWith('<') ? `<${published(written.slice(1, -1))}>` : published(written);

/** Labels match case-insensitively, with runs of white space as one space. */
const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** The labels of the reference definitions images use. */
function imageLabels(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(IMAGE_BY_REFERENCE)].map(([, alt, label]) => labelKey(label || (alt as string))),
  );
}

/**
 * The Markdown with every relative image outside code (Markdown images, the reference definitions
 * images use, and `src`, `srcset` and `poster` of raw HTML media elements) pointing at its
 * published URL, and the references it made. `firstLine` is the body's first line in the file.
 */
export function withMediaUrls(
  file: string,
  markdown: string,
  firstLine = 1,
  urlOf: MediaUrlOf = mediaUrl,
): { markdown: string; references: MediaReference[] } {
  // Most bodies show no image: they are kept as they are (the same string, no copy of it).
  if (!MAY_REFER.test(markdown)) return { markdown, references: [] };
  const references: MediaReference[] = [];
  const labels = imageLabels(markdown);
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
    const published = (ref: string) => {
      if (!isRelativeReference(ref)) return ref;
      const path = contentPathOf(file, ref);
      references.push({ file, line: firstLine + i, ref, path });
      return path === null ? ref : urlOf(path);
    };
    const definition = DEFINITION.exec(text);
    if (definition && labels.has(labelKey(definition[2] as string)))
      return text.replace(
        DEFINITION,
        (_, before: string, _label, ref: string) => before + destination(ref, published),
      );
    return outsideCode(text, (part) =>
      rewriteAttributes(
        part.replace(
          MARKDOWN_IMAGE,
          (_, before: string, ref: string) => before + destination(ref, published),
        ),
        (tag, attribute, value) => {
          if (!MEDIA_ATTRIBUTES[tag]?.includes(attribute)) return value;
          return attribute === 'srcset' ? mapSrcset(value, published) : published(value);
        },
      ),
    );
  });
  return { markdown: lines.join('\n'), references };
}
